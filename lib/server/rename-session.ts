// Renaming a running session (`rename-session`). Its socket moves to the new name's path and
// the old path stays a symlink to it for as long as the server runs (an alias, holding its
// lock): panes started before keep the old path in THURM_SOCKET and TMUX, and tmux too keeps
// one socket per server whatever its sessions are called. The session file, its .bak and the
// log move to the new name.
import fs from 'node:fs';
import path from 'node:path';
import { ThurmError } from '../errors.js';
import type { Mux } from '../session/mux.js';
import { checkSessionName, serverLogPath } from '../session/paths.js';
import { sessionFilePath } from '../session/session-file.js';
import type { ServerSpec } from './protocol.js';
import type { ControlServer } from './server.js';
import { takeServerLock, type ServerLock } from './socket-file.js';

export interface RenameTarget {
  mux: Mux;
  server: ControlServer;
  /** Updated in place, so an upgrade hands the new name and the aliases on. */
  spec: ServerSpec;
  /** The lock of every path this server answers on, by path. */
  locks: Map<string, ServerLock>;
}

function moveFile(from: string, to: string): void {
  try {
    fs.renameSync(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Gives the session the name `name`; SESSION_EXISTS when a running or saved session has it. */
export async function renameSession(t: RenameTarget, name: string): Promise<void> {
  checkSessionName(name);
  const from = t.mux.session;
  if (name === from) return;
  // A socket given by path (-S) stays where it is: only the name and the files change.
  const moves = path.basename(t.spec.socketPath) === `${from}.sock`;
  const to = moves ? path.join(path.dirname(t.spec.socketPath), `${name}.sock`) : t.spec.socketPath;
  const aliasOfOurs = t.locks.has(to);
  const file = sessionFilePath(name);
  const saved = () => {
    if (fs.existsSync(file)) throw new ThurmError('SESSION_EXISTS', `rename-session: a saved session has that name: ${name} (restore it, or remove ${file})`);
  };
  if (moves) {
    const lock = aliasOfOurs ? t.locks.get(to)! : await takeServerLock(to);
    if (!lock) throw new ThurmError('SESSION_EXISTS', `rename-session: session already running: ${name}`);
    try {
      saved();
      await t.server.moveSocket(to);
    } catch (err) {
      if (!aliasOfOurs) lock.lock.close();
      throw err instanceof ThurmError ? err : new ThurmError('IO_ERROR', `rename-session: cannot listen on ${to}: ${(err as Error).message}`);
    }
    t.locks.set(to, lock);
  } else saved();
  try {
    for (const suffix of ['', '.bak']) moveFile(`${sessionFilePath(from)}${suffix}`, `${file}${suffix}`);
    moveFile(serverLogPath(from), serverLogPath(name));
  } catch (err) {
    // The session answers on its new name already; the files stay behind and the next save writes anew.
    console.error(`thurm: rename-session: cannot move the files of ${from}: ${(err as Error).message}`);
  }
  t.spec.session = name;
  t.spec.socketPath = to;
  t.spec.aliases = t.server.aliasPaths();
  t.mux.renameSession(name, to);
  console.error(`thurm: session ${from} renamed ${name}${moves ? `, serving ${to}` : ''}`);
}
