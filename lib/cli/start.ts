// `thurm` and `thurm new`: start the session's server unless one runs, then attach to it
// (or, with -d, leave it running detached).
import path from 'node:path';
import { ThurmError } from '../errors.js';
import { checkSize, MAX_SIZE } from '../server/protocol.js';
import { attach, terminalSize } from './attach.js';
import type { CliArgv } from './cli-commands.js';
import { startServer } from './connection.js';

function parseSize(text: unknown): { cols: number; rows: number } {
  if (text === undefined) return terminalSize();
  const m = /^(\d{1,5})x(\d{1,5})$/.exec(String(text));
  const size = m && checkSize({ cols: Number(m[1]), rows: Number(m[2]) });
  if (!size || size.cols < 2 || size.rows < 3) {
    throw new ThurmError('INVALID_ARGUMENT', `size: expected COLSxROWS up to ${MAX_SIZE.cols}x${MAX_SIZE.rows}, got ${JSON.stringify(text)}`);
  }
  return size;
}

/**
 * Resolves with the exit status: the attached client's, or 0 once a detached server answers.
 * `default` (plain `thurm`, `thurm attach`) restores the saved session when no server runs.
 * The server gets `env` (this process's unless said).
 */
export async function startSession(argv: CliArgv, socket: string, session: string, mode: 'new' | 'new-detached' | 'default', env = process.env): Promise<number> {
  if (mode !== 'new-detached' && !process.stdin.isTTY) {
    throw new ThurmError('INVALID_ARGUMENT', 'not a terminal: use `thurm new -d` to start a detached session');
  }
  const { started, connection } = await startServer({
    session,
    socketPath: socket,
    cwd: path.resolve(String(argv.cwd ?? process.cwd())),
    argv: argv['--']?.length ? argv['--'].map(String) : undefined,
    size: parseSize(argv.size),
    restore: mode === 'default' ? 'saved' : undefined,
  }, env);
  if (!connection) {
    // Its program exited before the session could be reached, and the session ended with it.
    if (mode !== 'new-detached') process.stdout.write('[exited]\n');
    return 0;
  }
  if (mode !== 'default' && !started) {
    // `new -A`: the running session is the one wanted (attached; with -d, left as it is).
    if (argv['attach-existing'] && mode === 'new') return attach(connection, session);
    connection.close();
    if (argv['attach-existing']) return 0;
    throw new ThurmError('SESSION_EXISTS', `session already running: ${session}`);
  }
  if (mode === 'new-detached') {
    connection.close();
    return 0;
  }
  return attach(connection, session);
}
