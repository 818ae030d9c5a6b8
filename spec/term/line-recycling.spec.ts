import test from 'ava';
import { ParseBudget } from '../../lib/term/parse-budget.js';
import { PaneTerminal } from '../../lib/term/pane-terminal.js';
import { xtermCore, type CoreLine } from '../../lib/term/xterm-internals.js';

const write = (term: PaneTerminal, data: string) => new Promise<void>((resolve) => term.write(data, resolve));

/** xterm's own line objects, oldest first (internal: the public API wraps them). */
function coreLines(term: PaneTerminal): CoreLine[] {
  const lines = xtermCore(term.xterm).buffers.active.lines;
  return Array.from({ length: lines.length }, (_, i) => lines.get(i)!);
}

const numbered = (from: number, n: number, decorate = (s: string) => s) =>
  Array.from({ length: n }, (_, i) => `${decorate(`line ${from + i}`)}\r\n`).join('');

test('a full scrollback reuses its lines for plain rows without new objects per row', async (t) => {
  const term = new PaneTerminal({ cols: 20, rows: 5, scrollback: 20, budget: new ParseBudget() });
  await write(term, numbered(0, 40));
  const before = new Set(coreLines(term).flatMap((l) => [l._combined, l._extendedAttrs]));
  await write(term, numbered(40, 60));
  const after = coreLines(term).flatMap((l) => [l._combined, l._extendedAttrs]);
  t.is(after.filter((o) => !before.has(o)).length, 0, 'every row kept the objects its line had');
  t.is(term.xterm.buffer.active.getLine(term.xterm.buffer.active.length - 2)?.translateToString(true), 'line 99');
  term.dispose();
});

test('recycled lines still carry combining characters and underline colours, and lose them when reused for plain rows', async (t) => {
  const term = new PaneTerminal({ cols: 20, rows: 5, scrollback: 10, budget: new ParseBudget() });
  // Combining acute accents and a curly red underline (an extended attribute) on every row.
  await write(term, numbered(0, 30, (s) => `\x1b[4:3m\x1b[58;5;1m${s}e\u0301\x1b[0m`));
  const buffer = term.xterm.buffer.active;
  const fancy = buffer.getLine(buffer.length - 2)!;
  t.is(fancy.translateToString(true), 'line 29e\u0301');
  t.is(fancy.getCell(7)!.getChars(), 'e\u0301');
  const keys = (o: object) => Object.keys(o).length;
  t.true(coreLines(term).slice(0, -1).every((l) => keys(l._combined) > 0 && keys(l._extendedAttrs) > 0), 'every row holds both');
  await write(term, numbered(30, 30));
  // The last row is the cursor's, empty; the one above it holds line 59.
  const last = buffer.length - 2;
  for (let y = 0; y <= last; y++) {
    const line = buffer.getLine(y)!;
    t.is(line.translateToString(true), `line ${59 - last + y}`);
    for (let x = 0; x < 20; x++) t.true(line.getCell(x)!.getChars().length <= 1, `row ${y} col ${x} has no accent left`);
  }
  t.true(coreLines(term).every((l) => keys(l._combined) === 0 && keys(l._extendedAttrs) === 0), 'no row keeps an old accent or underline colour');
  term.dispose();
});
