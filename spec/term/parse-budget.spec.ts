import test from 'ava';
import { ParseBudget, type ParseTarget } from '../../lib/term/parse-budget.js';
import { waitUntil } from '../helpers/wait.js';

/** A target that records the chunks handed to it and the turn of the event loop they came in. */
function recorder(name: string, log: string[]): ParseTarget {
  return { write: (data, done) => { log.push(`${name}:${data.length}`); done?.(); } };
}

const nextTurn = () => new Promise((r) => setImmediate(r));

test('each turn of the event loop hands over at most one slice, one chunk per pane in turn', async (t) => {
  const budget = new ParseBudget(30);
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
  const budget = new ParseBudget(1);
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
  const budget = new ParseBudget(100);
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
