// Where a session keeps its files (the server log, the session file), and what may name one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ThurmError } from '../errors.js';

const SESSION_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** Whether `name` can name a session: it becomes a file name in the socket and state folders. */
export function isSessionName(name: string): boolean {
  return SESSION_NAME.test(name) && !name.startsWith('.');
}

export function checkSessionName(name: string): string {
  if (!isSessionName(name)) throw new ThurmError('INVALID_ARGUMENT', `invalid session name: ${JSON.stringify(name)}`);
  return name;
}

export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(env.XDG_STATE_HOME || path.join(os.homedir(), '.local', 'state'), 'thurm');
}

/**
 * Creates the state directory 0700 when missing, then refuses one that is not a real directory
 * of this user's or that others may write to: they could plant a link where thurm writes.
 */
export function ensureStateDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = stateDir(env);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  checkStateDir(dir);
  return dir;
}

/**
 * Refuses (UNSAFE_STATE) a state directory that is a link, not ours, or writable by others;
 * one that does not exist yet passes (nothing is read from it).
 */
export function checkStateDir(dir: string): void {
  const st = fs.lstatSync(dir, { throwIfNoEntry: false });
  if (!st) return;
  if (!st.isDirectory()) throw new ThurmError('UNSAFE_STATE', `state directory is not a real directory: ${dir} (remove the link)`);
  if (st.uid !== process.getuid?.()) throw new ThurmError('UNSAFE_STATE', `state directory is owned by uid ${st.uid}: ${dir}`);
  if ((st.mode & 0o022) !== 0) {
    throw new ThurmError('UNSAFE_STATE', `state directory is writable by others (mode ${(st.mode & 0o777).toString(8)}): ${dir} (chmod 700 ${dir})`);
  }
}

/** Opens a file of the state directory to append, never through a symbolic link placed at its name. */
export function openStateFileToAppend(file: string): number {
  try {
    return fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_APPEND | fs.constants.O_CREAT | fs.constants.O_NOFOLLOW, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOOP') throw new ThurmError('UNSAFE_STATE', `a symbolic link stands where thurm writes: ${file} (remove it)`);
    throw err;
  }
}

export function serverLogPath(session: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.join(stateDir(env), `${session}.log`);
}
