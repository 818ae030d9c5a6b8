import test from 'ava';
import xtermHeadless from '@xterm/headless';
import { historyOf, type History } from '../../lib/term/history.js';
import { modeKeysOf, type ModeKeys } from '../../lib/ui/copy-keys.js';
import { CopyMode } from '../../lib/ui/copy-mode.js';
import { useUnicode11 } from '../../lib/term/unicode.js';

/** A history of plain lines with `rows` of them on screen; `wrapped` lines continue the one before. */
function history(lines: string[], rows: number, cols = 20, wrapped = new Set<number>()): History {
  return {
    length: lines.length, base: lines.length - rows, rows, cols,
    text: (i) => lines[i] ?? '',
    columnOf: (_i, offset) => offset,
    offsetOf: (_i, column) => column,
    wrapped: (i) => wrapped.has(i),
  };
}

const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}`);

function keys(mode: CopyMode, ...names: string[]) {
  return names.map((n) => mode.key(n)).at(-1);
}

test('copy mode starts on the live screen with the cursor where the pane has it', (t) => {
  const mode = new CopyMode(history(numbered(100), 10), { x: 3, y: 9 });
  t.is(mode.top, 90);
  t.deepEqual(mode.cursor, { x: 3, y: 99 });
  t.is(mode.position, '[0/90]');
  t.true(mode.atBottom);
});

test('pages, half pages and lines scroll the view; g and G go to the top and the bottom', (t) => {
  const mode = new CopyMode(history(numbered(100), 10), { x: 0, y: 9 });
  keys(mode, 'C-b');
  t.is(mode.top, 80);
  t.is(mode.position, '[10/90]');
  keys(mode, 'C-u');
  t.is(mode.top, 75);
  keys(mode, 'C-y');
  t.is(mode.top, 74);
  keys(mode, 'C-d');
  t.is(mode.top, 79);
  keys(mode, 'g');
  t.deepEqual([mode.top, mode.cursor.y], [0, 0]);
  keys(mode, 'k', 'C-b');
  t.is(mode.top, 0, 'never above the oldest line');
  keys(mode, 'G');
  t.deepEqual([mode.top, mode.cursor.y], [90, 99]);
  keys(mode, 'C-f');
  t.is(mode.top, 90, 'never below the live screen');
});

test('moving the cursor past the view scrolls it by one line', (t) => {
  const mode = new CopyMode(history(numbered(100), 10), { x: 0, y: 0 });
  t.is(mode.cursor.y, 90);
  keys(mode, 'k');
  t.deepEqual([mode.top, mode.cursor.y], [89, 89]);
});

test('lines dropped from the oldest end move the view with its text', (t) => {
  const mode = new CopyMode(history(numbered(100), 10), { x: 0, y: 0 });
  keys(mode, 'C-b', 'v');
  mode.trimmed(5);
  t.is(mode.top, 75);
  t.deepEqual(mode.selection?.anchor, { x: 0, y: 84 });
});

test('v selects characters across lines, V whole lines and C-v a block; y copies', (t) => {
  const lines = ['alpha beta', 'gamma delta', 'epsilon'];
  const at = (x: number, y: number) => {
    const mode = new CopyMode(history(lines, 3), { x, y });
    return mode;
  };
  const char = at(6, 0);
  t.deepEqual(keys(char, 'v', 'j', 'h'), { kind: 'stay' });
  t.deepEqual(char.key('y'), { kind: 'copy', text: 'beta\ngamma' });
  const line = at(3, 0);
  t.deepEqual(keys(line, 'V', 'j', 'Enter'), { kind: 'copy', text: 'alpha beta\ngamma delta' });
  const block = at(1, 0);
  t.deepEqual(keys(block, 'C-v', 'j', 'j', 'l', 'l', 'y'), { kind: 'copy', text: 'lph\namm\npsi' });
});

test('text the program wrapped is copied as one line', (t) => {
  const mode = new CopyMode(history(['a long li', 'ne ends', 'next'], 3, 9, new Set([1])), { x: 0, y: 0 });
  t.deepEqual(keys(mode, 'v', 'j', 'j', '$', 'y'), { kind: 'copy', text: 'a long line ends\nnext' });
});

test('selected cells are exactly the ones between anchor and cursor', (t) => {
  const mode = new CopyMode(history(['0123456789', '0123456789'], 2), { x: 5, y: 0 });
  keys(mode, 'v', 'j', 'h', 'h');
  t.false(mode.selected(4, 0));
  t.true(mode.selected(5, 0));
  t.true(mode.selected(9, 0));
  t.true(mode.selected(3, 1));
  t.false(mode.selected(4, 1));
});

test('q leaves copy mode; Escape clears a selection first', (t) => {
  const mode = new CopyMode(history(numbered(5), 5), { x: 0, y: 0 });
  keys(mode, 'v');
  t.deepEqual(mode.key('Escape'), { kind: 'stay' });
  t.is(mode.selection, null);
  t.deepEqual(mode.key('Escape'), { kind: 'exit' });
  t.deepEqual(mode.key('q'), { kind: 'exit' });
});

test('search backward is incremental, n and N repeat it both ways, and it wraps around', (t) => {
  const lines = ['error one', 'fine', 'an error two', 'fine', 'prompt $'];
  const mode = new CopyMode(history(lines, 2), { x: 0, y: 1 });
  t.is(mode.cursor.y, 4);
  keys(mode, '?', 'e', 'r');
  t.deepEqual(mode.prompt, { pattern: 'er', backward: true });
  t.deepEqual(mode.cursor, { x: 3, y: 2 }, 'each keystroke moves to the nearest match');
  keys(mode, 'r', 'o', 'r', 'Enter');
  t.is(mode.prompt, null);
  t.deepEqual(mode.matchesOn(2), [{ x: 3, length: 5 }]);
  keys(mode, 'n');
  t.deepEqual(mode.cursor, { x: 0, y: 0 });
  t.is(mode.top, 0, 'the view follows the match');
  keys(mode, 'n');
  t.deepEqual(mode.cursor, { x: 3, y: 2 });
  t.regex(mode.message ?? '', /hit TOP/);
  keys(mode, 'N');
  t.deepEqual(mode.cursor, { x: 0, y: 0 });
});

test('a search in lower case matches either case; one with capitals matches exactly', (t) => {
  const mode = new CopyMode(history(['Error', 'error', 'x'], 3), { x: 0, y: 2 });
  keys(mode, '/', 'e', 'r', 'r', 'Enter');
  t.deepEqual(mode.cursor, { x: 0, y: 0 });
  keys(mode, 'g', '/', 'E', 'Enter', 'n');
  t.deepEqual(mode.cursor, { x: 0, y: 0 });
  t.regex(mode.message ?? '', /hit BOTTOM/);
});

test('a pattern that matches nothing says so and leaves the cursor; Escape in the prompt goes back', (t) => {
  const mode = new CopyMode(history(['abc', 'def'], 2), { x: 1, y: 1 });
  keys(mode, '/', 'z', 'Enter');
  t.deepEqual(mode.cursor, { x: 1, y: 1 });
  t.regex(mode.message ?? '', /not found: z/);
  keys(mode, '/', 'a');
  t.deepEqual(mode.cursor, { x: 0, y: 0 });
  keys(mode, 'Escape');
  t.deepEqual(mode.cursor, { x: 1, y: 1 });
  t.is(mode.prompt, null);
});

test('w and b move by words across lines', (t) => {
  const mode = new CopyMode(history(['foo bar', 'baz'], 2), { x: 0, y: 0 });
  keys(mode, 'w');
  t.deepEqual(mode.cursor, { x: 4, y: 0 });
  keys(mode, 'w');
  t.deepEqual(mode.cursor, { x: 0, y: 1 });
  keys(mode, 'b');
  t.deepEqual(mode.cursor, { x: 4, y: 0 });
});

test('the history of a real terminal maps wide characters to their columns', async (t) => {
  const xterm = new xtermHeadless.Terminal({ cols: 20, rows: 3, allowProposedApi: true });
  await new Promise<void>((resolve) => xterm.write('日本 ok\r\nplain', resolve));
  const h = historyOf(xterm);
  t.is(h.text(0), '日本 ok');
  t.is(h.columnOf(0, 3), 5, '"ok" starts in column 5');
  t.is(h.offsetOf(0, 5), 3);
  const mode = new CopyMode(h, { x: 5, y: 0 });
  t.deepEqual(keys(mode, 'v', 'l', 'y'), { kind: 'copy', text: 'ok' });
  xterm.dispose();
});

test('h and l step over a wide character whole, so a selection never holds half of one', async (t) => {
  const xterm = new xtermHeadless.Terminal({ cols: 20, rows: 3, allowProposedApi: true });
  t.teardown(() => xterm.dispose());
  // As every pane counts widths: the rocket is two columns wide too.
  useUnicode11(xterm);
  await new Promise<void>((resolve) => xterm.write('日本語🚀 abc', resolve));
  const mode = new CopyMode(historyOf(xterm), { x: 0, y: 0 });
  const columns = [0];
  for (let i = 0; i < 5; i++) {
    keys(mode, 'l');
    columns.push(mode.cursor.x);
  }
  t.deepEqual(columns, [0, 2, 4, 6, 8, 9]);
  keys(mode, 'h', 'h');
  t.is(mode.cursor.x, 6);
  t.deepEqual(keys(mode, '0', 'v', 'l', 'y'), { kind: 'copy', text: '日本' });
});

test('vi: e, W, B and E move to word ends and over words of anything but blanks', (t) => {
  const mode = new CopyMode(history(['foo.bar baz', 'qux-1 end'], 2), { x: 0, y: 0 });
  keys(mode, 'e');
  t.deepEqual(mode.cursor, { x: 2, y: 0 }, 'e: the end of "foo"');
  keys(mode, 'e');
  t.deepEqual(mode.cursor, { x: 6, y: 0 }, 'e: "." is no word character, so the end of "bar"');
  keys(mode, '0', 'W');
  t.deepEqual(mode.cursor, { x: 8, y: 0 }, 'W: over "foo.bar" whole');
  keys(mode, 'W');
  t.deepEqual(mode.cursor, { x: 0, y: 1 }, 'W: on to the next line');
  keys(mode, 'E');
  t.deepEqual(mode.cursor, { x: 4, y: 1 }, 'E: the end of "qux-1"');
  keys(mode, 'B', 'B');
  t.deepEqual(mode.cursor, { x: 8, y: 0 }, 'B: back over the line end to "baz"');
});

test('vi: f, F, t and T jump to a character on the line; ; repeats and , goes the other way', (t) => {
  const mode = new CopyMode(history(['a=1, b=2, c=3'], 1, 20), { x: 0, y: 0 });
  keys(mode, 'f', ',');
  t.is(mode.cursor.x, 3);
  keys(mode, ';');
  t.is(mode.cursor.x, 8);
  keys(mode, ',');
  t.is(mode.cursor.x, 3, ', goes back');
  keys(mode, 't', '=');
  t.is(mode.cursor.x, 5, 't stops before the "=" of b');
  keys(mode, ';');
  t.is(mode.cursor.x, 10, 't again passes the "=" it stands before');
  keys(mode, 'F', 'a');
  t.is(mode.cursor.x, 0);
  keys(mode, '$', 'T', 'b');
  t.is(mode.cursor.x, 6, 'T stops after the b');
  keys(mode, 'f', 'z');
  t.is(mode.cursor.x, 6, 'no z: the cursor stays');
});

test('vi: Space begins a selection, o swaps its ends, D copies to the end of the line, A appends', (t) => {
  const lines = ['  indented text', 'second line'];
  const mode = new CopyMode(history(lines, 2), { x: 6, y: 0 });
  keys(mode, '^');
  t.is(mode.cursor.x, 2, '^: the first non-blank');
  keys(mode, 'Space', 'e');
  t.deepEqual(mode.selection?.anchor, { x: 2, y: 0 });
  keys(mode, 'o');
  t.deepEqual([mode.cursor.x, mode.selection?.anchor.x], [2, 9], 'o: the cursor goes to the other end');
  t.deepEqual(mode.key('A'), { kind: 'copy', text: 'indented', append: true });
  const tail = new CopyMode(history(lines, 2), { x: 7, y: 1 });
  t.deepEqual(tail.key('D'), { kind: 'copy', text: 'line' });
});

test('vi: { and } go to the blank line above and below', (t) => {
  const mode = new CopyMode(history(['one', 'two', '', 'three', '', 'four'], 6), { x: 0, y: 0 });
  keys(mode, '}');
  t.is(mode.cursor.y, 2);
  keys(mode, '}');
  t.is(mode.cursor.y, 4);
  keys(mode, '}');
  t.is(mode.cursor.y, 5, 'no blank line below: the last line');
  keys(mode, '{');
  t.is(mode.cursor.y, 4);
});

test('emacs: the emacs table moves, selects with C-Space, copies with M-w and leaves with Escape', (t) => {
  const lines = ['alpha beta', 'gamma delta', 'epsilon'];
  const mode = new CopyMode(history(lines, 3), { x: 0, y: 0 }, 'emacs');
  keys(mode, 'C-f', 'C-f');
  t.deepEqual(mode.cursor, { x: 2, y: 0 });
  keys(mode, 'C-a', 'M-f');
  t.deepEqual(mode.cursor, { x: 4, y: 0 }, 'M-f: the end of the word');
  keys(mode, 'C-n', 'C-e');
  t.deepEqual(mode.cursor, { x: 10, y: 1 });
  keys(mode, 'M-b', 'C-Space', 'C-e');
  t.deepEqual(mode.key('M-w'), { kind: 'copy', text: 'delta' });
  keys(mode, 'M-<');
  t.deepEqual(mode.cursor, { x: 0, y: 0 });
  keys(mode, 'C-Space', 'C-n', 'C-g');
  t.is(mode.selection, null, 'C-g clears the selection');
  t.deepEqual(mode.key('C-k'), { kind: 'copy', text: 'gamma delta' });
  keys(mode, 'j', 'k', 'v');
  t.deepEqual(mode.cursor, { x: 0, y: 1 }, 'vi keys do nothing in the emacs table');
  t.is(mode.selection, null);
  keys(mode, 'C-s', 'e', 'p', 'Enter');
  t.deepEqual(mode.cursor, { x: 0, y: 2 }, 'C-s searches forward');
  t.deepEqual(mode.key('Escape'), { kind: 'exit' });
});

test('emacs: R makes the selection a block and back, and a new selection keeps it, as tmux\'s rectangle flag', (t) => {
  const mode = new CopyMode(history(['abcd', 'efgh'], 2), { x: 1, y: 0 }, 'emacs');
  keys(mode, 'C-Space', 'C-n', 'C-f', 'R');
  t.is(mode.selection?.mode, 'block');
  t.deepEqual(mode.key('M-w'), { kind: 'copy', text: 'bc\nfg' });
  keys(mode, 'C-Space');
  t.is(mode.selection?.mode, 'block');
  keys(mode, 'R');
  t.is(mode.selection?.mode, 'char');
});

test('mode-keys: a tmux set-option value of the session wins over the config; any other value is passed over', (t) => {
  const mux = (option: string | undefined, config: ModeKeys) => ({
    tmuxOptions: { get: (name: string, scopes: readonly string[]) => (name === 'mode-keys' && scopes.includes('session') ? option : undefined) },
    config: { keys: { modeKeys: config } },
  }) as unknown as Parameters<typeof modeKeysOf>[0];
  t.is(modeKeysOf(mux(undefined, 'emacs')), 'emacs');
  t.is(modeKeysOf(mux('vi', 'emacs')), 'vi');
  t.is(modeKeysOf(mux('emacs', 'vi')), 'emacs');
  t.is(modeKeysOf(mux('vim', 'emacs')), 'emacs');
});
