// The thin client: puts the terminal in raw mode, forwards keys and resizes to the server and
// writes what it sends back. Detaching, SIGHUP or a lost server only end this process.
import fs from 'node:fs';
import path from 'node:path';
import { ThurmError } from '../errors.js';
import { isSessionName } from '../session/paths.js';
import { ENV_NAME, MAX_ENV_VALUE, MAX_ENV_VARS } from '../session/session-env.js';
import { MAX_FRAME, MAX_SIZE, PROTOCOL_VERSION, type DetachedMessage, type ResumeMessage } from '../server/protocol.js';
import { pauseReading } from '../pty/reading.js';
import { Connection } from './connection.js';

/** Undoes every mode the server may have set on this terminal. */
const RESTORE = '\x1b[23;2t\x1b[>4m\x1b[?2026l\x1b[0m\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?2004l\x1b[?1l\x1b>\x1b[0 q\x1b[?25h\x1b[r\x1b[?1049l';
const INPUT_CHUNK = MAX_FRAME / 2;

/** Whether this process's locale is UTF-8, read as the C library does: LC_ALL, LC_CTYPE, LANG. */
export function utf8Locale(env: NodeJS.ProcessEnv): boolean {
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG || '';
  return /utf-?8/i.test(locale);
}

/**
 * Whether SIGTSTP stops this process: a job-control shell started it in a process group of its
 * own in the shell's session. Otherwise its group is orphaned and the kernel ignores the stop,
 * and no SIGCONT would come. Without /proc, it is tried.
 */
function canStop(): boolean {
  try {
    // After the command's name: state, ppid, pgrp, session.
    const stat = (pid: string) => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
    const [, ppid, pgrp, session] = stat('self');
    const parent = stat(ppid);
    return parent[3] === session && parent[2] !== pgrp;
  } catch {
    return true;
  }
}

export function terminalSize(): { cols: number; rows: number } {
  return { cols: Math.min(process.stdout.columns || 80, MAX_SIZE.cols), rows: Math.min(process.stdout.rows || 24, MAX_SIZE.rows) };
}

type Ended = Promise<{ reason: DetachedMessage['reason'] | null; session?: string }>;

/**
 * This terminal as the server can open it again (lib/server/client-tty.ts): its path and fstat
 * identity, when stdin and stdout are the one terminal; none when THURM_ATTACH=relay asks the
 * server to leave it to this process.
 */
function ttyIdentity(): { path: string; dev: number; ino: number; rdev: number } | undefined {
  if (process.env.THURM_ATTACH === 'relay') return undefined;
  try {
    const [input, output] = [fs.fstatSync(0), fs.fstatSync(1)];
    if (input.rdev !== output.rdev || input.ino !== output.ino) return undefined;
    return { path: fs.readlinkSync('/proc/self/fd/0'), dev: input.dev, ino: input.ino, rdev: input.rdev };
  } catch {
    return undefined;
  }
}

/**
 * One attach stream: sends the attach request and passes frames to `frame`; resolves once
 * attached with a promise of why the stream ended, and whether the server reads and writes the
 * terminal itself (`direct`: this process then reads nothing from it, and gets no frames).
 */
async function stream(connection: Connection, frame: (data: Buffer) => void, readOnly: boolean, suspend: () => void, lastSession?: string, detachOthers = false): Promise<{ ended: Ended; direct: boolean }> {
  const ws = connection.ws;
  let reason: DetachedMessage['reason'] | null = null;
  let session: string | undefined;
  const ended: Ended = new Promise((resolve) => ws.on('close', () => resolve({ reason, session })));
  ws.on('message', (data, isBinary) => {
    if (isBinary) return frame(data as Buffer);
    try {
      const msg = JSON.parse(data.toString()) as DetachedMessage | { type: 'suspend' };
      if (msg.type === 'suspend') suspend();
      else if (msg.type === 'detached') {
        reason = msg.reason;
        session = typeof msg.session === 'string' ? msg.session : undefined;
      }
    } catch {
      // not ours to handle
    }
  });
  const colorterm = process.env.COLORTERM ?? '';
  const tty = ttyIdentity();
  const reply = await connection.request<{ direct?: boolean }>('attach', {
    version: PROTOCOL_VERSION,
    size: terminalSize(),
    term: process.env.TERM ?? 'xterm',
    truecolor: colorterm === 'truecolor' || colorterm === '24bit',
    utf8: utf8Locale(process.env),
    readOnly,
    ...(lastSession && { lastSession }),
    ...(detachOthers && { detachOthers }),
    environment: environmentToSend(process.env),
    ...(tty && { tty }),
  });
  // Wrapped: an async function returning the promise itself would wait for it.
  return { ended, direct: reply.direct === true };
}

/** The attach request's bound on the variables it carries, under the socket's 64 KiB frame. */
const MAX_ENV_BYTES = 32 * 1024;

/**
 * This terminal's variables as NAME=VALUE, for the server's update-environment (tmux's client
 * sends its whole environment too): what a request may carry, the smallest first.
 */
function environmentToSend(env: NodeJS.ProcessEnv): string[] {
  const vars = Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && ENV_NAME.test(e[0]) && e[1].length <= MAX_ENV_VALUE)
    .map(([k, v]) => `${k}=${v}`).sort((a, b) => a.length - b.length);
  let bytes = 0;
  return vars.filter((v) => (bytes += Buffer.byteLength(v) + 4) <= MAX_ENV_BYTES).slice(0, MAX_ENV_VARS);
}

/** Attaches this terminal to the session; resolves with the exit code when it ends. */
export async function attach(first: Connection, attached: string, readOnly = false, detachOthers = false): Promise<number> {
  let session = attached;
  /** The session this client switched from (prefix L goes back to it). */
  let lastSession: string | undefined;
  const { stdin, stdout } = process;
  if (!stdin.isTTY || !stdout.isTTY) throw new ThurmError('INVALID_ARGUMENT', 'attach: not a terminal');
  let connection = first;
  // The first frame can arrive in the same read as the reply, before `await` resumes: keep
  // frames from the start and write them once the terminal is set up.
  let early: Buffer[] | null = [];
  const frame = (data: Buffer) => {
    if (early) early.push(data);
    // Slow terminal: stop reading from the server until this frame is written.
    else if (!stdout.write(data)) {
      const ws = connection.ws;
      ws.pause();
      stdout.once('drain', () => ws.resume());
    }
  };
  // Prefix C-z (the server asks): the terminal goes back to the shell as it was, and this
  // process stops as a program suspended with C-z does; the shell's `fg` continues it, and the
  // server draws the terminal whole again once told.
  const resume = () => {
    stdin.setRawMode(true);
    connection.ws.send(JSON.stringify({ type: 'resume', size: terminalSize() } satisfies ResumeMessage));
  };
  const suspend = () => {
    // Without a job-control shell above it the kernel would ignore the stop: only draw again.
    if (!canStop()) return resume();
    stdin.setRawMode(false);
    stdout.write(RESTORE);
    process.once('SIGCONT', resume);
    process.kill(process.pid, 'SIGTSTP');
  };
  // Raw before the attach: a server that takes the terminal itself draws and reads it at once.
  stdin.setRawMode(true);
  let ended: Ended;
  let direct: boolean;
  try {
    ({ ended, direct } = await stream(connection, frame, readOnly, suspend, undefined, detachOthers));
  } catch (err) {
    stdin.setRawMode(false);
    throw err;
  }
  for (const f of early) stdout.write(f);
  early = null;

  let done = false;
  let resolveExit!: (code: number) => void;
  const exit = new Promise<number>((resolve) => { resolveExit = resolve; });
  const finish = (code: number, text: string) => {
    if (done) return;
    done = true;
    stdin.setRawMode(false);
    stdin.pause();
    stdout.write(RESTORE);
    stdout.write(`${text}\r\n`);
    connection.ws.terminate();
    resolveExit(code);
  };
  const forward = (chunk: Buffer) => {
    for (let i = 0; i < chunk.length; i += INPUT_CHUNK) connection.ws.send(chunk.subarray(i, i + INPUT_CHUNK));
  };
  // A server that reads the terminal itself gets every key there: this process reads none, and
  // does not even start reading (a started tty stream takes one chunk more once paused).
  const follow = () => {
    if (direct) {
      stdin.off('data', forward);
      pauseReading(stdin);
    } else if (!stdin.listeners('data').includes(forward)) stdin.on('data', forward);
    else stdin.resume();
  };
  follow();
  // An observer's size never sizes the window, but the server draws into it, so it follows too.
  stdout.on('resize', () => connection.ws.send(JSON.stringify({ type: 'resize', size: terminalSize() })));
  // An ssh drop or a closed terminal window is a detach: panes keep running.
  for (const signal of ['SIGHUP', 'SIGTERM'] as const) {
    process.on(signal, () => finish(0, `[detached (from session ${session})]`));
  }
  for (;;) {
    const end = await Promise.race([ended, exit.then(() => 'finished' as const)]);
    if (end === 'finished') break;
    const reason = end.reason;
    if (reason === 'switch' && end.session && isSessionName(end.session)) {
      // Another session of ours, beside this one: attach it, keeping this terminal as it is.
      const next = await Connection.open(path.join(path.dirname(connection.socketPath), `${end.session}.sock`)).catch(() => null);
      const back = next ?? await Connection.open(connection.socketPath).catch(() => null);
      if (back) {
        connection = back;
        if (next) [lastSession, session] = [session, end.session];
        try {
          ({ ended, direct } = await stream(connection, frame, readOnly, suspend, lastSession));
          follow();
          continue;
        } catch {
          // fall through: lost
        }
      }
      finish(1, '[lost server]');
    } else if (reason === 'upgrading') {
      // The server hands the session to a new build: follow it, keeping this terminal as it is.
      const next = await Connection.reopen(connection.socketPath);
      if (next) {
        connection = next;
        try {
          ({ ended, direct } = await stream(connection, frame, readOnly, suspend, lastSession));
          follow();
          continue;
        } catch {
          // fall through: lost
        }
      }
      finish(1, '[lost server: the upgraded server did not take over]');
    } else if (reason === 'detached') finish(0, `[detached (from session ${session})]`);
    else if (reason === 'session-ended') finish(0, '[exited]');
    else if (reason === 'too-slow') finish(1, '[detached: this terminal did not keep up with the server]');
    else finish(1, '[lost server]');
    break;
  }
  return exit;
}
