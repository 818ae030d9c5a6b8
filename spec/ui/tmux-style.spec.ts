import test from 'ava';
import { styleForeground, tmuxColour } from '../../lib/ui/tmux-style.js';

const CASES: [string | undefined, string | null][] = [
  ['fg=blue', '34'],
  ['fg=brightred,bold', '91'],
  ['bg=black,fg=colour208', '38;5;208'],
  ['fg=color33', '38;5;33'],
  ['fg=#ff8800', '38;2;255;136;0'],
  ['fg=default', null],
  ['fg=colour256', null],
  ['bg=red', null],
  ['fg=red fg=green', '32'],
  ['', null],
  [undefined, null],
];

for (const [style, sgr] of CASES) {
  test(`the foreground of tmux style ${JSON.stringify(style)} is ${sgr ?? 'none'}`, (t) => {
    t.is(styleForeground(style), sgr);
  });
}

test('a colour tmux does not know is none', (t) => {
  t.is(tmuxColour('chartreuse'), null);
  t.is(tmuxColour('#12345'), null);
});
