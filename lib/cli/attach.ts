// The thin client: puts the terminal in raw mode, forwards keys and resizes to the server and
// writes what it sends back. Detaching, SIGHUP or a lost server only end this process.
import { ThurmError } from '../errors.js';
import { MAX_FRAME, MAX_SIZE, PROTOCOL_VERSION, type DetachedMessage } from '../server/protocol.js';
import type { Connection } from './connection.js';
import type { WsClient } from './ws-client.js';

/** Undoes every mode the server may have set on this terminal. */
const RESTORE = '\x1b[23;2t\x1b[>4m\x1b[?2026l\x1b[0m\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?2004l\x1b[?1l\x1b>\x1b[0 q\x1b[?25h\x1b[r\x1b[?1049l';
const INPUT_CHUNK = MAX_FRAME / 2;

/** Whether this process's locale is UTF-8, read as the C library does: LC_ALL, LC_CTYPE, LANG. */
export function utf8Locale(env: NodeJS.ProcessEnv): boolean {
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG || '';
  return /utf-?8/i.test(locale);
}

export function terminalSize(): { cols: number; rows: number } {
  return { cols: Math.min(process.stdout.columns || 80, MAX_SIZE.cols), rows: Math.min(process.stdout.rows || 24, MAX_SIZE.rows) };
}

/** Attaches this terminal to the session; resolves with the exit code when it ends. */
export async function attach(connection: Connection, session: string): Promise<number> {
  const { stdin, stdout } = process;
  if (!stdin.isTTY || !stdout.isTTY) throw new ThurmError('INVALID_ARGUMENT', 'attach: not a terminal');
  const colorterm = process.env.COLORTERM ?? '';
  const ws: WsClient = connection.ws;
  // The first frame can arrive in the same read as the reply, before `await` resumes: keep
  // frames from the start and write them once the terminal is set up.
  let early: Buffer[] | null = [];
  let reason: DetachedMessage['reason'] | null = null;
  ws.on('message', (data, isBinary) => {
    if (isBinary) {
      if (early) early.push(data as Buffer);
      // Slow terminal: stop reading from the server until this frame is written.
      else if (!stdout.write(data as Buffer)) {
        ws.pause();
        stdout.once('drain', () => ws.resume());
      }
      return;
    }
    try {
      const msg = JSON.parse(data.toString()) as DetachedMessage;
      if (msg.type === 'detached') reason = msg.reason;
    } catch {
      // not ours to handle
    }
  });
  await connection.request('attach', {
    version: PROTOCOL_VERSION,
    size: terminalSize(),
    term: process.env.TERM ?? 'xterm',
    truecolor: colorterm === 'truecolor' || colorterm === '24bit',
    utf8: utf8Locale(process.env),
  });
  stdin.setRawMode(true);
  stdin.resume();
  for (const frame of early) stdout.write(frame);
  early = null;

  return new Promise((resolve) => {
    let done = false;
    const finish = (code: number, text: string) => {
      if (done) return;
      done = true;
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write(RESTORE);
      stdout.write(`${text}\r\n`);
      ws.terminate();
      resolve(code);
    };
    stdin.on('data', (chunk: Buffer) => {
      for (let i = 0; i < chunk.length; i += INPUT_CHUNK) ws.send(chunk.subarray(i, i + INPUT_CHUNK));
    });
    stdout.on('resize', () => ws.send(JSON.stringify({ type: 'resize', size: terminalSize() })));
    ws.on('close', () => {
      if (reason === 'detached') finish(0, `[detached (from session ${session})]`);
      else if (reason === 'session-ended') finish(0, '[exited]');
      else if (reason === 'too-slow') finish(1, '[detached: this terminal did not keep up with the server]');
      else finish(1, '[lost server]');
    });
    // An ssh drop or a closed terminal window is a detach: panes keep running.
    for (const signal of ['SIGHUP', 'SIGTERM'] as const) {
      process.on(signal, () => finish(0, `[detached (from session ${session})]`));
    }
  });
}
