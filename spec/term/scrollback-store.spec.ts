// The scrollback store against xterm.js itself: a pane's history, whose older lines the store
// keeps compact, must read back exactly as a plain xterm with all the lines in its own buffer.
import test, { type ExecutionContext } from 'ava';
import xtermHeadless from '@xterm/headless';
import { historyOf, joinWrapped, lineAt } from '../../lib/term/history.js';
import { linkIdOf, linkUri } from '../../lib/term/links.js';
import { ParseBudget } from '../../lib/term/parse-budget.js';
import { PaneTerminal } from '../../lib/term/pane-terminal.js';
import { HOT_LINES, storeOf } from '../../lib/term/scrollback-store.js';
import { useUnicode11 } from '../../lib/term/unicode.js';
import { cellInternals } from '../../lib/term/xterm-internals.js';

const { Terminal } = xtermHeadless;
type XTerminal = InstanceType<typeof Terminal>;

const COLS = 40;
const ROWS = 6;

/** Lines of every kind a cell can hold: colours, wide and combined characters, links, underline styles, wraps. */
function mixedOutput(n: number): string {
  const kinds = [
    (i: number) => `plain line ${i} with trailing spaces   `,
    (i: number) => `\x1b[1;31mbold red ${i}\x1b[0m then \x1b[38;5;120m256\x1b[48;2;10;20;30m truecolour bg\x1b[0m`,
    (i: number) => `wide 漢字かな ${i} and more 漢字漢字漢字漢字漢字漢字漢字漢字漢字 past the edge`,
    (i: number) => `emoji 😀 ${i} combined e\u0301 and \x1b[4:3mcurly underline\x1b[0m`,
    (i: number) => `\x1b]8;;https://example.com/${i}\x1b\\link ${i}\x1b]8;;\x1b\\ \x1b[7minverse\x1b[27m \x1b[3;9mitalic struck\x1b[0m`,
    (i: number) => `\x1b[44mblue to the end ${i}\x1b[K\x1b[0m`,
    (i: number) => `${'long '.repeat(20)}${i} wraps over three rows at forty columns or so`,
    (i: number) => `tab\there ${i}\tand\x1b[2mdim\x1b[0m`,
    () => '',
  ];
  return Array.from({ length: n }, (_, i) => kinds[i % kinds.length](i) + '\r\n').join('');
}

function reference(cols: number, rows: number): XTerminal {
  const term = new Terminal({ cols, rows, scrollback: 100_000, allowProposedApi: true });
  useUnicode11(term);
  return term;
}

const writeTo = (term: XTerminal, data: string) => new Promise<void>((resolve) => term.write(data, resolve));
const writePane = (term: PaneTerminal, data: string) => new Promise<void>((resolve) => term.write(data, resolve));

function pane(scrollback = 5000, cols = COLS): PaneTerminal {
  return new PaneTerminal({ cols, rows: ROWS, scrollback, budget: new ParseBudget() });
}

/** Every line of the pane's history equals the reference's, text, wrap and cell by cell. */
function sameHistory(t: ExecutionContext, ours: XTerminal, theirs: XTerminal): void {
  const history = historyOf(ours);
  const buffer = theirs.buffer.normal;
  t.is(history.length, buffer.length, 'as many lines');
  const a = ours.buffer.normal.getNullCell();
  const b = buffer.getNullCell();
  for (let y = 0; y < buffer.length; y++) {
    const mine = lineAt(ours.buffer, y)!;
    const line = buffer.getLine(y)!;
    if (history.text(y) !== line.translateToString(true) || history.wrapped(y) !== line.isWrapped) {
      t.fail(`line ${y} read as text: ${JSON.stringify(history.text(y))} (wrapped ${history.wrapped(y)}), xterm has ${JSON.stringify(line.translateToString(true))} (wrapped ${line.isWrapped})`);
      return;
    }
    if (mine.translateToString(true) !== line.translateToString(true) || mine.isWrapped !== line.isWrapped) {
      t.fail(`line ${y}: ${JSON.stringify(mine.translateToString(true))} (wrapped ${mine.isWrapped}), xterm has ${JSON.stringify(line.translateToString(true))} (wrapped ${line.isWrapped})`);
      return;
    }
    for (let x = 0; x < theirs.cols; x++) {
      mine.getCell(x, a);
      line.getCell(x, b);
      const [ca, cb] = [cellInternals(a), cellInternals(b)];
      const same = a.getChars() === b.getChars() && a.getWidth() === b.getWidth() && ca.fg === cb.fg && ca.bg === cb.bg
        && (a.isUnderline() ? a.isUnderline() === b.isUnderline() : true)
        && linkUri(ours, linkIdOf(a)) === linkUri(theirs, linkIdOf(b));
      if (!same) {
        t.fail(`line ${y} cell ${x}: ${JSON.stringify([a.getChars(), a.getWidth(), ca.fg, ca.bg])}, xterm has ${JSON.stringify([b.getChars(), b.getWidth(), cb.fg, cb.bg])}`);
        return;
      }
    }
  }
  t.pass();
}

/** A pane and a plain xterm with room for everything, both fed `lines` lines of mixedOutput. */
async function fedAlike(t: ExecutionContext, lines: number): Promise<{ term: PaneTerminal; ref: XTerminal }> {
  const term = pane();
  const ref = reference(COLS, ROWS);
  t.teardown(() => { term.dispose(); ref.dispose(); });
  const output = mixedOutput(lines);
  await writePane(term, output);
  await writeTo(ref, output);
  return { term, ref };
}

test('history past xterm\'s own lines reads back as xterm had it: text, wraps, colours, wide and combined characters, links, underline styles', async (t) => {
  const { term, ref } = await fedAlike(t, 900);
  t.true(storeOf(term.xterm.buffer)!.length > 500, 'most of the history is in the store');
  t.true(term.xterm.buffer.normal.baseY <= HOT_LINES, 'xterm keeps only its own few lines');
  sameHistory(t, term.xterm, ref);
});

test('a resize wraps the stored lines again at the new width: the joined text is xterm\'s, and no row is wider', async (t) => {
  const { term, ref } = await fedAlike(t, 600);
  for (const cols of [23, 71, 40]) {
    term.resize(cols, ROWS);
    ref.resize(cols, ROWS);
    const history = historyOf(term.xterm);
    const texts: string[] = [];
    const wrapped: boolean[] = [];
    for (let y = 0; y < history.length; y++) {
      const line = lineAt(term.xterm.buffer, y)!;
      texts.push(line.translateToString(true));
      wrapped.push(line.isWrapped);
      if (line.translateToString(true).length > cols * 2) t.fail(`line ${y} is wider than ${cols} columns`);
    }
    const buffer = ref.buffer.normal;
    const theirs = Array.from({ length: buffer.length }, (_, y) => buffer.getLine(y)!);
    // The oldest lines the reference kept may be cut differently where xterm trimmed mid-line.
    const mine = joinWrapped(texts, wrapped).map((l) => l.trimEnd()).filter(Boolean);
    const expected = joinWrapped(theirs.map((l) => l.translateToString(true)), theirs.map((l) => l.isWrapped)).map((l) => l.trimEnd()).filter(Boolean);
    t.deepEqual(mine, expected, `at ${cols} columns`);
    for (let y = 0; y < history.length; y++) {
      const line = lineAt(term.xterm.buffer, y)!;
      const cell = line.getCell(cols - 1);
      if (line.getCell(cols)?.getChars()) t.fail(`line ${y} has text past column ${cols}`);
      t.truthy(cell, `line ${y} is ${cols} wide`);
    }
  }
});

test('clearing the scrollback (CSI 3 J, clear-history, a lower scrollback, a reset) clears the stored lines too, and the store fills again', async (t) => {
  const term = pane();
  t.teardown(() => term.dispose());
  const trimmed: number[] = [];
  term.onTrim((n) => trimmed.push(n));
  await writePane(term, mixedOutput(600));
  const store = storeOf(term.xterm.buffer)!;
  t.true(store.length > 300);
  await writePane(term, '\x1b[H\x1b[2J\x1b[3J');
  t.is(store.length, 0);
  t.is(historyOf(term.xterm).base, 0, 'nothing is left above the screen');
  t.true(trimmed.reduce((a, b) => a + b, 0) > 300, 'copy mode is told the lines went');
  await writePane(term, mixedOutput(600));
  t.true(store.length > 300, 'later lines are kept again');
  term.clearHistory();
  t.is(store.length, 0);
  t.is(historyOf(term.xterm).base, 0);
  await writePane(term, mixedOutput(600));
  await writePane(term, '\x1bc');
  t.is(store.length, 0, 'a reset (RIS) keeps nothing, as xterm keeps nothing of its own');
  t.is(historyOf(term.xterm).base, 0);
  await writePane(term, mixedOutput(600));
  t.true(store.length > 300, 'the new buffer\'s lines are kept');
  await writePane(term, Array.from({ length: 1000 }, (_, i) => `n ${i}\r\n`).join(''));
  term.scrollback = 300;
  const history = historyOf(term.xterm);
  t.is(history.base, 300);
  t.is(history.text(0), 'n 695', 'the newest 300 lines above the screen stay');
});

test('the stored lines go to the server that takes over (server upgrade) and read back the same', async (t) => {
  const { term, ref } = await fedAlike(t, 700);
  const state = JSON.parse(JSON.stringify(term.handover()));
  const next = pane();
  t.teardown(() => next.dispose());
  next.adopt(state);
  await next.flushed();
  t.true(storeOf(next.xterm.buffer)!.length > 400);
  // Links are the old server's: their ids mean nothing to the new emulator, so compare without them.
  const texts = (x: XTerminal) => Array.from({ length: historyOf(x).length }, (_, y) => lineAt(x.buffer, y)!.translateToString(true));
  t.deepEqual(texts(next.xterm), texts(ref));
  const styled = (x: XTerminal, y: number) => {
    const cell = lineAt(x.buffer, y)!.getCell(0)!;
    return [cell.getChars(), cellInternals(cell).fg, cellInternals(cell).bg & ~(1 << 28)];
  };
  for (let y = 0; y < 300; y++) t.deepEqual(styled(next.xterm, y), styled(ref, y), `line ${y}'s first cell`);
});

test('on the alternate screen the stored lines stay above the normal scrollback and the program\'s screen', async (t) => {
  const term = pane();
  t.teardown(() => term.dispose());
  await writePane(term, Array.from({ length: 800 }, (_, i) => `n ${i}\r\n`).join(''));
  await writePane(term, '\x1b[?1049h\x1b[Hfull screen app');
  const history = historyOf(term.xterm);
  t.is(history.text(0), 'n 0');
  t.is(history.text(history.base), 'full screen app');
  // The normal screen itself ('n 795' to 'n 799') is under the program's screen, as before the store.
  t.is(history.text(history.base - 1), 'n 794');
});
