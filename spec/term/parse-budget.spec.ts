import test from 'ava';
import { ParseBudget, type ParseTarget, SLICE_MS } from '../../lib/term/parse-budget.js';
import { waitUntil } from '../helpers/wait.js';

/** A target that records the chunks handed to it and the turn of the event loop they came in. */
function recorder(name: string, log: string[]): ParseTarget {
  return { write: (data, done) => { log.push(`${name}:${data.length}`); done?.(); } };
}

const nextTurn = () => new Promise((r) => setImmediate(r));

/** A clock that never moves, for the checks about bytes: a preempted worker must not end a turn early. */
const stillClock = () => 0;

test('each turn of the event loop hands over at most one slice, one chunk per pane in turn', async (t) => {
  const budget = new ParseBudget(30, stillClock);
  const log: string[] = [];
  const a = recorder('a', log), b = recorder('b', log);
  for (let i = 0; i < 4; i++) budget.write(a, 'x'.repeat(10));
  budget.write(b, 'y'.repeat(10));
  t.deepEqual(log, []);
  await nextTurn();
  t.deepEqual(log, ['a:10', 'b:10', 'a:10']);
  await waitUntil(() => log.length === 5, 'the rest');
  t.deepEqual(log.slice(3), ['a:10', 'a:10']);
  t.false(budget.waiting(a));
});

test('callbacks run in order once their chunk is handed over, and a forgotten pane gets nothing', async (t) => {
  const budget = new ParseBudget(1, stillClock);
  const log: string[] = [];
  const a = recorder('a', log), b = recorder('b', log);
  const done: number[] = [];
  budget.write(a, 'x', () => done.push(1));
  budget.write(a, 'x', () => done.push(2));
  budget.write(b, 'y');
  budget.forget(b);
  await waitUntil(() => done.length === 2, 'both callbacks');
  t.deepEqual(done, [1, 2]);
  t.deepEqual(log, ['a:1', 'a:1']);
});

test('a held pane gets nothing until released, in order, while the others are served', async (t) => {
  const budget = new ParseBudget(100, stillClock);
  const log: string[] = [];
  const a = recorder('a', log), b = recorder('b', log);
  const release = budget.hold(a);
  budget.write(a, 'x'.repeat(3));
  budget.write(a, 'x'.repeat(4));
  budget.write(b, 'y'.repeat(5));
  t.true(budget.waiting(a), 'its next write queues behind the hold');
  await waitUntil(() => log.length === 1, 'the other pane');
  await nextTurn();
  t.deepEqual(log, ['b:5'], 'nothing of the held pane was handed over');
  release();
  await waitUntil(() => log.length === 3, 'the held output');
  t.deepEqual(log, ['b:5', 'a:3', 'a:4']);
  t.false(budget.waiting(a));
});

test('no more is handed over until the emulators have parsed the slice they hold', async (t) => {
  const budget = new ParseBudget(20, stillClock);
  const log: string[] = [];
  const pending: (() => void)[] = [];
  // Parses later, as xterm does (in a timer): `done` waits until the test lets it run.
  const lazy = (name: string): ParseTarget => ({ write: (data, done) => { log.push(`${name}:${data.length}`); pending.push(() => done?.()); } });
  const a = lazy('a'), b = lazy('b');
  for (let i = 0; i < 3; i++) budget.write(a, 'x'.repeat(10));
  for (let i = 0; i < 3; i++) budget.write(b, 'y'.repeat(10));
  await nextTurn();
  for (let i = 0; i < 5; i++) await nextTurn();
  t.deepEqual(log, ['a:10', 'b:10'], 'one slice, however many turns pass unparsed');
  pending.shift()!();
  await nextTurn();
  t.deepEqual(log, ['a:10', 'b:10', 'a:10'], 'room for one more chunk once one was parsed');
  while (pending.length) {
    pending.shift()!();
    await nextTurn();
  }
  t.deepEqual(log.length, 6);
  t.false(budget.waiting(a) || budget.waiting(b));
});

test('a pane forgotten with output unparsed gives its share of the slice back', async (t) => {
  const budget = new ParseBudget(10, stillClock);
  const log: string[] = [];
  const gone: ParseTarget = { write: (data) => { log.push(`gone:${data.length}`); } };
  budget.write(gone, 'x'.repeat(10));
  await nextTurn();
  budget.forget(gone);
  budget.write(recorder('b', log), 'y'.repeat(10));
  await waitUntil(() => log.length === 2, 'the other pane');
  t.deepEqual(log, ['gone:10', 'b:10']);
});

test('a pane whose chunks take longer than a slice to parse is handed smaller ones, a turn ends after a slice, and quick parsing earns the size back', async (t) => {
  // A clock that moves only as the target parses: each byte costs what the test says.
  let clock = 0;
  let msPerByte = SLICE_MS / 2048;
  const turns: number[][] = [[]];
  const parsed: string[] = [];
  const dear: ParseTarget = {
    write: (data, done) => {
      clock += data.length * msPerByte;
      turns.at(-1)!.push(data.length);
      parsed.push(data as string);
      done?.();
    },
  };
  const budget = new ParseBudget(64 * 1024, () => clock);
  const finished: number[] = [];
  const finishedByTurn: number[] = [];
  const text = (i: number) => String(i).repeat(16 * 1024);
  for (let i = 0; i < 8; i++) budget.write(dear, text(i), () => finished.push(i));
  const turn = async () => {
    await nextTurn();
    finishedByTurn.push(finished.length);
    turns.push([]);
  };
  for (let i = 0; i < 6; i++) await turn();
  // 16 KiB took 64 ms: the next chunks are halved until one (2 KiB) takes no longer than a
  // slice, and a turn hands no more once a slice's time is spent.
  t.deepEqual(turns.slice(0, 6), [[16384], [8192], [4096], [2048], [2048], [2048]]);
  t.deepEqual(finishedByTurn, [1, 1, 1, 1, 2, 2], 'a chunk handed in parts calls back once, after its last part');
  // Quick again: each full chunk earns twice its size, and a turn hands several.
  msPerByte = SLICE_MS / (1024 * 1024);
  await turn();
  t.deepEqual(turns[6].slice(0, 5), [2048, 4096, 8192, 16384, 16384]);
  while (budget.waiting(dear)) await turn();
  t.deepEqual(finished, [0, 1, 2, 3, 4, 5, 6, 7]);
  t.is(parsed.join(''), Array.from({ length: 8 }, (_, i) => text(i)).join(''), 'every byte, in order');
});
