// What a detection rule is: data, not code. A rule names a state (or `ignore`, for viewers
// and pickers that must not change the state) and patterns matched on the live screen only,
// in the region of it where the agent itself draws what the rule looks for.
import type { Kind } from '../../status/osc7501.js';
import type { AgentIdentity } from './agents.js';

export type DetectedState = 'working' | 'blocked' | 'idle';

/**
 * Where on the live screen a rule looks, so text the agent did not draw there (a transcript
 * quoting "esc to interrupt", a status line under the prompt box) does not count.
 * - `above`: the rows just above the agent's prompt box (its spinner row and what hangs under
 *   it): the block of at most `rows` non-blank rows ending at the blank row or box border
 *   before the last match of `box`, a multiline pattern whose match starts at the box's top.
 *   No region while no prompt box shows.
 * - `dialog`: the agent's dialog, from the start of the last match of `top` (a multiline
 *   pattern for its top border) to the end of the screen; no region while the prompt box
 *   (`prompt`) shows, as the agent hides it while it asks.
 */
export type Region =
  | { above: RegExp; rows: number }
  | { dialog: RegExp; prompt?: RegExp };

export interface Rule {
  /** Unique, `<agent>.<what>`, e.g. `claude-code.permission`. */
  id: string;
  agent: string;
  state: DetectedState | 'ignore';
  kind?: Kind;
  /** The rule matches when any pattern matches (every pattern, with `all`). */
  patterns: RegExp[];
  all?: boolean;
  /**
   * Where to look: the title, or the screen: its last `lines` non-blank rows (default all), or
   * the agent's own `region`, which wins over `lines`.
   */
  where?: 'screen' | 'title';
  lines?: number;
  region?: Region;
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
  /**
   * What on its screen (or in its title) only this agent draws: how it is known where its process
   * cannot be seen (in an ssh or mosh pane). Its dialogs hide most of it, so it is looked for at
   * its prompt and remembered while a dialog shows.
   */
  signature: { title?: RegExp; screen: RegExp };
}
