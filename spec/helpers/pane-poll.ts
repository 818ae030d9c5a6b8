// Polls pane 1 of a session over one open connection (not a CLI process per poll).
import { Connection } from '../../lib/cli/connection.js';
import type { PaneInfo, SessionInfo } from '../../lib/server/protocol.js';
import type { ThurmEnv } from './thurm-env.js';
import { waitUntil } from './wait.js';

/** Pane 1, polled until `probe` accepts it; its info and screen in the message when it never does. */
export async function waitForPane<T>(env: ThurmEnv, probe: (p: PaneInfo) => T, what: string, timeoutMs: number): Promise<NonNullable<T>> {
  const connection = await Connection.open(env.socket);
  let last: PaneInfo | null = null;
  let screen = '';
  try {
    return await waitUntil(async () => {
      last = (await connection.request<SessionInfo>('info')).panes[0];
      screen = (await connection.request<{ lines: string[] }>('capture', { pane: '1' })).lines.join('\n');
      return probe(last);
    }, () => `${what}; pane 1: ${JSON.stringify(last)}\n${screen}`, timeoutMs);
  } finally {
    connection.close();
  }
}
