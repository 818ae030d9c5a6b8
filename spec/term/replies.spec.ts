// The fixed-format replies of a pane's emulator: what thurm answers a program's queries with,
// and what it never answers.
import fs from 'node:fs';
import test from 'ava';
import { PaneTerminal } from '../../lib/term/pane-terminal.js';
import { ROOT } from '../helpers/thurm-env.js';

function terminal(t: { teardown(fn: () => void): void }) {
  const term = new PaneTerminal({ cols: 20, rows: 4, scrollback: 10 });
  t.teardown(() => term.dispose());
  const replies: string[] = [];
  term.onReply((data) => replies.push(data));
  const write = (data: string) => new Promise<void>((resolve) => term.write(data, resolve));
  return { replies, write };
}

test('XTVERSION (CSI > q) is answered with thurm and its version, as tmux answers with its own', async (t) => {
  const { replies, write } = terminal(t);
  const { version } = JSON.parse(fs.readFileSync(`${ROOT}/package.json`, 'utf8'));
  await write('\x1b[>q\x1b[>0q\x1b[>1q');
  t.deepEqual(replies, [`\x1bP>|thurm ${version}\x1b\\`, `\x1bP>|thurm ${version}\x1b\\`]);
});

test('title and icon label reports (CSI 21 t, CSI 20 t) get no answer, whatever the title', async (t) => {
  const { replies, write } = terminal(t);
  await write('\x1b]2;evil\rtitle\x07\x1b]1;evil icon\x07\x1b[21t\x1b[20t\x1b[c');
  t.deepEqual(replies, ['\x1b[?1;2c']);
});
