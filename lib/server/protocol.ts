// The wire protocol between thurm's server and its clients, over WebSocket on a Unix socket.
//
// Rules a peer must follow:
// - Text frames carry one JSON object each; binary frames carry terminal bytes of an attach
//   stream and are only valid after an accepted `attach` request.
// - A request has a client-chosen `id` (number or string) and a literal `type`; the server
//   answers each request exactly once with a Reply carrying the same id.
// - Frames larger than MAX_FRAME are refused by closing the connection (code 1009); a frame
//   that is not a valid request gets a Reply with `ok: false` and code PROTOCOL_ERROR.
// - Requests carrying an HTTP `Origin` header are refused at the upgrade.
// - After `attach`, the client sends input as binary frames (at most MAX_FRAME each) and
//   `resize` messages; the server sends screen bytes as binary frames and `detached` last.
// Bump PROTOCOL_VERSION when a change would confuse an older peer.
import type { ErrorCode } from '../errors.js';

export const PROTOCOL_VERSION = 1;
export const MAX_FRAME = 64 * 1024;

/** The keys every request may carry besides its own fields. */
export const ENVELOPE_KEYS = ['id', 'type', 'version'] as const;

export type RequestId = number | string;

export interface Size { cols: number; rows: number }

/** The largest window thurm draws: wider than any real terminal, small enough to stay cheap. */
export const MAX_SIZE = { cols: 1000, rows: 500 };

/**
 * A value from the wire as an error message shows it: a scalar's text, cut at `max`, else its
 * kind. String() of a nested array recurses as deep as the array goes, and a 64 KiB frame can
 * nest 32,000 deep: past the stack.
 */
export function shown(v: unknown, max = 64): string {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v).slice(0, max);
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : typeof v;
}

/** A size from the wire, or null when it is not one thurm accepts. */
export function checkSize(raw: unknown): Size | null {
  const size = raw as { cols?: unknown; rows?: unknown } | null | undefined;
  const cols = Number(size?.cols), rows = Number(size?.rows);
  const ok = Number.isInteger(cols) && Number.isInteger(rows) && cols >= 1 && rows >= 1 && cols <= MAX_SIZE.cols && rows <= MAX_SIZE.rows;
  return ok ? { cols, rows } : null;
}

/**
 * `term` is the client's TERM, `truecolor` whether its COLORTERM says truecolor/24bit, `utf8`
 * whether its locale (LC_ALL, LC_CTYPE or LANG) is UTF-8 (absent: UTF-8, as before it existed).
 */
/** `readOnly`: an observer that cannot type, size the window or detach others (`attach --read-only`). */
export interface AttachRequest { id: RequestId; type: 'attach'; version: number; size: Size; term: string; truecolor: boolean; utf8?: boolean; readOnly?: boolean }
export interface KillServerRequest { id: RequestId; type: 'kill-server' }
/** `size`: `N` cells or `N%` of the split pane; `detached`: the focus stays where it was. */
export interface SplitRequest { id: RequestId; type: 'split'; pane?: string; direction?: 'right' | 'down'; cwd?: string; argv?: string[]; size?: string; detached?: boolean }
export interface ListRequest { id: RequestId; type: 'list' }
export interface SendRequest { id: RequestId; type: 'send'; pane?: string; text?: string; keys?: string[]; enter?: boolean }
export interface CaptureRequest { id: RequestId; type: 'capture'; pane?: string }
export interface FocusRequest { id: RequestId; type: 'focus'; pane?: string; direction?: 'left' | 'right' | 'up' | 'down'; next?: boolean; urgent?: boolean }
export interface KillPaneRequest { id: RequestId; type: 'kill-pane'; pane?: string }
export interface InfoRequest { id: RequestId; type: 'info' }
export interface ZoomRequest { id: RequestId; type: 'zoom'; pane?: string }
/** `width` / `height`: `N` cells or `N%` of the window; with neither, `direction` is required. */
export interface ResizePaneRequest { id: RequestId; type: 'resize-pane'; pane?: string; direction?: 'left' | 'right' | 'up' | 'down'; cells?: number; width?: string; height?: string }
export interface RenamePaneRequest { id: RequestId; type: 'rename-pane'; pane?: string; title?: string | null }
export interface RespawnPaneRequest { id: RequestId; type: 'respawn-pane'; pane?: string; kill?: boolean; cwd?: string; argv?: string[] }
export interface EqualizeRequest { id: RequestId; type: 'equalize' }
export interface DetachRequest { id: RequestId; type: 'detach' }

export type Request =
  | AttachRequest | KillServerRequest | SplitRequest | ListRequest | SendRequest | CaptureRequest
  | FocusRequest | KillPaneRequest | InfoRequest | ZoomRequest | ResizePaneRequest | EqualizeRequest | RenamePaneRequest | RespawnPaneRequest
  | DetachRequest | WaitRequest | AgentReportRequest | AgentReleaseRequest | AgentPromptRequest
  | AgentExplainRequest;

export type Reply =
  | { id: RequestId | null; ok: true; result: unknown }
  | { id: RequestId | null; ok: false; error: { code: ErrorCode; message: string } };

/** Sent by an attached client when its terminal changes size. */
export interface ResizeMessage { type: 'resize'; size: Size }

/** The last message an attached client receives before the server closes the stream. */
/** `too-slow`: the client did not read what the server sent and was dropped (server.ts MAX_QUEUED). */
/** `upgrading`: a new server build takes over the session; the client reconnects to it. */
/** `switch`: the client attaches session `session` next (it chose another session). */
export interface DetachedMessage { type: 'detached'; reason: 'detached' | 'session-ended' | 'server-exited' | 'too-slow' | 'upgrading' | 'switch'; session?: string }

export interface PaneSummary {
  id: string;
  focused: boolean;
  size: Size;
  command: string[];
  cwd: string;
  pid: number;
}

export interface PaneInfo extends PaneSummary {
  /** Index of the pane's window. */
  window: number;
  /** Where its content starts in the window (below its header); null while it is hidden. */
  position: { x: number; y: number } | null;
  title: string;
  foreground: { pid: number; pgid: number; argv: string[] } | null;
  status: { state: string; source: string; text: string; progress: number | null };
  programs: ProgramInfo[];
  agent: AgentInfo | null;
  /** The state from the agent's own hooks (`thurm agent hook`), while its owner runs in the foreground. */
  hook: HookInfo | null;
  exit: { exitCode: number; signal: number | null } | null;
}

export interface RecordInfo {
  id: string | null;
  state: string;
  kind: string | null;
  title: string | null;
  msg: string | null;
  progress: number | null;
  updatedAt: string;
}

export interface AgentInfo {
  agent: string;
  instance: string;
  ownerPid: number;
  status: string;
  turn: number;
  sessionId: string | null;
  message: string | null;
  resume: string[] | null;
}

export interface HookInfo {
  agent: string;
  ownerPid: number;
  status: string;
  /** The hook event that set this state (`SessionStart`, `Stop`...). */
  event: string;
  /** The agent's session, as its hooks gave it: what a restore resumes when no report gave one. */
  sessionId: string | null;
  message: string | null;
}

export interface AgentReportRequest {
  id: RequestId;
  type: 'agent-report';
  pane?: string;
  report: {
    agent: string;
    owner_pid: number;
    instance: string;
    sequence: number;
    status: 'idle' | 'working' | 'needs-input' | 'done';
    session_id?: string;
    message?: string;
    resume_argv?: string[];
  };
}
export interface AgentReleaseRequest { id: RequestId; type: 'agent-release'; pane?: string; owner_pid: number; instance: string; sequence: number }
export interface AgentPromptRequest { id: RequestId; type: 'agent-prompt'; pane?: string; text: string }
export interface WaitRequest { id: RequestId; type: 'wait'; pane?: string; state: string; timeout?: number }

export interface AgentExplainRequest { id: RequestId; type: 'agent-explain'; pane?: string }

export interface AgentExplanation {
  pane: string;
  state: string;
  source: string;
  /** What the pane shows, hashed: `thurm agent answer --expect` checks it is still so. */
  digest: string;
  foreground: { pid: number; pgid: number; argv: string[]; agent: string | null } | null;
  rules: { id: string; agent: string; state: string; patterns: string[]; overridden: boolean }[];
  screen: string[];
  idleThresholdMs: number;
  lastOutputMs: number | null;
  programStatus: { id: string | null; app: string | null; state: string; kind: string | null; title: string | null; msg: string | null; progress: number | null } | null;
  report: { agent: string; instance: string; ownerPid: number; status: string; message: string | null } | null;
}

export interface ProgramInfo { app: string | null; records: RecordInfo[] }

export interface SessionInfo {
  session: string;
  serverPid: number;
  clients: number;
  /** `active`: the window's focused pane. */
  windows: { index: number; id: string; name: string; current: boolean; last: boolean; panes: string[]; active: string; state: string }[];
  panes: PaneInfo[];
  /** The session file: where, when last saved (ISO), and the error of a failing save. */
  save: { file: string | null; savedAt: string | null; error: string | null };
  /** What the restore that started this server did, per pane. */
  restore: { from: string; savedAt: string; panes: { id: string; outcome: string; detail: string }[]; problems: string[] } | null;
}
export interface CaptureResult { pane: string; lines: string[] }

/** What a client hands the server process it starts (as its one argument, in JSON). */
export interface ServerSpec {
  session: string;
  socketPath: string;
  cwd: string;
  argv?: string[];
  size: Size;
  /** Restore the saved session: `saved` unless it ended on purpose, `always` (`thurm restore`) even then. */
  restore?: 'saved' | 'always';
  /** Started by `thurm server upgrade`: take over the session of the server that started this one. */
  handoff?: boolean;
}

/** Exit status of a server process that found another one already serving its socket. */
export const EXIT_ALREADY_RUNNING = 3;
