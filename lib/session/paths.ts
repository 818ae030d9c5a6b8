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

export function ensureStateDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = stateDir(env);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

export function serverLogPath(session: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.join(stateDir(env), `${session}.log`);
}
