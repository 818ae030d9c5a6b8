import test from 'ava';
import { ParseBudget } from '../../lib/term/parse-budget.js';
import { PaneTerminal } from '../../lib/term/pane-terminal.js';

const write = (term: PaneTerminal, data: string) => new Promise<void>((resolve) => term.write(data, resolve));

/** The rows of `term` changed since `stamp`. */
const changed = (term: PaneTerminal, stamp: number) => Array.from({ length: term.rows }, (_, y) => y).filter((y) => term.dirty.changedSince(y, stamp));

async function fresh(): Promise<PaneTerminal> {
  const term = new PaneTerminal({ cols: 20, rows: 6, scrollback: 50, budget: new ParseBudget() });
  await write(term, '1\r\n2\r\n3\r\n4\r\n5\r\n6\x1b[H');
  return term;
}

/** What each sequence must mark, and rows it must leave clean (xterm also marks the rows the cursor crossed). */
const cases: [string, string, number[], number[]][] = [
  ['text on one row', '\x1b[3;1Hhello', [2], [3, 4, 5]],
  ['erasing a line', '\x1b[5;1H\x1b[2K', [4], [5]],
  ['a newline at the bottom (the screen scrolls)', '\x1b[6;1H\n', [0, 1, 2, 3, 4, 5], []],
  ['insert lines inside a scroll region', '\x1b[2;4r\x1b[3;1H\x1b[L\x1b[r', [2, 3], [4, 5]],
  ['clearing the screen', '\x1b[2J', [0, 1, 2, 3, 4, 5], []],
  ['the alternate screen', '\x1b[?1049h', [0, 1, 2, 3, 4, 5], []],
  ['a full reset (RIS)', '\x1bc', [0, 1, 2, 3, 4, 5], []],
  ['a cursor move', '\x1b[2;7H', [], [2, 3, 4, 5]],
];
for (const [what, seq, marked, clean] of cases) {
  test(`${what} marks ${marked.length ? `rows ${marked.join(', ')}` : 'no row it did not cross'}`, async (t) => {
    const term = await fresh();
    const stamp = term.dirty.stamp;
    t.deepEqual(changed(term, stamp), []);
    await write(term, seq);
    const got = changed(term, stamp);
    for (const y of marked) t.true(got.includes(y), `row ${y} is marked (${got.join(', ')})`);
    for (const y of clean) t.false(got.includes(y), `row ${y} stays clean (${got.join(', ')})`);
    term.dispose();
  });
}

test('a resize or a new scrollback depth marks every row; a reader that drew after a change sees none', async (t) => {
  const term = await fresh();
  let stamp = term.dirty.stamp;
  term.resize(30, 6);
  t.is(changed(term, stamp).length, 6);
  stamp = term.dirty.stamp;
  term.scrollback = 10;
  t.is(changed(term, stamp).length, 6);
  stamp = term.dirty.stamp;
  t.deepEqual(changed(term, stamp), []);
  term.dispose();
});
