// The built-in agents, listed by hand, and how to recognise one from a process or an app name.
import path from 'node:path';
import { isInterpreter, scriptOf } from '../../command-line.js';
import { aider } from './aider.js';
import { claudeCode } from './claude-code.js';
import { codex } from './codex.js';
import { gemini } from './gemini.js';
import { opencode } from './opencode.js';
import type { AgentDefinition } from './rule.js';

export const AGENTS: readonly AgentDefinition[] = [claudeCode, codex, gemini, aider, opencode];

/** The built-in agent an OSC 7501 `app` or an executable name means, if any. */
export function agentByName(name: string | null | undefined): AgentDefinition | null {
  if (!name) return null;
  const n = name.toLowerCase();
  return AGENTS.find((a) => a.names.includes(n)) ?? null;
}

/**
 * The agent a process runs: its executable's name, or for interpreters and launchers the
 * script they run (`resolvedScript` is that script with symlinks resolved, when known).
 */
export function agentOfProcess(argv: string[], resolvedScript?: string | null): AgentDefinition | null {
  const direct = agentByName(path.basename(argv[0] ?? ''));
  if (direct) return direct;
  if (!isInterpreter(argv)) return null;
  const script = scriptOf(argv) ?? '';
  const byName = agentByName(path.basename(script).replace(/\.(m?js|cjs|py)$/, ''));
  if (byName) return byName;
  const joined = [script, resolvedScript ?? '', argv.slice(1, 3).join(' ')].join('\n');
  return AGENTS.find((a) => a.scripts.some((s) => joined.includes(s))) ?? null;
}
