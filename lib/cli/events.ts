// `thurm events`: the session's snapshot, then every change as it happens, until the session
// ends. --json prints one JSON document per line (NDJSON): the snapshot first, then events.
import { ThurmError } from '../errors.js';
import { printable, safeJson } from '../sanitize.js';
import type { EventsSnapshot, SessionInfo } from '../server/protocol.js';
import type { PublicEvent } from '../server/events.js';
import { Connection } from './connection.js';

/** One event as a line for people: `12:00:01 status-changed pane 2: blocked (report) claude: text`. */
export function eventLine(e: PublicEvent): string {
  const time = e.at.slice(11, 19);
  const pane = e.pane === undefined ? '' : ` pane ${e.pane}`;
  const { type: _t, seq: _s, at: _a, pane: _p, ...details } = e;
  const status = 'status' in e ? e.status : undefined;
  const what = status
    ? `${status.state} (${status.source})${status.app ? ` ${status.app}` : ''}${status.text ? `: ${status.text}` : ''}`
    : Object.entries(details).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`).join(' ');
  return printable(`${time} ${e.type}${pane}${what ? `: ${what}` : ''}`);
}

/**
 * Prints the snapshot, then each event, until the session ends. When its server hands the session
 * to a new one (`server upgrade`) the stream goes on from there: a new snapshot (with `"resumed":
 * "server-upgrade"`; its events are numbered from 1 again), then that server's events.
 */
export async function runEvents(socket: string, opts: { json: boolean; pane?: string; types?: string[] }): Promise<number> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  let connection: Connection | null = await Connection.open(socket);
  for (let resumed = false; ; resumed = true) {
    const { ended } = await stream(connection, opts, out, resumed);
    if (ended) return 0;
    if (!connection.upgraded) {
      const why = connection.ws.closeReason?.reason;
      throw new ThurmError('SERVER_UNAVAILABLE', why ? `events: dropped by the server: ${why}` : 'events: the server closed the stream');
    }
    connection = await Connection.reopen(socket);
    if (!connection) throw new ThurmError('SERVER_UNAVAILABLE', 'events: the server was upgraded and no new server answered');
  }
}

/** One subscription's snapshot and events, until its connection closes. */
async function stream(connection: Connection, opts: { json: boolean; pane?: string; types?: string[] }, out: (line: string) => void, resumed: boolean): Promise<{ ended: boolean }> {
  let ended = false;
  connection.ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    const msg = JSON.parse(data.toString()) as { type?: string; event?: PublicEvent };
    if (msg.type !== 'event' || !msg.event) return;
    if (msg.event.type === 'session-ended') ended = true;
    out(opts.json ? safeJson(JSON.stringify(msg.event)) : eventLine(msg.event));
  });
  const closed = new Promise<void>((resolve) => connection.ws.on('close', () => resolve()));
  // Closed by an upgrade before it answered: asked again of the new server.
  const snapshot = await connection.request<SessionInfo>('subscribe', { pane: opts.pane, types: opts.types }).catch((err: unknown) => {
    if (connection.upgraded) return null;
    throw err;
  });
  if (!snapshot) return { ended: false };
  const first: EventsSnapshot = { type: 'snapshot', ...snapshot };
  if (opts.json) out(safeJson(JSON.stringify(resumed ? { ...first, resumed: 'server-upgrade' } : first)));
  else {
    if (resumed) out('-- the session moved to a new server (server upgrade): events go on from its snapshot --');
    out(printable(`session ${snapshot.session}: ${snapshot.panes.length} pane${snapshot.panes.length === 1 ? '' : 's'}`));
    for (const p of snapshot.panes) out(printable(`  pane ${p.id}${p.focused ? ' (focused)' : ''}: ${p.title}: ${p.status.state}${p.status.text ? ` ${p.status.text}` : ''}`));
  }
  await closed;
  return { ended };
}
