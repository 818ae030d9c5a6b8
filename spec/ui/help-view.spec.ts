import test from 'ava';
import { wrapLine } from '../../lib/ui/help-view.js';

test('a help line wider than the box wraps at a space, continuing under the description', (t) => {
  const line = `  ${'M-Up'.padEnd(14)} resize the focused pane by five cells toward the top of the window`;
  const lines = wrapLine(line, 40);
  t.true(lines.length > 1);
  t.true(lines.every((l) => l.length <= 40), JSON.stringify(lines));
  t.true(lines.slice(1).every((l) => l.startsWith(' '.repeat(17)) && l[17] !== ' '));
  const words = (s: string) => s.split(' ').filter(Boolean);
  t.deepEqual(words(lines.join(' ')), words(line), 'no word is lost or cut');
});

test('a line that fits is left as it is', (t) => t.deepEqual(wrapLine('  ?              this help', 40), ['  ?              this help']));
