// `thurm agent hook KIND`: the command an agent's hooks run (Claude Code's SessionStart,
// UserPromptSubmit, PreToolUse, Notification, Stop, SessionEnd...). It reads the hook's JSON on
// stdin, finds the agent process by walking up from its parent, and reports the event. Codex's
// `notify` program gets its JSON as the last argument instead (see codex-notify.ts). Like the
// hooks it replaces it prints nothing and always exits 0: a hook must never break the agent.
import { hasTranscript } from '../agent/claude-transcript.js';
import { codexHome, codexNotifyPayload, hasRollout } from '../agent/codex-notify.js';
import { identityByName, identityOfProcess } from '../agent/detect/agents.js';
import type { PaneInfo, SessionInfo } from '../server/protocol.js';
import { readArgv, readStat, resolveScript } from '../pty/proc.js';
import { socketPath } from '../server/socket-path.js';
import { Connection } from './connection.js';

const MAX_INPUT = 1024 * 1024;

/** A hook must never hang its agent: stop reading stdin after a while, or at once on a tty. */
const READ_TIMEOUT_MS = 2000;
/** Connecting and reporting together take at most this long, whatever the server does. */
export const SERVER_TIMEOUT_MS = 1000;

/** stdin's bytes: at most MAX_INPUT, for at most READ_TIMEOUT_MS; none from a tty. */
export function readStdin(): Promise<Buffer> {
  if (process.stdin.isTTY) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      clearTimeout(timer);
      process.stdin.pause();
      resolve(Buffer.concat(chunks));
    };
    const timer = setTimeout(done, READ_TIMEOUT_MS);
    process.stdin.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > MAX_INPUT) done();
    });
    process.stdin.on('end', done);
    process.stdin.on('error', done);
  });
}

/** The nearest ancestor that runs the agent `kind`, starting at this process's parent. */
export function findAgentProcess(kind: string, from = process.ppid): number | null {
  let pid = from;
  for (let depth = 0; depth < 32 && pid > 1; depth++) {
    const argv = readArgv(pid);
    if (identityOfProcess(argv, resolveScript(pid, argv))?.agent === kind) return pid;
    const stat = readStat(pid);
    if (!stat) return null;
    pid = stat.ppid;
  }
  return null;
}

/** A hook's JSON (any text) as an object, or null. */
function hookObject(text: string): Record<string, unknown> | null {
  let payload: unknown;
  try {
    payload = JSON.parse(text || '{}');
  } catch {
    return null;
  }
  return typeof payload === 'object' && payload !== null ? payload as Record<string, unknown> : null;
}

type HookPayload = { event: string; message?: string; session_id?: string };

/** What thurm reads of a hook's JSON (any text): the event, or null when there is none. */
export function hookPayload(text: string): HookPayload | null {
  const p = hookObject(text);
  return p && payloadOf(p);
}

function payloadOf(p: Record<string, unknown>): HookPayload | null {
  if (typeof p.hook_event_name !== 'string' || !p.hook_event_name) return null;
  return {
    event: p.hook_event_name,
    message: typeof p.message === 'string' ? p.message : undefined,
    session_id: typeof p.session_id === 'string' ? p.session_id : undefined,
  };
}

/** The `agent-hook` request for one hook event of `agent`, whose process is `owner`. */
export function hookRequest(agent: string, owner: number, payload: NonNullable<ReturnType<typeof hookPayload>>, pane = process.env.THURM_PANE_ID): Record<string, unknown> {
  return { pane, agent, owner_pid: owner, ...payload };
}

/**
 * The pane of the Codex whose turn ended: the one pane with Codex in its foreground, else the
 * one of those in the turn's cwd, else the notify's own THURM_PANE_ID among them (the daemon's,
 * which may be another pane's); null when that leaves none or several.
 */
export function codexPane(panes: PaneInfo[], cwd: string | null, own: string | undefined): PaneInfo | null {
  let found = panes.filter((p) => p.foreground && identityOfProcess(p.foreground.argv)?.agent === 'codex');
  if (found.length > 1 && cwd) found = found.filter((p) => p.cwd === cwd);
  if (found.length > 1) found = found.filter((p) => p.id === own);
  return found.length === 1 ? found[0] : null;
}

/** Codex's notify: binds the pane's Codex to the thread whose turn ended, as a Stop hook event. */
async function codexNotify(arg: string): Promise<void> {
  const turn = codexNotifyPayload(arg);
  const socket = process.env.THURM_SOCKET;
  if (!turn || !socket || !hasRollout(codexHome(), turn.threadId)) return;
  const deadline = Date.now() + SERVER_TIMEOUT_MS;
  const connection = await Connection.open(socketPath(), SERVER_TIMEOUT_MS);
  try {
    const info = await connection.request<SessionInfo>('info');
    const pane = codexPane(info.panes, turn.cwd, process.env.THURM_PANE_ID);
    if (!pane?.foreground) return;
    await connection.send('agent-hook', {
      pane: pane.id, agent: 'codex', owner_pid: pane.foreground.pid, event: 'Stop', session_id: turn.threadId,
    }, Math.max(deadline - Date.now(), 1));
  } finally {
    connection.close();
  }
}

export async function runAgentHook(kind: string, arg?: string): Promise<void> {
  try {
    if (identityByName(kind)?.agent === 'codex' && arg !== undefined) return await codexNotify(arg);
    const agent = identityByName(kind)?.agent ?? kind;
    const hook = hookObject((await readStdin()).toString('utf8'));
    const payload = hook && payloadOf(hook);
    const socket = process.env.THURM_SOCKET;
    const owner = findAgentProcess(agent);
    if (!payload || !socket || !owner) return;
    // A session is bound once it can be resumed: before its transcript, `claude --resume` finds none.
    if (agent === 'claude-code' && payload.session_id && !hasTranscript(payload.session_id, hook)) delete payload.session_id;
    const deadline = Date.now() + SERVER_TIMEOUT_MS;
    const connection = await Connection.open(socketPath(), SERVER_TIMEOUT_MS);
    try {
      await connection.send('agent-hook', hookRequest(agent, owner, payload), Math.max(deadline - Date.now(), 1));
    } finally {
      connection.close();
    }
  } catch {
    // Discarded on purpose: see the module comment.
  }
}
