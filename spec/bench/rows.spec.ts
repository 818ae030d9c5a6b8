import test from 'ava';
import { Collected } from '../../bench/rounds.js';
import { buildRows, evaluate, ROWS } from '../../bench/rows.js';

const figures = (thurm: number | null, tmux: number | null, reference: number | null = null, note: string | null = null) => ({ thurm, tmux, reference, note });

test('a goal relative to tmux is met up to its margin and not beyond', (t) => {
  t.true(evaluate(ROWS.echoIdleP50, figures(2.3, 2)));
  t.false(evaluate(ROWS.echoIdleP50, figures(2.31, 2)));
  t.true(evaluate(ROWS.scrollback, figures(14, 7)));
  t.false(evaluate(ROWS.scrollback, figures(14.1, 7)));
  t.true(evaluate(ROWS.floodTotal, figures(13, 10)));
  t.false(evaluate(ROWS.floodTotal, figures(12.9, 10)));
  t.true(evaluate(ROWS.throughputColour, figures(25, 10)));
  t.false(evaluate(ROWS.throughputColour, figures(24.9, 10)));
});

test('a goal against a reference figure needs that figure', (t) => {
  t.true(evaluate(ROWS.listFresh, figures(150, 3, 100)));
  t.false(evaluate(ROWS.listFresh, figures(151, 3, 100)));
  t.false(evaluate(ROWS.listFresh, figures(100, 3, null)));
});

test('a throughput goal is met at its multiple of tmux or at 90% of @xterm/headless alone, whichever the figures reach', (t) => {
  t.true(evaluate(ROWS.throughputPlain, figures(30, 20, null)));
  t.false(evaluate(ROWS.throughputPlain, figures(29, 20, null)));
  t.true(evaluate(ROWS.throughputPlain, figures(27, 20, 30)));
  t.false(evaluate(ROWS.throughputPlain, figures(26.9, 20, 30)));
  t.true(evaluate(ROWS.throughputColour, figures(50, 20, 100)));
  t.false(evaluate(ROWS.throughputColour, figures(49, 20, 100)));
});

test('a row without a goal, or without a figure from thurm, has no verdict', (t) => {
  t.is(evaluate(ROWS.busyEchoP50, figures(1, 1)), null);
  t.is(evaluate(ROWS.rssOnePane, figures(null, 4)), null);
  t.is(evaluate(ROWS.rssOnePane, figures(Number.NaN, 4)), null);
});

test('the slow client goal is met by catching up or by a detach that says something', (t) => {
  t.true(evaluate(ROWS.slowCatchUp, figures(1, 1, null, 'caught up')));
  t.true(evaluate(ROWS.slowCatchUp, figures(1, 1, null, 'detached: [detached: too slow]')));
  t.false(evaluate(ROWS.slowCatchUp, figures(1, 1, null, 'detached without a message')));
  t.false(evaluate(ROWS.slowCatchUp, figures(30, 1, null, 'neither caught up nor detached within 30 s')));
});

test('rows report the median of their rounds and leave out tmux for thurm-only rows', (t) => {
  const c = new Collected();
  for (const [a, b] of [[3, 1], [1, 1], [2, 9]]) {
    c.add('thurm', { echoIdleP50: a, composeP99: a * 10 });
    c.add('tmux', { echoIdleP50: b, composeP99: 1 });
  }
  c.note('thurm', 'slowCatchUp', 'caught up');
  const rows = buildRows(c);
  const echo = rows.find((r) => r.id === 'echoIdleP50')!;
  t.like(echo, { thurm: 2, tmux: 1, met: false, goal: '<= tmux + 0.3 ms' });
  t.deepEqual(echo.rounds, { thurm: [3, 1, 2], tmux: [1, 1, 9] });
  t.like(rows.find((r) => r.id === 'composeP99'), { thurm: 20, tmux: null, met: false });
  t.like(rows.find((r) => r.id === 'slowCatchUp'), { thurm: null, note: 'caught up', met: null });
  t.is(rows.length, Object.keys(ROWS).length);
});
