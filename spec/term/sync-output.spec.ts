import test from 'ava';
import { PaneTerminal } from '../../lib/term/pane-terminal.js';
import { SYNC_TIMEOUT_MS } from '../../lib/term/sync-output.js';
import { waitUntil } from '../helpers/wait.js';

function terminal(t: { teardown(fn: () => void): void }) {
  const term = new PaneTerminal({ cols: 20, rows: 3, scrollback: 10 });
  t.teardown(() => term.dispose());
  const write = (data: string) => new Promise<void>((resolve) => term.write(data, resolve));
  return { term, write };
}

test('DECRQM ?2026 is answered as supported: reset, then set', async (t) => {
  const { term, write } = terminal(t);
  const replies: string[] = [];
  term.onReply((data) => replies.push(data));
  await write('\x1b[?2026$p\x1b[?2026h\x1b[?2026$p');
  t.deepEqual(replies, ['\x1b[?2026;2$y', '\x1b[?2026;1$y']);
});

test('inside an update the live screen is the last complete frame; capture waits for the end', async (t) => {
  const { term, write } = terminal(t);
  await write('frame-one');
  await write('\x1b[?2026h\x1b[2J\x1b[Hhalf');
  t.true(term.sync.updating);
  t.is(term.liveScreen()[0], 'frame-one');
  let settled = false;
  const done = term.sync.settled().then(() => { settled = true; });
  await write(' frame-two');
  t.false(settled);
  await write('\x1b[?2026l');
  await done;
  t.false(term.sync.updating);
  t.is(term.liveScreen()[0], 'half frame-two');
});

test('an update that never ends is shown after the timeout, and readers are told', async (t) => {
  const { term, write } = terminal(t);
  let shown = 0;
  term.onParsed(() => shown++);
  const began = Date.now();
  await write('\x1b[?2026hstuck');
  const before = shown;
  await term.sync.settled();
  t.true(Date.now() - began >= SYNC_TIMEOUT_MS - 50);
  t.false(term.sync.updating);
  t.is(term.liveScreen()[0], 'stuck');
  await waitUntil(() => shown > before, 'a redraw after the timeout');
});

test('ending one update and beginning the next in one write does not restart the timeout', async (t) => {
  const { term, write } = terminal(t);
  await write('\x1b[?2026ha');
  // A full timeout counted from the second write: node runs timers of one length in the order
  // they were set, so the first update's timer comes before it, and a restarted one after it.
  const restarted = new Promise<string>((resolve) => setTimeout(() => resolve('a timeout from the second write'), SYNC_TIMEOUT_MS));
  await write('\x1b[?2026l\x1b[?2026hb');
  t.true(term.sync.updating);
  t.is(await Promise.race([term.sync.settled().then(() => 'the first timeout'), restarted]), 'the first timeout');
});
