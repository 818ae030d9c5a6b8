import test from 'ava';
import { PaneTerminal } from '../../lib/term/pane-terminal.js';

const write = (term: PaneTerminal, data: string) => new Promise<void>((resolve) => term.write(data, resolve));

/** A 20x5 terminal holding rows "1".."5", nothing scrolled off yet. */
async function numbered(): Promise<PaneTerminal> {
  const term = new PaneTerminal({ cols: 20, rows: 5, scrollback: 100 });
  await write(term, '1\r\n2\r\n3\r\n4\r\n5');
  return term;
}

// Each of these made xterm.js throw mid-parse, after which the pane showed nothing more: the
// screen must be what the sequence means, and output after it must still arrive.
const cases: [string, string, string[]][] = [
  ['ED 1 from the last cell of the screen', '\x1b[5;20H\x1b[1J', ['', '', '', '', '']],
  ['ED 1 from the last cell with a wrap pending', '\x1b[5;20Hx\x1b[1J', ['', '', '', '', '']],
  ['DECSED 1 from the last cell', '\x1b[5;20H\x1b[?1J', ['', '', '', '', '']],
  ['ED 1 from the last cell of the alternate screen', '\x1b[?1049hA\x1b[5;20H\x1b[1J', ['', '', '', '', '']],
  ['ED 1 from another cell (unchanged)', '\x1b[3;1H\x1b[1J', ['', '', '', '4', '5']],
];
for (const [name, seq, screen] of cases) {
  test(`${name} erases what it means and the pane goes on parsing`, async (t) => {
    const term = await numbered();
    await write(term, seq);
    t.deepEqual(term.screenText(), screen);
    await write(term, '\x1b[1;10Hafter');
    t.is(term.screenText()[0], `${screen[0].padEnd(9)}after`);
    term.dispose();
  });
}

// Found by the pane-pipeline property check after 33,348 hostile streams: the cursor at column 81 of 80.
for (const [name, mark] of [['a combining mark', '\u0301'], ['a zero-width space', '\u200b']]) {
  test(`${name} after a control, with a wrap pending, leaves the cursor one past the last column and the next text wraps`, async (t) => {
    const term = new PaneTerminal({ cols: 20, rows: 5, scrollback: 100 });
    await write(term, `\x1b[20Ga\x07${mark}`);
    t.deepEqual([term.cursor.x, term.cursor.y], [20, 0]);
    await write(term, 'b\x08\x08X');
    t.is(term.screenText()[0].trimEnd(), `${' '.repeat(19)}a`);
    t.is(term.screenText()[1].trimEnd(), 'X', 'after b wrapped, two backspaces stop at the first column');
    term.dispose();
  });
}
