// Where a session keeps its files: the server log now, the session file later.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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
