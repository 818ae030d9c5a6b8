import test from 'ava';
import { historyOf, lineAt } from '../../lib/term/history.js';
import { linkIdOf, linksKept, linkUri, MAX_LINKS } from '../../lib/term/links.js';
import { ParseBudget } from '../../lib/term/parse-budget.js';
import { PaneTerminal } from '../../lib/term/pane-terminal.js';

const write = (term: PaneTerminal, data: string) => new Promise<void>((resolve) => term.write(data, resolve));
const link = (uri: string, text: string) => `\x1b]8;;${uri}\x1b\\${text}\x1b]8;;\x1b\\`;
const linkedLines = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `${link(`https://example.com/${from + i}`, `link ${from + i}`)}\r\n`).join('');

/** The link id of the first cell of the buffer line `y` (0 for none). */
function linkAt(term: PaneTerminal, y: number): number {
  return linkIdOf(term.xterm.buffer.active.getLine(y)!.getCell(0)!);
}

function pane(scrollback: number): PaneTerminal {
  return new PaneTerminal({ cols: 40, rows: 5, scrollback, budget: new ParseBudget() });
}

test('a reset (RIS) frees the links of the screen and scrollback it throws away', async (t) => {
  const term = pane(100);
  t.teardown(() => term.dispose());
  await write(term, linkedLines(0, 50));
  const first = linkAt(term, 0);
  t.is(linkUri(term.xterm, first), 'https://example.com/0');
  await write(term, '\x1bc');
  // Kept, each held its marker and with it the whole old buffer.
  t.is(linkUri(term.xterm, first), undefined);
  t.is(linksKept(term.xterm), 0);
  await write(term, linkedLines(50, 1));
  t.is(linkUri(term.xterm, linkAt(term, 0)), 'https://example.com/50', 'links printed after the reset work');
});

test(`a pane forgets the links of its history past the newest ${MAX_LINKS} of its stored lines; newer ones, and those on the screen, still resolve`, async (t) => {
  const term = pane(5000);
  t.teardown(() => term.dispose());
  await write(term, linkedLines(0, MAX_LINKS + 500));
  const history = historyOf(term.xterm);
  const linkOfLine = (y: number) => linkIdOf(lineAt(term.xterm.buffer, y)!.getCell(0)!);
  t.true(linksKept(term.xterm) <= MAX_LINKS, 'xterm keeps only the links of its own lines');
  t.is(linkUri(term.xterm, linkOfLine(0)), undefined, 'the oldest link is forgotten');
  t.is(history.text(0), 'link 0', 'its text stays');
  t.is(linkUri(term.xterm, linkOfLine(400)), 'https://example.com/400', 'a stored line within the bound keeps its link');
  const buffer = term.xterm.buffer.active;
  for (let y = history.base; y < history.base + 4; y++) {
    t.is(linkUri(term.xterm, linkOfLine(y)), `https://example.com/${y}`);
  }
  t.is(buffer.length, buffer.baseY + 5);
});

test('a link with an id printed again keeps resolving while newer links push older ones out', async (t) => {
  const term = pane(5000);
  t.teardown(() => term.dispose());
  const kept = '\x1b]8;id=a;https://example.com/kept\x1b\\kept\x1b]8;;\x1b\\\r\n';
  await write(term, kept);
  for (let i = 0; i < 3; i++) await write(term, linkedLines(i * MAX_LINKS, MAX_LINKS) + kept);
  const buffer = term.xterm.buffer.active;
  t.is(linkUri(term.xterm, linkAt(term, buffer.baseY + buffer.cursorY - 1)), 'https://example.com/kept');
  t.true(linksKept(term.xterm) <= MAX_LINKS);
});
