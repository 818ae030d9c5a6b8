import test from 'ava';
import { ThurmError } from '../../lib/errors.js';
import { MAX_CHANNELS, WaitChannels } from '../../lib/session/wait-channels.js';

/** Whether `p` has settled by the time the promise jobs queued so far have run. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  p.then(() => { done = true; }, () => { done = true; });
  await new Promise((r) => setImmediate(r));
  return done;
}

test('wait-for: a wait returns once the channel is signalled, and one signal wakes every waiter', async (t) => {
  const channels = new WaitChannels();
  const a = channels.wait('ch');
  const b = channels.wait('ch');
  const other = channels.wait('other');
  t.false(await settled(a));
  channels.signal('ch');
  t.true(await settled(a));
  t.true(await settled(b));
  t.false(await settled(other), 'another channel still waits');
  t.is(channels.size, 1, 'the signalled channel is forgotten');
});

test('wait-for: a signal no one waited for is kept for the next wait only', async (t) => {
  const channels = new WaitChannels();
  channels.signal('ch');
  t.true(await settled(channels.wait('ch')));
  t.false(await settled(channels.wait('ch')), 'the kept signal was used up');
});

test('wait-for: -L takes the lock, later lockers wait in the order they came, and -U hands it on', async (t) => {
  const channels = new WaitChannels();
  t.true(await settled(channels.lock('l')));
  const order: string[] = [];
  const second = channels.lock('l').then(() => order.push('second'));
  const third = channels.lock('l').then(() => order.push('third'));
  t.false(await settled(second));
  channels.unlock('l');
  await second;
  t.deepEqual(order, ['second']);
  t.false(await settled(third));
  channels.unlock('l');
  await third;
  channels.unlock('l');
  t.deepEqual(order, ['second', 'third']);
  t.is(channels.size, 0);
  const err = t.throws(() => channels.unlock('l'), { instanceOf: ThurmError });
  t.is(err?.message, 'channel l not locked');
});

test('wait-for: a waiter whose client went away is taken out, and flush releases everyone', async (t) => {
  const channels = new WaitChannels();
  const gone = new AbortController();
  const left = channels.wait('ch', gone.signal);
  gone.abort();
  await t.throwsAsync(left, { message: 'client went away' });
  t.is(channels.size, 0, 'nothing is kept for a waiter that left');
  const locked = channels.lock('l');
  const waiting = channels.lock('l');
  const waiter = channels.wait('w');
  channels.flush();
  await Promise.all([locked, waiting, waiter]);
  t.is(channels.size, 0);
});

test('wait-for: channels are bounded; a channel that holds nothing costs nothing', async (t) => {
  const channels = new WaitChannels();
  for (let i = 0; i < MAX_CHANNELS; i++) channels.signal(`c${i}`);
  const err = t.throws(() => channels.signal('one more'), { instanceOf: ThurmError });
  t.is(err?.code, 'SERVER_BUSY');
  await channels.wait('c0');
  channels.signal('one more');
  t.is(channels.size, MAX_CHANNELS);
});
