// The built-in agents by name, and how to tell which one a process runs: what `thurm agent
// hook` needs, apart from the detection rules (index.ts joins each agent to its rules).
import path from 'node:path';
import { isInterpreter, scriptOf } from '../../command-line.js';

export interface AgentIdentity {
  agent: string;
  /** Names that mean this agent: executable basenames and OSC 7501 `app` values. */
  names: string[];
  /** Substrings of a wrapper's script path (node, python...) that mean this agent. */
  scripts: string[];
}

export const AGENT_IDENTITIES = {
  'claude-code': { agent: 'claude-code', names: ['claude', 'claude-code'], scripts: ['@anthropic-ai/claude-code', 'claude-code/cli'] },
  codex: { agent: 'codex', names: ['codex'], scripts: ['@openai/codex', 'codex-cli', '/codex.js', 'bin/codex'] },
  gemini: { agent: 'gemini', names: ['gemini', 'gemini-cli'], scripts: ['@google/gemini-cli', 'gemini-cli/dist', 'bin/gemini'] },
  aider: { agent: 'aider', names: ['aider', 'aider-chat'], scripts: ['/aider', 'aider/main', 'aider.main', '-m aider'] },
  opencode: { agent: 'opencode', names: ['opencode'], scripts: ['opencode-ai', '/opencode'] },
} satisfies Record<string, AgentIdentity>;

const IDENTITIES: readonly AgentIdentity[] = Object.values(AGENT_IDENTITIES);

/** The built-in agent an OSC 7501 `app` or an executable name means, if any. */
export function identityByName(name: string | null | undefined): AgentIdentity | null {
  if (!name) return null;
  const n = name.toLowerCase();
  return IDENTITIES.find((a) => a.names.includes(n)) ?? null;
}

/**
 * The agent a process runs: its executable's name, or for interpreters and launchers the
 * script they run (`resolvedScript` is that script with symlinks resolved, when known).
 */
export function identityOfProcess(argv: string[], resolvedScript?: string | null): AgentIdentity | null {
  const direct = identityByName(path.basename(argv[0] ?? ''));
  if (direct) return direct;
  if (!isInterpreter(argv)) return null;
  const script = scriptOf(argv) ?? '';
  const byName = identityByName(path.basename(script).replace(/\.(m?js|cjs|py)$/, ''));
  if (byName) return byName;
  const joined = [script, resolvedScript ?? '', argv.slice(1, 3).join(' ')].join('\n');
  return IDENTITIES.find((a) => a.scripts.some((s) => joined.includes(s))) ?? null;
}
