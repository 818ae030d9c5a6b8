// What a detection rule is: data, not code. A rule names a state (or `ignore`, for viewers
// and pickers that must not change the state) and patterns matched on the live screen only.
import type { Kind } from '../../status/osc7501.js';
import type { AgentIdentity } from './agents.js';

export type DetectedState = 'working' | 'blocked' | 'idle';

export interface Rule {
  /** Unique, `<agent>.<what>`, e.g. `claude-code.permission`. */
  id: string;
  agent: string;
  state: DetectedState | 'ignore';
  kind?: Kind;
  /** The rule matches when any pattern matches (every pattern, with `all`). */
  patterns: RegExp[];
  all?: boolean;
  /** Where to look: the last `lines` non-blank rows of the screen (default all), or the title. */
  where?: 'screen' | 'title';
  lines?: number;
}

/** The keys that answer an agent's prompt (`thurm agent answer`). */
export interface Answer {
  /** Picks option n (1-9) of a prompt. */
  choice(n: number): string;
  deny: string;
}

/** A built-in agent: how to recognise its process and its screens, and answer its prompts. */
export interface AgentDefinition extends AgentIdentity {
  rules: Rule[];
  answer?: Answer;
}
