// `thurm server upgrade`: the running server hands its session to the server build on disk
// without stopping a pane. The old server checks every limit first, stops reading the panes,
// and starts the new one with the panes' pty fds as extra stdio and the live state over IPC.
// Only once the new server has adopted every pane does the old one stop listening and let go
// of the lock; if the new one fails before it listens, the old one reads its panes again and
// carries on as if nothing had been tried.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ThurmError } from '../errors.js';
import { HANDOFF_VERSION, type Handoff, type HandoffMessage } from '../session/handoff.js';
import type { Mux } from '../session/mux.js';
import { openStateFileToAppend, serverLogPath } from '../session/paths.js';
import type { ServerSpec } from './protocol.js';
import { SERVER_NODE_FLAGS, serverEnv } from './server-process.js';

/** How long the new server may take to adopt the panes, and then to listen. */
const STEP_MS = 15_000;
/** Fds the new process needs besides the panes' (stdio, IPC, the socket, the lock, files). */
const SPARE_FDS = 64;
/** fd number of the first pane pty in the new process: after stdin, stdout, stderr and IPC. */
export const FIRST_PTY_FD = 4;

/** The server build on disk: the one this server was started from, rebuilt or not. */
export function serverEntry(): string {
  return process.env.THURM_UPGRADE_ENTRY || path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.js');
}

/** The soft limit on open files, from /proc (Node has no getrlimit). */
function openFileLimit(): number {
  const m = /^Max open files\s+(\d+|unlimited)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
  return !m || m[1] === 'unlimited' ? Infinity : Number(m[1]);
}

export interface UpgradeSteps {
  /** Stops listening and releases the lock; attached clients are told to reconnect. */
  letGo(): Promise<void>;
  /** Takes the lock and listens again (the new server failed after letGo). */
  takeBack(): Promise<void>;
}

function nextMessage(child: ChildProcess, type: HandoffMessage['type'], what: string): Promise<HandoffMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new ThurmError('TIMEOUT', `the new server did not ${what} within ${STEP_MS / 1000} s`)), STEP_MS);
    const onMessage = (m: HandoffMessage) => {
      if (m.type === type) done(null, m);
      else if (m.type === 'failed') done(new ThurmError('INTERNAL', `the new server failed: ${m.error}`));
    };
    const onExit = (code: number | null) => done(new ThurmError('INTERNAL', `the new server exited (${code ?? 'signal'}) before it could ${what}`));
    const done = (err: Error | null, m?: HandoffMessage) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve(m!);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Hands the session to a new server; resolves with its pid once it listens (then this one exits). */
export async function upgrade(mux: Mux, spec: ServerSpec, steps: UpgradeSteps): Promise<{ pid: number }> {
  const entry = serverEntry();
  if (!fs.existsSync(entry)) throw new ThurmError('NOT_FOUND', `server upgrade: no server build at ${entry}`);
  const panes = mux.paneIds().length;
  if (panes + SPARE_FDS > openFileLimit()) {
    throw new ThurmError('INVALID_ARGUMENT', `server upgrade: ${panes} panes need more open files than the limit (${openFileLimit()}) allows`);
  }
  // Before the hand-over: a log that cannot be opened safely leaves this server as it was.
  const log = openStateFileToAppend(serverLogPath(spec.session));
  const { handoff, fds } = await mux.persistence.handover().catch((err: unknown) => {
    fs.closeSync(log);
    throw err;
  });
  let child: ChildProcess | null = null;
  try {
    child = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry, JSON.stringify({ ...spec, handoff: true } satisfies ServerSpec)], {
      detached: true,
      stdio: ['ignore', log, log, 'ipc', ...fds],
      cwd: '/',
      env: serverEnv(process.env),
    });
    child.send({ type: 'handoff', handoff } satisfies HandoffMessage);
    await nextMessage(child, 'ready', 'adopt the panes');
  } catch (err) {
    child?.kill('SIGKILL');
    mux.persistence.resumeReading();
    throw new ThurmError('INTERNAL', `server upgrade failed, this server keeps running: ${(err as Error).message}`);
  } finally {
    fs.closeSync(log);
  }
  await steps.letGo();
  try {
    const listening = nextMessage(child, 'listening', 'listen on the socket');
    child.send({ type: 'go' } satisfies HandoffMessage);
    const m = await listening;
    child.disconnect();
    child.unref();
    return { pid: (m as { pid: number }).pid };
  } catch (err) {
    child.kill('SIGKILL');
    await steps.takeBack();
    mux.persistence.resumeReading();
    throw new ThurmError('INTERNAL', `server upgrade failed, this server keeps running: ${(err as Error).message}`);
  }
}

/** The new server's side: the handoff from the server that started it, over IPC. */
export function receiveHandoff(): Promise<Handoff> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no handoff arrived')), STEP_MS);
    process.once('message', (m: HandoffMessage) => {
      clearTimeout(timer);
      if (m.type !== 'handoff') return reject(new Error(`expected the handoff, got ${m.type}`));
      if (m.handoff.version !== HANDOFF_VERSION) return reject(new Error(`handoff version ${m.handoff.version}, this build reads ${HANDOFF_VERSION}`));
      resolve(m.handoff);
    });
  });
}

/** Resolves when the old server says `go`, or when it is gone (nothing holds the lock then). */
export function waitForGo(): Promise<void> {
  return new Promise((resolve) => {
    process.once('message', () => resolve());
    process.once('disconnect', () => resolve());
  });
}

export function tell(m: HandoffMessage): void {
  process.send?.(m);
}
