// What one server hands to the build that replaces it (`thurm server upgrade`): the session as
// it is, every pane's live state (screen and scrollback, modes, titles, records, report
// ownership with its sequence numbers, resume arguments) and, apart from this JSON, each
// pane's pty master fd. Sent over the IPC channel of the new process, never through a file.
import type { KeyBind } from './key-binds.js';
import type { Pane } from './pane.js';
import type { PaneLive } from './pane-live.js';
import type { PasteBuffer } from './paste-buffers.js';
import type { RecordingHandoff } from './pane-recordings.js';
import type { UsageHandoff } from './agent-usages.js';
import type { WindowSnapshot } from './windows.js';

export const HANDOFF_VERSION = 2;

export interface PaneHandoff {
  id: string;
  argv: string[];
  startCwd: string;
  size: { cols: number; rows: number };
  pid: number;
  /** The program's start time (/proc), so the new server can tell it from a reused pid. */
  startTime: number;
  ttyName: string | null;
  /** Index of the pane's master fd among the fds passed (null: the program had exited). */
  fd: number | null;
  exit: { exitCode: number; signal: number | null } | null;
  live: PaneLive;
  /** The state the pane showed and since when (ms since the epoch), so its age goes on; absent from older servers. */
  stateSince?: { state: string; since: number };
}

export interface Handoff {
  version: number;
  session: string;
  windows: WindowSnapshot[];
  /** Index of the current window. */
  current: number;
  nextId: number;
  size: { cols: number; rows: number };
  buffers: { buffers: PasteBuffer[]; created: number };
  panes: PaneHandoff[];
  /** What tools set through tmux: option values by scope, bound keys, the environment; absent from older servers. */
  tmux?: { options: [scope: string, name: string, value: string][]; binds: KeyBind[]; environment: [name: string, value: string | null][] };
  /** The panes' recordings (`thurm record`), which the new server appends to; absent from older servers. */
  recordings?: RecordingHandoff[];
  /** The agents' usage and the alerts already raised; absent from older servers. */
  usages?: UsageHandoff[];
}

/** Messages on the IPC channel between the old server and the new one, in this order. */
export type HandoffMessage =
  | { type: 'handoff'; handoff: Handoff }
  /** new -> old: every pane adopted; not listening yet. */
  | { type: 'ready' }
  /** old -> new: the old server stopped listening and let go of the lock. */
  | { type: 'go' }
  /** new -> old: listening on the socket; the old server may exit. */
  | { type: 'listening'; pid: number }
  | { type: 'failed'; error: string };

/**
 * What the new server needs of each pane, and the master fds to pass along (a pane whose
 * program exited has none); `startTime` reads a program's start time from /proc.
 */
export function paneHandoffs(panes: readonly Pane[], startTime: (pid: number) => number): { panes: PaneHandoff[]; fds: number[] } {
  const fds: number[] = [];
  const handoffs = panes.map((p): PaneHandoff => {
    const fd = p.exit ? null : p.pty.fd;
    if (fd !== null) fds.push(fd);
    return {
      id: p.id, argv: p.argv, startCwd: p.startCwd, size: p.size, pid: p.pid, startTime: startTime(p.pid),
      ttyName: p.pty.ttyName, fd: fd === null ? null : fds.length - 1, exit: p.exit, live: p.handover(),
    };
  });
  return { panes: handoffs, fds };
}
