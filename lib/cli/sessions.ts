// `thurm ls`: every session with a live server in this user's socket directory, with its
// windows, panes, attached clients and most pressing state.
import path from 'node:path';
import { printable, safeJson } from '../sanitize.js';
import type { SessionInfo } from '../server/protocol.js';
import { sessionsIn, socketDir } from '../server/socket-path.js';
import { sessionState } from '../server/other-sessions.js';
import { Connection } from './connection.js';

const ASK_MS = 1000;

export interface SessionRow { name: string; windows: number; panes: number; clients: number; state: string }

export async function listSessions(): Promise<SessionRow[]> {
  const dir = socketDir();
  const names = sessionsIn(dir);
  const rows = await Promise.all(names.map(async (name): Promise<SessionRow | null> => {
    try {
      const connection = await Connection.open(path.join(dir, `${name}.sock`), ASK_MS);
      try {
        const info = await connection.request<SessionInfo>('info');
        const { state } = sessionState(name, info.panes.map((p) => p.status.state));
        return { name, windows: info.windows.length, panes: info.panes.length, clients: info.clients, state };
      } finally {
        connection.close();
      }
    } catch {
      return null; // a stale socket: no server behind it
    }
  }));
  return rows.filter((r): r is SessionRow => r !== null);
}

export async function printSessions(json: boolean): Promise<number> {
  const rows = await listSessions();
  if (json) process.stdout.write(`${safeJson(JSON.stringify({ sessions: rows }))}\n`);
  else if (!rows.length) process.stdout.write('no sessions\n');
  else {
    for (const r of rows) {
      const line = `${r.name}: ${r.windows} window${r.windows === 1 ? '' : 's'}, ${r.panes} pane${r.panes === 1 ? '' : 's'}, ${r.clients} client${r.clients === 1 ? '' : 's'}${r.state !== 'none' ? `, ${r.state}` : ''}`;
      process.stdout.write(`${printable(line)}\n`);
    }
  }
  return 0;
}
