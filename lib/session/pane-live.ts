// What a live pane is beyond its pty, as one server hands it to the next (`server upgrade`,
// handoff.ts): plain data, so fields added later must be optional for an older server's.
import type { HookHandover } from '../agent/hook.js';
import type { OwnershipState } from '../agent/ownership.js';
import type { ProgramStatusState } from '../status/program-status.js';
import type { TerminalState } from '../term/pane-terminal.js';
import type { Launch } from './launch-env.js';
import type { TimelineEntry } from './timeline.js';

export interface PaneLive {
  terminal: TerminalState;
  programTitle: string;
  titleOwner: number | null;
  rang: boolean;
  notice: string | null;
  /** Absent from builds before titles could be set. */
  givenTitle?: string | null;
  status: ProgramStatusState;
  agent: OwnershipState;
  hook: HookHandover | null;
  /** The report turn whose done was seen; absent from builds before it was kept. */
  seenReport?: { instance: string; turn: number } | null;
  /** The command line that started the foreground group; absent from builds before it was kept. */
  launch?: Launch | null;
  /** The status changes so far; absent from builds before they were kept. */
  timeline?: TimelineEntry[];
}
