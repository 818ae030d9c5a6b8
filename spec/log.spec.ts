import test from 'ava';
import { ThrottledLog } from '../lib/log.js';

function log() {
  const lines: string[] = [];
  let now = 0;
  const l = new ThrottledLog('pane 1: ', (line) => lines.push(line), () => now, 1000);
  return { l, lines, at: (ms: number) => { now = ms; } };
}

test('a problem repeated within the interval is logged once', (t) => {
  const { l, lines } = log();
  for (let i = 0; i < 10_000; i++) l.problem('parse', 'emulator: Parsing error');
  t.deepEqual(lines, ['pane 1: emulator: Parsing error']);
});

test('after the interval the problem is logged again with the count of repeats it swallowed', (t) => {
  const { l, lines, at } = log();
  l.problem('parse', 'emulator: Parsing error');
  l.problem('parse', 'emulator: Parsing error');
  l.problem('parse', 'emulator: Parsing error');
  at(1000);
  l.problem('parse', 'emulator: Parsing error');
  t.deepEqual(lines, ['pane 1: emulator: Parsing error', 'pane 1: emulator: Parsing error (and 2 more since the last report)']);
});

test('different problems are throttled apart', (t) => {
  const { l, lines } = log();
  l.problem('parse', 'a');
  l.problem('dropped reply', 'b');
  l.problem('parse', 'a');
  t.deepEqual(lines, ['pane 1: a', 'pane 1: b']);
});
