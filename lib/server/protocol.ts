// The wire protocol between thurm's server and its clients, over WebSocket on a Unix socket.
//
// Rules a peer must follow:
// - Text frames carry one JSON object each; binary frames carry terminal bytes of an attach
//   stream and are only valid after an accepted `attach` request.
// - A request has a client-chosen `id` (number or string), a literal `type` and the `version`
//   of the protocol it speaks (a request of another version is refused, naming both); the
//   server answers each request exactly once with a Reply carrying the same id.
// - Each request's fields are declared once: a command's in its module (lib/commands), the
//   connection modes' (attach, subscribe) here. A field that is not declared is refused;
//   `thurm schema` prints them all as JSON Schema.
// - Frames larger than MAX_FRAME are refused by closing the connection (code 1009); a frame
//   that is not a request thurm speaks (not an object, an unknown type, another version) gets a
//   Reply with `ok: false` and code PROTOCOL_ERROR, a field that breaks its declaration one with
//   INVALID_ARGUMENT naming the field.
// - Requests carrying an HTTP `Origin` header are refused at the upgrade.
// - After `attach`, the client sends input as binary frames (at most MAX_FRAME each) and
//   `resize` messages; the server sends screen bytes as binary frames and `detached` last.
// Bump PROTOCOL_VERSION when a change would confuse an older peer.
import type { Command } from '../commands/command.js';
import type { COMMAND_MODULES } from '../commands/table.js';
import { ThurmError, type ErrorCode } from '../errors.js';
import { field, type Input, type Output, type Shape } from '../fields.js';
import { MAX_TITLE } from '../sanitize.js';
import { KINDS, STATES } from '../status/osc7501.js';
import { NOTIFICATION_CAUSES, SOURCES } from '../status/program-status.js';
import { USAGE_FIELD } from '../agent/usage.js';

export const PROTOCOL_VERSION = 1;
export const MAX_FRAME = 64 * 1024;

/** The keys every request may carry besides its own fields. */
export const ENVELOPE_KEYS = ['id', 'type', 'version'] as const;

export type RequestId = number | string;
/** The longest string a request's id may be; a longer one is not echoed back. */
export const MAX_REQUEST_ID = 128;

export interface Size { cols: number; rows: number }

export { MAX_SIZE } from '../session/client-sizes.js';
import { MAX_SIZE } from '../session/client-sizes.js';
import { MAX_ENV_VALUE, MAX_ENV_VARS } from '../session/session-env.js';

/**
 * A value from the wire as an error message shows it: a scalar's text, cut at `max`, else its
 * kind. String() of a nested array recurses as deep as the array goes, and a 64 KiB frame can
 * nest 32,000 deep: past the stack.
 */
export function shown(v: unknown, max = 64): string {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v).slice(0, max);
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : typeof v;
}

/**
 * Refuses a request of another protocol version, naming both. A request without one is taken
 * as of this version (key bindings, hand-written scripts) unless `required` (attach).
 */
export function checkVersion(raw: Record<string, unknown>, required = false): void {
  const v = raw.version;
  if (v === PROTOCOL_VERSION || (v === undefined && !required)) return;
  throw new ThurmError('PROTOCOL_ERROR', `protocol version mismatch: request ${v === undefined ? 'none' : shown(v, 16)}, server ${PROTOCOL_VERSION}: use a thurm client of the server's build`);
}

const SIZE = field.object({ cols: field.int({ min: 1, max: MAX_SIZE.cols }), rows: field.int({ min: 1, max: MAX_SIZE.rows }) });

/** A size, or null when it is not one thurm accepts. */
export function checkSize(raw: unknown): Size | null {
  try {
    return SIZE.check(raw, 'size');
  } catch {
    return null;
  }
}

const PANE_ID = field.string({ max: 32 });
/** A program's argv as the kernel allows it (an argument of at most 128 KiB). */
const ARGV = field.array(field.string({ max: 131_072 }), { max: 1 << 20 });
const STATUS_FIELDS = {
  state: field.enum([...STATES, 'none']),
  source: field.enum(SOURCES),
  kind: field.enum(KINDS).nullable().describe('what a blocked pane waits for'),
  app: field.string({ max: 64 }).nullable(),
  text: field.string({ max: 4096 }),
  progress: field.int({ min: 0, max: 100 }).nullable(),
  seq: field.int({ min: 1 }).describe('counts the pane\'s status changes: `info` shows the status the event with this number announced'),
};
/** A pane's status as `info` gives it and events carry it: the winning source's state, text, progress, blocked kind and app. */
export const PANE_STATUS = field.object(STATUS_FIELDS);
const WINDOW_FIELDS = {
  window: field.string({ max: 16 }).describe('its id, `@N`'),
  index: field.int({ min: 0 }),
  name: field.string({ max: MAX_TITLE }),
  panes: field.array(PANE_ID).describe('its panes in layout order'),
};
const PANE_STARTED = { command: ARGV, cwd: field.string(), title: field.string({ max: MAX_TITLE }), status: PANE_STATUS };

/**
 * Every event of the events stream: whether it names a pane (`pane`), and the fields it carries
 * besides `type`, `seq`, `at` and `pane`. The stream's code, its types and the schema come from here.
 */
export const EVENTS = {
  'pane-added': { pane: true, describe: 'a pane was opened (split, new window, restore)', fields: PANE_STARTED },
  'pane-closed': { pane: true, describe: 'a pane was closed', fields: {} },
  'pane-exited': { pane: true, describe: 'the program of a pane ended', fields: { exitCode: field.int(), signal: field.int().nullable() } },
  'pane-respawned': { pane: true, describe: 'another program runs in the same pane (`respawn-pane`)', fields: PANE_STARTED },
  'focus-changed': { pane: true, describe: 'the pane has the focus', fields: {} },
  'layout-changed': { pane: false, describe: 'the current window\'s panes moved, came, went or zoomed', fields: { panes: field.array(PANE_ID).describe('ids in layout order'), zoomed: PANE_ID.nullable() } },
  'title-changed': { pane: true, describe: 'a pane\'s title changed (at most four a second per pane, the latest always last: a spinner in a title is no stream of events)', fields: { title: field.string({ max: MAX_TITLE }) } },
  'status-changed': { pane: true, describe: 'a pane\'s committed status changed (each change once, with a new `seq`), or a blocked pane\'s dialog was drawn since (the same status, a new `digest`)', fields: { status: PANE_STATUS, digest: field.string({ max: 128 }).describe('of a blocked pane\'s screen, for `agent answer --expect`').optional() } },
  'usage-changed': { pane: true, describe: 'the pane\'s agent reported other usage figures (context, cost, limits), or its agent left (`usage` null); at most one a second per pane', fields: { usage: USAGE_FIELD.nullable() } },
  'agent-bound': { pane: true, describe: 'an agent instance took the pane with its reports', fields: { agent: field.string({ max: 64 }), instance: field.string({ max: 128 }), ownerPid: field.int({ min: 1 }), sessionId: field.string({ max: 256 }).nullable() } },
  'agent-released': { pane: true, describe: 'the instance let go of the pane, or was replaced', fields: { instance: field.string({ max: 128 }) } },
  notification: { pane: true, describe: 'the pane raised a notification', fields: { cause: field.enum(NOTIFICATION_CAUSES), title: field.string({ max: MAX_TITLE }), text: field.string({ max: 4096 }) } },
  'notification-delivered': {
    pane: true, describe: 'a `[[notify.route]]` command ran for the pane\'s notification (`notify`), again while unanswered (`repeat`), or once it was answered (`resolved`)',
    fields: { route: field.string({ max: 256 }), cause: field.enum(NOTIFICATION_CAUSES), kind: field.enum(['notify', 'repeat', 'resolved'] as const), ok: field.bool(), error: field.string({ max: 512 }).nullable().describe('why the command failed') },
  },
  'client-attached': { pane: false, describe: 'a client attached', fields: { client: field.string({ max: 64 }) } },
  'client-detached': { pane: false, describe: 'a client detached', fields: { client: field.string({ max: 64 }) } },
  'web-connected': { pane: false, describe: 'a browser opened the web view (`thurm web`): the overview, or a pane\'s screen', fields: { viewer: field.string({ max: 32 }), view: field.string({ max: 32 }).describe('`overview`, or the pane shown'), address: field.string({ max: 64 }).describe('the browser\'s address') } },
  'web-disconnected': { pane: false, describe: 'a browser closed the web view, or was cut off', fields: { viewer: field.string({ max: 32 }), view: field.string({ max: 32 }), address: field.string({ max: 64 }) } },
  'web-answered': { pane: false, describe: 'a browser answered a blocked pane (`thurm web --allow-answers`); `viewer` is its token\'s id', fields: { viewer: field.string({ max: 32 }), view: field.string({ max: 32 }).describe('the pane answered'), address: field.string({ max: 64 }) } },
  'window-added': { pane: false, describe: 'a window was opened', fields: WINDOW_FIELDS },
  'window-closed': { pane: false, describe: 'a window was closed', fields: { window: WINDOW_FIELDS.window } },
  'window-selected': { pane: false, describe: 'another window is current', fields: WINDOW_FIELDS },
  'window-renamed': { pane: false, describe: 'a window was given a name, or none (`rename-window`)', fields: WINDOW_FIELDS },
  'window-moved': { pane: false, describe: 'a window is at another index: moved there (`move-window`), or swapped places with the window moved', fields: WINDOW_FIELDS },
  'window-synchronized': { pane: false, describe: 'typed input goes to every pane of the window, or no longer does (`synchronize-panes`)', fields: { ...WINDOW_FIELDS, synchronize: field.bool() } },
  'session-renamed': { pane: false, describe: 'the session has another name (`session`)', fields: { from: field.string({ max: 256 }), session: field.string({ max: 256 }) } },
  'session-ended': { pane: false, describe: 'the session ended; always sent, whatever `types` asks for', fields: {} },
} as const satisfies Record<string, { pane: boolean; describe: string; fields: Shape }>;
export type EventType = keyof typeof EVENTS;
export const EVENT_TYPES = Object.keys(EVENTS) as EventType[];
/** The fields of an event of `K` besides its envelope. */
export type EventFields<K extends EventType> = Output<(typeof EVENTS)[K]['fields']>;

/**
 * The requests that turn a connection into a stream rather than a command of the table: `attach`
 * (terminal bytes both ways; its `version` is required) and `subscribe` (events, lib/server/events.ts).
 */
export const CONNECTION_MODES = {
  attach: {
    describe: 'Attach a terminal: the reply, then screen bytes in binary frames; send input as binary frames and resize messages',
    fields: {
      size: SIZE.describe('the client terminal\'s size'),
      term: field.string({ max: 256 }).describe('the client\'s TERM (default xterm-256color)').optional(),
      truecolor: field.bool().describe('its COLORTERM says truecolor or 24bit').default(false),
      utf8: field.bool().describe('its locale is UTF-8').default(true),
      readOnly: field.bool().describe('an observer: no typing, no resizing, no detaching others').default(false),
      lastSession: field.string({ max: 256 }).describe('the session this client switched from, for prefix L').optional(),
      detachOthers: field.bool().describe('every other client is detached first (tmux attach -d)').default(false),
      tty: field.object({
        path: field.string({ max: 256 }), dev: field.int({ min: 0 }), ino: field.int({ min: 0 }), rdev: field.int({ min: 0 }),
      }).describe('the client\'s terminal and its fstat identity: the server opens it itself when it can (the reply says `direct`)').optional(),
      environment: field.array(field.string({ max: MAX_ENV_VALUE + 129 }), { max: MAX_ENV_VARS })
        .describe('the client\'s variables as NAME=VALUE: those [session] update-environment names are copied into the session environment').optional(),
    },
  },
  subscribe: {
    describe: 'The session as `info` gives it, then every change as one event frame ({"type": "event", "event"})',
    fields: {
      pane: field.string({ max: 32 }).describe('only events of this pane (and of the session)').optional(),
      types: field.array(field.enum(EVENT_TYPES), { max: EVENT_TYPES.length }).describe('only events of these types').optional(),
    },
  },
} as const;

type Commands = { [K in keyof typeof COMMAND_MODULES]: Awaited<ReturnType<(typeof COMMAND_MODULES)[K]>> };
/** Every request type of the command table (aliases aside). */
export type RequestType = keyof Commands;
/** The fields a request of `K` carries, as its command declares them. */
export type RequestFields<K extends RequestType> = Commands[K] extends Command<infer S, any> ? Input<S> : never;
/** The result of a request of `K`: what its command's `run` returns. */
export type ResultOf<K extends RequestType> = Commands[K] extends Command<any, infer R> ? Awaited<R> : never;

type Envelope<K extends string> = { id?: RequestId; type: K; version?: number };
type ModeFields<K extends keyof typeof CONNECTION_MODES> = Input<(typeof CONNECTION_MODES)[K]['fields']>;
export type AttachRequest = Envelope<'attach'> & { version: number } & ModeFields<'attach'>;
export type SubscribeRequest = Envelope<'subscribe'> & ModeFields<'subscribe'>;
/** Any request a peer may send. */
export type Request = { [K in RequestType]: Envelope<K> & RequestFields<K> }[RequestType] | AttachRequest | SubscribeRequest;

export type Reply =
  | { id: RequestId | null; ok: true; result: unknown }
  | { id: RequestId | null; ok: false; error: { code: ErrorCode; message: string } };

/**
 * The text messages of an attached connection, besides its binary frames of terminal bytes
 * (keys from the client, the screen from the server).
 */
export const ATTACH_MESSAGES = {
  resize: {
    from: 'client',
    describe: 'the client\'s terminal changed size (a size past the largest window is clamped to it)',
    fields: { size: SIZE },
  },
  suspend: {
    from: 'server',
    describe: 'the user asked this client to suspend (prefix C-z): it gives its terminal back and stops itself; no frame comes until it sends resume',
    fields: {},
  },
  resume: {
    from: 'client',
    describe: 'the client runs again after a suspend (SIGCONT): its terminal is set up and drawn whole again, at this size',
    fields: { size: SIZE },
  },
  detached: {
    from: 'server',
    describe: 'the last message before the server closes the stream, and why: too-slow, the client did not read what it was sent; upgrading, a new server build takes over and the client reconnects to it; switch, the client attaches `session` next',
    fields: {
      reason: field.enum(['detached', 'session-ended', 'server-exited', 'too-slow', 'upgrading', 'switch']),
      session: field.string({ max: 256 }).optional(),
    },
  },
} as const;
export type ResizeMessage = { type: 'resize' } & Output<typeof ATTACH_MESSAGES.resize.fields>;
export type DetachedMessage = { type: 'detached' } & Output<typeof ATTACH_MESSAGES.detached.fields>;
export type ResumeMessage = { type: 'resume' } & Output<typeof ATTACH_MESSAGES.resume.fields>;

const OPTIONAL_TEXT = field.string({ max: 4096 }).nullable();
const ISO_TIME = field.string({ max: 64, format: 'date-time' });
const PID = field.int({ min: 0 });

/** A pane as `list` gives it. */
export const PANE_SUMMARY = {
  id: PANE_ID,
  focused: field.bool(),
  size: SIZE,
  command: ARGV,
  cwd: field.string(),
  pid: PID,
};
export type PaneSummary = Output<typeof PANE_SUMMARY>;

/** One OSC 7501 record of a pane, as `info` gives it. */
const RECORD_INFO = field.object({
  id: field.string({ max: 128 }).nullable(),
  state: field.enum(STATES),
  kind: field.enum(KINDS).nullable(),
  title: OPTIONAL_TEXT,
  msg: OPTIONAL_TEXT,
  progress: field.int({ min: 0, max: 100 }).nullable(),
  updatedAt: ISO_TIME,
});
export type RecordInfo = (typeof RECORD_INFO)['out'];
const PROGRAM_INFO = field.object({ app: field.string({ max: 64 }).nullable(), records: field.array(RECORD_INFO, { max: 256 }) });
export type ProgramInfo = (typeof PROGRAM_INFO)['out'];

/** The agent instance that owns a pane through its reports (`thurm agent report`). */
const AGENT_INFO = field.object({
  agent: field.string({ max: 64 }),
  instance: field.string({ max: 128 }),
  ownerPid: PID,
  status: field.string({ max: 32 }),
  turn: field.int({ min: 0 }),
  sessionId: field.string({ max: 256 }).nullable(),
  message: OPTIONAL_TEXT,
  resume: ARGV.nullable(),
});
export type AgentInfo = (typeof AGENT_INFO)['out'];

/** The state from the agent's own hooks (`thurm agent hook`), while its owner runs in the foreground. */
const HOOK_INFO = field.object({
  agent: field.string({ max: 64 }),
  ownerPid: PID,
  status: field.string({ max: 32 }),
  event: field.string({ max: 64 }).describe('the hook event that set this state (SessionStart, Stop...)'),
  sessionId: field.string({ max: 256 }).nullable().describe('what a restore resumes when no report gave one'),
  message: OPTIONAL_TEXT,
});
export type HookInfo = (typeof HOOK_INFO)['out'];

/** A window as `info` and `list-windows` give it. */
export const WINDOW_INFO = field.object({
  index: field.int({ min: 0 }),
  id: field.string({ max: 16 }).describe('`@N`'),
  name: field.string({ max: MAX_TITLE }),
  current: field.bool(),
  last: field.bool(),
  panes: field.array(PANE_ID),
  active: PANE_ID.describe('its focused pane (tmux\'s active pane)'),
  lastPane: PANE_ID.nullable().describe('the pane focused before the active one, while it is still in the window (tmux\'s last pane)'),
  layout: field.string({ max: 65_536 }).describe('tmux\'s window_layout: its layout tree with each node\'s size and place, after a checksum'),
  state: field.string({ max: 32 }).describe('the most pressing state of its panes'),
});
export type WindowInfo = (typeof WINDOW_INFO)['out'];

/** A pane as `info` gives it. */
const PANE_INFO = field.object({
  ...PANE_SUMMARY,
  window: field.int({ min: 0 }).describe('the index of its window'),
  position: field.object({ x: field.int({ min: 0 }), y: field.int({ min: 0 }) }).nullable().describe('where its content starts in the window, below its header; null while it is hidden'),
  title: field.string({ max: MAX_TITLE }),
  foreground: field.object({ pid: PID, pgid: PID, argv: ARGV }).nullable(),
  status: PANE_STATUS,
  programs: field.array(PROGRAM_INFO, { max: 256 }),
  agent: AGENT_INFO.nullable(),
  hook: HOOK_INFO.nullable(),
  exit: field.object({ exitCode: field.int(), signal: field.int().nullable() }).nullable(),
  pipe: field.object({ command: field.string(), pid: PID.nullable(), dropped: field.int({ min: 0 }).describe('bytes of output not given to a command that fell 8 MiB behind') })
    .nullable().describe('the shell command its output is piped to (`thurm pipe`), or null'),
  recording: field.object({ file: field.string(), dropped: field.int({ min: 0 }), failed: field.string().nullable().describe('why the file stopped being written (a full disk)') })
    .nullable().describe('the file its output is recorded to (`thurm record`), or null'),
  usage: USAGE_FIELD.nullable().describe('what its agent reported of its context, cost and limits, while that agent runs'),
});
export type PaneInfo = (typeof PANE_INFO)['out'];

/** A `[[notify.route]]` and its runs so far (`info`, `notify`). */
export const NOTIFY_ROUTE_STATS = field.object({
  name: field.string({ max: 256 }), delivered: field.int({ min: 0 }), failed: field.int({ min: 0 }),
  lastError: field.string({ max: 512 }).nullable().describe('why its last failed run failed'), lastAt: ISO_TIME.nullable().describe('when it last ran'),
});

/** The whole session as `info` gives it (also the snapshot an events stream starts with). */
export const SESSION_INFO = {
  session: field.string({ max: 256 }),
  serverPid: PID,
  clients: field.int({ min: 0 }),
  marked: PANE_ID.nullable().describe('the marked pane (prefix m; tmux\'s {marked}), or null'),
  windows: field.array(WINDOW_INFO),
  panes: field.array(PANE_INFO),
  save: field.object({ file: field.string().nullable(), savedAt: ISO_TIME.nullable(), error: OPTIONAL_TEXT }).describe('the session file: where, when last saved, and the error of a failing save'),
  restore: field.object({
    from: field.string(), savedAt: field.string({ max: 64 }),
    panes: field.array(field.object({ id: PANE_ID, outcome: field.string({ max: 32 }), detail: field.string() })),
    problems: field.array(field.string()),
  }).nullable().describe('what the restore that started this server did, per pane'),
  notifyRoutes: field.array(NOTIFY_ROUTE_STATS).optional().describe('each `[[notify.route]]` and its runs so far, when the config has any'),
  frames: field.object({ count: field.int({ min: 0 }), p50Ms: field.number({ min: 0 }), p99Ms: field.number({ min: 0 }) }).optional().describe('compose time of the server\'s last frames, once one was drawn'),
  attached: field.array(field.object({
    id: field.string({ max: 32 }),
    terminal: field.enum(['direct', 'relayed'] as const).describe('direct: the server reads and writes the client\'s terminal itself; relayed: through the client process'),
  })).optional().describe('the attached clients and how the server reaches each one\'s terminal (`info` only)'),
};
export type SessionInfo = Output<typeof SESSION_INFO>;

/** The first line of `thurm events --json`, before the events (EVENTS): the session as `info` gives it. */
export const EVENTS_SNAPSHOT = {
  describe: 'the first line of `thurm events --json`: the session as `info` gives it, then one event per line',
  fields: { type: field.enum(['snapshot']), ...SESSION_INFO },
};
export type EventsSnapshot = Output<typeof EVENTS_SNAPSHOT.fields>;

/** Why a pane has the state it has (`agent explain`). */
export const AGENT_EXPLANATION = {
  pane: PANE_ID,
  state: STATUS_FIELDS.state,
  source: STATUS_FIELDS.source,
  digest: field.string({ max: 128 }).describe('what the pane shows, hashed: `thurm agent answer --expect` checks it is still so'),
  foreground: field.object({
    pid: PID, pgid: PID, argv: ARGV, agent: field.string({ max: 64 }).nullable(),
    identifiedBy: field.enum(['process', 'app', 'screen'] as const).nullable().optional()
      .describe('how the agent was known: its process, its OSC 7501 app, or (in an ssh or mosh pane, where its process cannot be seen) its screen and title'),
  }).nullable(),
  rules: field.array(field.object({
    id: field.string(), agent: field.string({ max: 64 }), state: field.string({ max: 32 }), patterns: field.array(field.string()),
    overridden: field.bool().describe('a source above screen rules decided the state'),
  })).describe('the screen rules that matched'),
  screen: field.array(field.string()).describe('the screen\'s rows, trailing blank rows left out (it may hold private data)'),
  idleThresholdMs: field.int({ min: 0 }),
  lastOutputMs: field.int({ min: 0 }).nullable().describe('how long ago the pane last printed, null if never'),
  programStatus: field.object({
    id: field.string({ max: 128 }).nullable(), app: field.string({ max: 64 }).nullable(), state: field.enum(STATES), kind: field.enum(KINDS).nullable(),
    title: OPTIONAL_TEXT, msg: OPTIONAL_TEXT, progress: field.int({ min: 0, max: 100 }).nullable(),
  }).nullable().describe('the most pressing OSC 7501 record'),
  report: field.object({ agent: field.string({ max: 64 }), instance: field.string({ max: 128 }), ownerPid: PID, status: field.string({ max: 32 }), message: OPTIONAL_TEXT }).nullable(),
  hook: field.object({
    agent: field.string({ max: 64 }), event: field.string({ max: 64 }), status: field.string({ max: 32 }), ownerPid: PID,
    stale: field.string().nullable().describe('why it no longer counts'),
  }).nullable(),
  lifetime: field.object({ starts: field.string(), ends: field.string() }).describe('what gives the winning source\'s state and what ends it'),
  usage: USAGE_FIELD.nullable().describe('what the agent reported of its context, cost and limits, each figure with the field it came from'),
};
export type AgentExplanation = Output<typeof AGENT_EXPLANATION>;

/** What a client hands the server process it starts (as its one argument, in JSON). */
export interface ServerSpec {
  session: string;
  socketPath: string;
  cwd: string;
  argv?: string[];
  size: Size;
  /** Restore the saved session: `saved` unless it ended on purpose, `always` (`thurm restore`) even then. */
  restore?: 'saved' | 'always';
  /** Older socket paths of a renamed session, kept as symlinks to `socketPath` (rename-session.ts). */
  aliases?: string[];
  /** Started by `thurm server upgrade`: take over the session of the server that started this one. */
  handoff?: boolean;
}

/** Exit status of a server process that found another one already serving its socket. */
export const EXIT_ALREADY_RUNNING = 3;

/**
 * The close code of a control connection whose server handed the session to a new one (`server
 * upgrade`; WebSocket's "service restart"): a request it had not answered is asked again of the
 * new server (`wait` goes on waiting there) and `events` subscribes there afresh.
 */
export const CLOSE_UPGRADED = 1012;
