// The built-in agents, listed by hand, and how to recognise one from a process or an app name.
import { identityByName, identityOfProcess, type AgentIdentity } from './agents.js';
import { aider } from './aider.js';
import { claudeCode } from './claude-code.js';
import { codex } from './codex.js';
import { gemini } from './gemini.js';
import { opencode } from './opencode.js';
import type { AgentDefinition } from './rule.js';

export const AGENTS: readonly AgentDefinition[] = [claudeCode, codex, gemini, aider, opencode];

/** The built-in agent an OSC 7501 `app` or an executable name means, if any. */
export function agentByName(name: string | null | undefined): AgentDefinition | null {
  return definitionOf(identityByName(name));
}

/** The built-in agent a process runs, with its rules (see identityOfProcess). */
export function agentOfProcess(argv: string[], resolvedScript?: string | null): AgentDefinition | null {
  return definitionOf(identityOfProcess(argv, resolvedScript));
}

function definitionOf(identity: AgentIdentity | null): AgentDefinition | null {
  return identity && (AGENTS.find((a) => a.agent === identity.agent) ?? null);
}
