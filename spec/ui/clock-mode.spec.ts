import test from 'ava';
import { clockLines } from '../../lib/ui/clock-mode.js';

test('the clock draws HH:MM five rows high, and the plain time where that does not fit', (t) => {
  const lines = clockLines('10:27', 80, 24);
  t.is(lines.length, 5);
  t.is(lines[0], '    █ █████   █████ █████');
  t.is(lines[4], '    █ █████   █████     █');
  t.deepEqual(clockLines('10:27', 20, 24), ['10:27']);
  t.deepEqual(clockLines('10:27', 80, 3), ['10:27']);
});
