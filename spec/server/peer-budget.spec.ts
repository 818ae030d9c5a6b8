import { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';
import test from 'ava';
import type { WebSocket } from 'ws';
import { PeerBudget, WRITE_COST } from '../../lib/server/peer-budget.js';

/** A connection whose writes leave only when `read()` is called, as a peer that reads. */
function connection() {
  const ws = new EventEmitter() as EventEmitter & Record<string, unknown>;
  const pending: (() => void)[] = [];
  const seen = { closed: '', cut: false };
  Object.assign(ws, {
    OPEN: 1,
    readyState: 1,
    send: (_data: unknown, _opts: unknown, cb: () => void) => pending.push(cb),
    close: (_code: number, reason: string) => {
      seen.closed = reason;
    },
    terminate: () => {
      seen.cut = true;
      ws.readyState = 3;
      ws.emit('close');
    },
  });
  const socket = { cork() {}, uncork() {}, destroy() {} } as unknown as Duplex;
  return { ws: ws as unknown as WebSocket, socket, seen, read: () => { for (const cb of pending.splice(0)) cb(); } };
}

const nextTurn = () => new Promise((r) => setImmediate(r));

test('room made for a reply before it is built drops and cuts off the peers that left what they were sent unread, and no reader', async (t) => {
  const logged: string[] = [];
  const budget = new PeerBudget(10_000, (line) => logged.push(line));
  const silent = connection();
  const reader = connection();
  const quiet = budget.add(silent.ws, silent.socket, 'silent subscriber');
  const reading = budget.add(reader.ws, reader.socket, 'reading subscriber');
  quiet.send(Buffer.alloc(6000), false);
  reading.send(Buffer.alloc(2000), false);
  await nextTurn();
  reader.read();
  reading.send(Buffer.alloc(2000), false);
  t.is(budget.queued, 6000 + 2000 + 2 * WRITE_COST);

  budget.makeRoom(500);
  t.false(silent.seen.cut, 'there was room: nobody goes');
  budget.makeRoom(4000);
  t.regex(silent.seen.closed, /^too-slow: /, 'told why');
  t.true(silent.seen.cut, 'and cut off at once: what it held is needed now');
  t.is(budget.queued, 2000 + WRITE_COST);
  t.regex(logged.join('\n'), /dropped silent subscriber had the most queued/);
  // What the reader was sent this turn has not had a chance to leave: it is not behind.
  budget.makeRoom(9500);
  t.false(reader.seen.cut);
  t.is(reader.seen.closed, '');
});
