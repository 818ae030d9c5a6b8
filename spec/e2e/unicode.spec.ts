// Golden cases of hard Unicode (raw bytes in, expected screen out) in a pane between two
// neighbours: its own cells are right, and no border or neighbour cell ever moves or changes.
// Two clients watch: one counts widths as thurm's panes do (Unicode 11), one clusters graphemes
// as kitty, WezTerm, foot and Ghostty do (see spec/helpers/widths.ts).
import path from 'node:path';
import test from 'ava';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ROOT, ThurmEnv } from '../helpers/thurm-env.js';
import { useGraphemeWidths } from '../helpers/widths.js';
import { useUnicode11 } from '../../lib/term/unicode.js';

const COLS = 92;
const ROWS = 9;
// Three panes of 30 columns: the player (pane 2) spans columns 31-60, with separators at 30 and 61.
const X0 = 31;
const W = 30;

interface Case {
  name: string;
  /** What the program writes: a string is sent as UTF-8; a Buffer as it is. */
  bytes: string | Buffer;
  /** The player's rows as the client shows them: each cell's text, wide ones once. */
  rows: string[];
}

const HAN = '漢字'.repeat(7) + '漢'; // fills all 30 columns
const latin1 = (s: string) => Buffer.from(s, 'latin1');

const CASES: Case[] = [
  { name: 'a wide character that does not fit in the last column wraps whole to the next row', bytes: `${'a'.repeat(29)}漢b`, rows: ['a'.repeat(29), '漢b'] },
  { name: 'with autowrap off a wide character at the last column is dropped', bytes: `\x1b[?7l${'a'.repeat(29)}漢Z`, rows: [`${'a'.repeat(29)}Z`] },
  { name: 'a wide character written at the last column by a cursor move wraps', bytes: '\x1b[1;30H漢', rows: ['', '漢'] },
  { name: 'a row of wide characters ends exactly at the border', bytes: HAN, rows: [HAN] },
  { name: 'narrow text over the right half of a wide character blanks its left half', bytes: `${HAN}\x1b[1;2Hx`, rows: [` x${'字漢'.repeat(7)}`] },
  { name: 'narrow text over the left half of a wide character blanks its right half', bytes: `${HAN}\x1b[1;3Hx`, rows: [`漢x ${'漢字'.repeat(6)}漢`] },
  { name: 'inserting before wide characters pushes the last one out whole', bytes: `${HAN}\x1b[1;1H\x1b[4hx`, rows: [`x${'漢字'.repeat(7)}`] },
  { name: 'deleting half of a wide character blanks all of it', bytes: `${HAN}\x1b[1;2H\x1b[P`, rows: [` ${'字漢'.repeat(7)}`] },
  { name: 'erasing half of a wide character blanks all of it', bytes: `${HAN}\x1b[1;2H\x1b[X`, rows: [`  ${'字漢'.repeat(6)}字漢`] },
  { name: 'an emoji ZWJ sequence takes a wide cell per emoji', bytes: 'A👨‍👩‍👧B', rows: ['A👨‍👩‍👧B'] },
  { name: 'an emoji ZWJ sequence cut by the last column goes on on the next row', bytes: `${'a'.repeat(28)}👨‍👩‍👧`, rows: [`${'a'.repeat(28)}👨‍`, '👩‍👧'] },
  // A narrow character with U+FE0F is sent without the selector: a terminal would draw it wide.
  { name: 'variation selectors never widen a narrow cell', bytes: `${'x'.repeat(23)}A❤️B☺️C1️⃣D`, rows: [`${'x'.repeat(23)}A❤B☺C1⃣D`] },
  { name: 'a text presentation selector leaves a wide emoji wide', bytes: 'D😀︎E', rows: ['D😀︎E'] },
  { name: 'combining marks stay on their character, however many', bytes: `e\u0301|a${'\u0301\u0302\u0303\u0304'.repeat(12)}|漢\u0301|`, rows: [`e\u0301|a${'\u0301\u0302\u0303\u0304'.repeat(12)}|漢\u0301|`] },
  { name: 'a combining mark with nothing before it does not join the border', bytes: '\u0301x', rows: [' x'] },
  { name: 'a combining mark after the last column joins the character there', bytes: `${'a'.repeat(30)}\u0301Q`, rows: [`${'a'.repeat(29)}a\u0301`, 'Q'] },
  {
    name: 'invalid UTF-8 is dropped without moving what follows',
    bytes: latin1('\xff\xfeA\xe6\xbcB\xc0\xafC\xed\xa0\x80D\x80E\xf8\x88\x80\x80\x80F\xf4\x90\x80\x80G'),
    rows: ['ABCDEFG'],
  },
  { name: 'a UTF-8 sequence cut by an escape sequence leaves the cursor where it moved', bytes: latin1('x\xe6\xbc\x1b[1;10HR\xe6\xbc\xa2'), rows: ['x        R漢'] },
];

/** One cell per column: its text ('' for the right half of a wide character) and its width. */
function cells(term: TestTerminal, y: number, from = 0, to = COLS): { chars: string; width: number }[] {
  const out = [];
  for (let x = from; x < to; x++) {
    const cell = term.cell(x, y);
    out.push({ chars: cell.getChars(), width: cell.getWidth() });
  }
  return out;
}

/** The text of a row's cells, blanks as spaces, trailing blanks cut. */
function rowText(term: TestTerminal, y: number, from: number, to: number): string {
  return cells(term, y, from, to).map((c) => (c.width === 0 ? '' : c.chars || ' ')).join('').trimEnd();
}

let env: ThurmEnv;
let clients: { name: string; term: TestTerminal }[];
/** What each client showed outside the player before any case ran. */
const baseline = new Map<TestTerminal, ReturnType<typeof cells>[]>();

const outside = (row: ReturnType<typeof cells>) => [...row.slice(0, X0), ...row.slice(X0 + W)];

test.before(async () => {
  env = new ThurmEnv();
  // Neighbours fill every column, so any cell pushed into them shows.
  const neighbour = (side: string) => `for i in 0 1 2 3 4 5 6; do printf '%s\\n' "${side}$i$(printf '%0${W - 2}d' 0 | tr 0 .)"; done; printf '${side}7-ready'; exec cat`;
  await env.ok(['new', '-d', '--size', `${COLS}x${ROWS - 1}`, '--', 'sh', '-c', neighbour('L')]);
  await env.ok(['split', '--', process.execPath, path.join(ROOT, 'spec', 'fixtures', 'byte-player.cjs')]);
  await env.ok(['split', '--', 'sh', '-c', neighbour('R')]);
  await env.ok(['equalize']);
  // Fixed titles: a neighbour's border would otherwise follow its program from sh to cat
  // whenever the exec is noticed, which may be after the baseline.
  await env.ok(['rename-pane', '--pane', '1', 'left']);
  await env.ok(['rename-pane', '--pane', '3', 'right']);
  const u11 = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, COLS, ROWS);
  useUnicode11(u11.term);
  const clustering = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, COLS, ROWS);
  useGraphemeWidths(clustering.term);
  clients = [{ name: 'unicode 11', term: u11 }, { name: 'grapheme clustering', term: clustering }];
  for (const { term } of clients) {
    await term.waitFor((s) => ['player-ready', 'L7-ready', 'R7-ready', ' 1 left ', ' 3 right '].every((m) => s.includes(m)), 'all three panes');
    baseline.set(term, Array.from({ length: ROWS - 1 }, (_, y) => cells(term, y)));
  }
});

test.after.always(async () => {
  for (const { term } of clients ?? []) term.kill();
  await env?.cleanup();
});

CASES.forEach((c, i) => {
  test.serial(`${c.name}, and no border or neighbour cell moves`, async (t) => {
    const n = i + 1;
    const bytes = typeof c.bytes === 'string' ? Buffer.from(c.bytes) : c.bytes;
    await env.ok(['send', '--pane', '2', '--enter', `${n} ${bytes.toString('hex')}`]);
    const grids = [];
    for (const { name, term } of clients) {
      // The title comes after the bytes in one write: once the border shows it, all was drawn.
      await term.waitFor((s) => s.includes(` 2 shown-${n} `), `case ${n} in the ${name} client`);
      for (let y = 0; y < ROWS - 1; y++) {
        const row = cells(term, y);
        const before = baseline.get(term)![y];
        t.deepEqual(outside(row), outside(before), `${name} client, row ${y} outside the pane`);
      }
      t.regex(rowText(term, 0, X0, X0 + W), new RegExp(`^─ 2 shown-${n} ─+$`), `${name} client: the pane's header`);
      const rows = Array.from({ length: ROWS - 2 }, (_, y) => rowText(term, y + 1, X0, X0 + W));
      t.deepEqual(rows.slice(0, c.rows.length), c.rows, `${name} client: the pane's rows`);
      t.true(rows.slice(c.rows.length).every((r) => r === ''), `${name} client: nothing below`);
      grids.push(Array.from({ length: ROWS - 2 }, (_, y) => cells(term, y + 1, X0, X0 + W).map((cell) => cell.width)));
    }
    // Both clients lay the pane's cells out alike, whatever they think of the characters.
    t.deepEqual(grids[1], grids[0]);
  });
});
