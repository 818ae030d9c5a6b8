// Where a session's control socket lives, and the ownership check that is thurm's
// security boundary: Node cannot read peer credentials, so only the directory guards it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ThurmError } from '../errors.js';
import { checkSessionName, isSessionName } from '../session/paths.js';

export function socketDir(env: NodeJS.ProcessEnv = process.env): string {
  const uid = process.getuid?.() ?? 0;
  return path.join(env.XDG_RUNTIME_DIR || os.tmpdir(), `thurm-${uid}`);
}

/**
 * The socket of a session: an explicit path (-S) wins, then an explicit session name (-s), then
 * THURM_SOCKET (set in panes: the session you are in), then the session `default`.
 */
export function socketPath(session?: string, explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (explicit) return path.resolve(explicit);
  if (session === undefined && env.THURM_SOCKET) return path.resolve(env.THURM_SOCKET);
  return path.join(socketDir(env), `${checkSessionName(session ?? 'default')}.sock`);
}

/** Refuses a socket directory that is a symlink, not ours, or open to others. */
export function checkSocketDir(dir: string): void {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new ThurmError('SERVER_UNAVAILABLE', `no server running: ${dir} does not exist`);
    }
    throw new ThurmError('IO_ERROR', `cannot check socket directory: ${dir}: ${(err as Error).message}`);
  }
  if (!st.isDirectory()) throw new ThurmError('UNSAFE_SOCKET', `socket directory is not a real directory: ${dir}`);
  if (st.uid !== process.getuid?.()) throw new ThurmError('UNSAFE_SOCKET', `socket directory is owned by uid ${st.uid}: ${dir}`);
  if ((st.mode & 0o077) !== 0) {
    throw new ThurmError('UNSAFE_SOCKET', `socket directory is open to others (mode ${(st.mode & 0o777).toString(8)}): ${dir}`);
  }
}

/** Creates the socket directory 0700 when missing, then checks it like a client would. */
export function ensureSocketDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw new ThurmError('IO_ERROR', `cannot create socket directory: ${dir}: ${(err as Error).message}`);
  }
  checkSocketDir(dir);
}

/**
 * The sessions whose sockets sit in `dir` (live or stale), by name. The symlinks a renamed
 * session leaves at its old names (rename-session.ts) are aliases, not sessions.
 */
export function sessionsIn(dir: string): string[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).filter((f) => f.name.endsWith('.sock') && f.isSocket())
      .map((f) => f.name.slice(0, -5)).filter(isSessionName).sort();
  } catch {
    return [];
  }
}

/** The sessions whose sockets sit beside `socket`, by name. */
export function sessionNames(socket: string): string[] {
  return sessionsIn(path.dirname(socket));
}
