// Print a pane's screen as text, with as much of its history above it as asked, and with its
// colours and attributes as SGR sequences when asked (--ansi).
import type { IBufferCell, Terminal as XTerminal } from '@xterm/headless';
import { printable } from '../sanitize.js';
import { historyOf, joinWrapped, lineAt } from '../term/history.js';
import { styleOf } from '../ui/cell-style.js';
import { field } from '../fields.js';
import { defineCommand, paneField, resolvePane } from './command.js';

/** One line with an SGR sequence wherever the style changes; cell text made inert. */
function ansiLine(xterm: XTerminal, index: number): string {
  const line = lineAt(xterm.buffer, index);
  const cell: IBufferCell = xterm.buffer.active.getNullCell();
  const cells: [string, string][] = [];
  for (let x = 0; line && x < xterm.cols; x++) {
    if (line.getCell(x, cell) && cell.getWidth() !== 0) cells.push([styleOf(cell), printable(cell.getChars() || ' ')]);
  }
  // Trailing blanks in the default style are dropped, as in plain text.
  while (cells.length && cells[cells.length - 1][0] === '' && cells[cells.length - 1][1] === ' ') cells.pop();
  let out = '', style = '';
  for (const [next, ch] of cells) {
    if (next !== style) out += `\x1b[0${next ? `;${next}` : ''}m`;
    style = next;
    out += ch;
  }
  return style ? `${out}\x1b[0m` : out;
}

export const capture = defineCommand({
  name: 'capture',
  describe: 'Print a pane\'s screen text, with --scrollback N lines of history above it',
  details: '; `--ansi` keeps colours and attributes as SGR sequences; `--join` joins each line the terminal wrapped to the line it continues (`--json` gives `wrapped`, one flag per line, instead)',
  fields: {
    pane: paneField,
    scrollback: field.int({ min: 0, max: 10_000_000 }).describe('lines of history above the screen').default(0)
      .cli({ describe: 'also print up to N lines of history above the screen' }),
    ansi: field.bool().describe('colours and attributes as SGR sequences').default(false)
      .cli({ describe: 'keep colours and attributes as SGR escape sequences' }),
    wrapped: field.bool().describe('each wrapped line joined into one, as tmux capture-pane -J').default(false)
      .cli({ name: 'join', alias: 'J', describe: 'join lines the terminal wrapped into the line they continue' }),
  },
  sanitizesOutput: true,
  result: {
    pane: field.string({ max: 32 }),
    lines: field.array(field.string({ max: 1 << 20 }), { max: 10_000_000 + 1000 }).describe('history, then the screen, top to bottom'),
    wrapped: field.array(field.bool(), { max: 10_000_000 + 1000 }).describe('when asked: whether each line continues the one before it').optional(),
  },
  run: (ctx, a) => {
    const id = resolvePane(ctx, a.pane);
    const read = () => {
      const xterm = ctx.mux.pane(id).term.xterm;
      const history = historyOf(xterm);
      const first = Math.max(history.base - a.scrollback, 0);
      const lines: string[] = [];
      const wrapped: boolean[] = [];
      for (let y = first; y < history.base + xterm.rows; y++) {
        lines.push(a.ansi ? ansiLine(xterm, y) : printable(history.text(y)));
        wrapped.push(history.wrapped(y));
      }
      return a.wrapped ? { pane: id, lines, wrapped } : { pane: id, lines };
    };
    // Never a half-drawn frame: a synchronized update ends (or times out) first. A complete
    // screen is read at once, so the work is done in the request's turn (fair-queue.ts).
    const sync = ctx.mux.pane(id).term.sync;
    return sync.updating ? sync.settled().then(read) : read();
  },
  print: (r) => {
    const lines = r.wrapped ? joinWrapped(r.lines, r.wrapped) : [...r.lines];
    while (lines.length && lines[lines.length - 1] === '') lines.pop();
    return lines.join('\n');
  },
});
