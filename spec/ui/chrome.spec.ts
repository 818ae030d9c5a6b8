// What the status line's window list shows when the windows do not all fit.
import test from 'ava';
import { visibleRun } from '../../lib/ui/chrome.js';

const ten = Array.from({ length: 10 }, () => 10);

test('windows that all fit are all shown', (t) => t.deepEqual(visibleRun(ten, 9, 100), [0, 10]));

test('a list that does not fit is shown from its first window while the current one is among them', (t) => {
  // 44 cells: four labels of 10 and the > mark.
  t.deepEqual(visibleRun(ten, 2, 44), [0, 4]);
});

test('a current window past the end moves the shown run on until it shows, with room for both marks', (t) => {
  const [start, end] = visibleRun(ten, 9, 44);
  t.deepEqual([start, end], [6, 10]);
  const [s2, e2] = visibleRun(ten, 5, 44);
  t.true(s2 > 0 && s2 <= 5 && e2 > 5, `${s2}-${e2}`);
  t.true((e2 - s2) * 10 + 4 <= 44);
});

test('a current window too wide for the room is still the one shown', (t) => t.deepEqual(visibleRun([10, 50, 10], 1, 20), [1, 2]));
