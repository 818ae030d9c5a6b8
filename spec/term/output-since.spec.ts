import test from 'ava';
import xtermHeadless from '@xterm/headless';
import { OutputSince } from '../../lib/term/output-since.js';

const { Terminal } = xtermHeadless;

function terminal(scrollback = 1000) {
  const xterm = new Terminal({ cols: 40, rows: 5, scrollback, allowProposedApi: true });
  const write = (data: string) => new Promise<void>((resolve) => xterm.write(data, resolve));
  return { xterm, write };
}

test('only text written after the mark counts: not the lines above, nor the cursor\'s line before it', async (t) => {
  const { xterm, write } = terminal();
  await write('old result\r\n$ typed command');
  const since = new OutputSince(xterm);
  t.is(since.text().trim(), '');
  await write(' more\r\nnew output\r\n');
  t.deepEqual(since.text().split('\n').filter(Boolean), [' more', 'new output']);
  since.dispose();
});

test('output that scrolled into the history since the last look is still read, and history from before is not', async (t) => {
  const { xterm, write } = terminal();
  await write(Array.from({ length: 20 }, (_, i) => `before ${i}\r\n`).join(''));
  const since = new OutputSince(xterm);
  await write(Array.from({ length: 12 }, (_, i) => `after ${i}\r\n`).join(''));
  const lines = since.text().split('\n').filter(Boolean);
  t.deepEqual(lines, Array.from({ length: 12 }, (_, i) => `after ${i}`));
  since.dispose();
});

test('a later look reads from one screen above the last one on, so its cost does not grow with the output', async (t) => {
  const { xterm, write } = terminal();
  const since = new OutputSince(xterm);
  await write(Array.from({ length: 100 }, (_, i) => `line ${i}\r\n`).join(''));
  t.true(since.text().includes('line 0'));
  await write('line 100\r\n');
  const later = since.text().split('\n').filter(Boolean);
  t.false(later.includes('line 0'));
  t.true(later.length <= 2 * xterm.rows, `${later.length} lines read`);
  t.is(later.at(-1), 'line 100');
  since.dispose();
});

test('when the mark\'s line is trimmed from a short history, what is left is all new', async (t) => {
  const { xterm, write } = terminal(10);
  await write('typed-before');
  const since = new OutputSince(xterm);
  await write(`\r\n${Array.from({ length: 30 }, (_, i) => `out ${i}`).join('\r\n')}`);
  const text = since.text();
  t.false(text.includes('typed-before'));
  t.true(text.includes('out 29'));
  since.dispose();
});
