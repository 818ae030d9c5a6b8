// The queue that serves every control connection's requests: least served first, a newcomer
// before a crowd's next request, slices that give the event loop back, nothing taken while
// requests wait for their command's module. Time is a fake clock that each request advances.
import test from 'ava';
import { FairQueue, type Turn } from '../../lib/server/fair-queue.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A connection with `requests` queued, each costing `cost` ms of the fake clock; `log` gets its name per request. */
function connection(name: string, requests: number, cost: number, clock: { now: number }, log: string[]): Turn {
  let left = requests;
  return {
    served: 0,
    step() {
      if (!left) return false;
      left--;
      clock.now += cost;
      log.push(name);
      return left > 0;
    },
  };
}

test('a connection that just asked is served before a crowd that keeps asking, each crowd member once per round', async (t) => {
  const clock = { now: 0 };
  const log: string[] = [];
  const queue = new FairQueue(() => null, () => clock.now);
  for (const name of ['a', 'b', 'c']) queue.ready(connection(name, 100, 4, clock, log));
  await tick();
  t.deepEqual(log, ['c', 'b', 'a'], 'one slice: 3 requests of 4 ms, then the event loop');
  queue.ready(connection('list', 1, 0.1, clock, log));
  await tick();
  t.is(log[3], 'list', `served next: ${log.join(' ')}`);
  t.deepEqual(log.slice(4, 7).sort(), ['a', 'b', 'c']);
});

test('the least served goes first: a connection of cheap requests is not held behind costly ones', async (t) => {
  const clock = { now: 0 };
  const log: string[] = [];
  const queue = new FairQueue(() => null, () => clock.now);
  queue.ready(connection('costly', 50, 5, clock, log));
  queue.ready(connection('cheap', 50, 0.5, clock, log));
  for (let i = 0; i < 10; i++) await tick();
  const cheap = log.filter((n) => n === 'cheap').length;
  const costly = log.slice(0, log.lastIndexOf('cheap')).filter((n) => n === 'costly').length;
  t.is(cheap, 50, 'every cheap request served');
  t.true(costly <= 6, `${costly} costly requests in the time the cheap ones took`);
});

test('a slice gives the event loop back after 10 ms of requests, and the rest are served in later turns', async (t) => {
  const clock = { now: 0 };
  const log: string[] = [];
  const queue = new FairQueue(() => null, () => clock.now);
  queue.ready(connection('a', 10, 3, clock, log));
  await tick();
  t.is(log.length, 4, '4 requests of 3 ms reach the 10 ms slice');
  await tick();
  t.is(log.length, 8);
  await tick();
  t.is(log.length, 10);
});

test('nothing more is taken while requests wait for their command to load, and they are served once it has', async (t) => {
  const clock = { now: 0 };
  const log: string[] = [];
  let loaded!: () => void;
  let starting: Promise<void> | null = new Promise((resolve) => { loaded = resolve; });
  const queue = new FairQueue(() => starting, () => clock.now);
  queue.ready(connection('a', 3, 1, clock, log));
  for (let i = 0; i < 3; i++) await tick();
  t.deepEqual(log, []);
  starting = null;
  loaded();
  for (let i = 0; i < 3; i++) await tick();
  t.deepEqual(log, ['a', 'a', 'a']);
});

test('a connection that is gone is never served again', async (t) => {
  const clock = { now: 0 };
  const log: string[] = [];
  const queue = new FairQueue(() => null, () => clock.now);
  const gone = connection('gone', 5, 1, clock, log);
  queue.ready(gone);
  queue.forget(gone);
  queue.ready(connection('b', 1, 1, clock, log));
  await tick();
  t.deepEqual(log, ['b']);
});
