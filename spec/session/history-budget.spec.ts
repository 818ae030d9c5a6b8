import test from 'ava';
import { historyBytes, historyLines } from '../../lib/session/history-budget.js';
import { PaneTerminal } from '../../lib/term/pane-terminal.js';

const MIB = 2 ** 20;

test('panes keep the configured lines while the budget holds them', (t) => {
  t.is(historyLines(2000, 256 * MIB, [80, 80, 200]), 2000);
});

test('past the budget every pane gets the same fewer lines, and their sum fits', (t) => {
  const widths = Array.from({ length: 40 }, (_, i) => (i % 2 ? 80 : 200));
  const lines = historyLines(100_000, 64 * MIB, widths);
  t.true(lines < 100_000 && lines > 200, `${lines} lines`);
  const total = widths.reduce((sum, cols) => sum + historyBytes(lines, cols), 0);
  t.true(total <= 64 * MIB, `${total} bytes`);
  t.true(widths.reduce((sum, cols) => sum + historyBytes(lines + 1, cols), 0) > 64 * MIB, 'one more line each would not fit');
});

test('a budget too small for the lines xterm keeps itself is shared out at their cost', (t) => {
  const widths = Array.from({ length: 40 }, () => 200);
  const lines = historyLines(5000, 4 * MIB, widths);
  t.true(lines > 0 && lines < 200, `${lines} lines`);
  t.true(widths.reduce((sum, cols) => sum + historyBytes(lines, cols), 0) <= 4 * MIB);
  t.true(widths.reduce((sum, cols) => sum + historyBytes(lines + 1, cols), 0) > 4 * MIB);
});

test('wider panes cost more lines of the budget', (t) => {
  t.true(historyLines(100_000, 16 * MIB, [200, 200]) < historyLines(100_000, 16 * MIB, [80, 80]));
});

test('lowering a pane terminal\'s scrollback drops its oldest lines at once', async (t) => {
  const term = new PaneTerminal({ cols: 20, rows: 2, scrollback: 100 });
  t.teardown(() => term.dispose());
  const trimmed: number[] = [];
  term.onTrim((n) => trimmed.push(n));
  await new Promise<void>((resolve) => term.xterm.write(Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\r\n'), resolve));
  t.is(term.xterm.buffer.active.baseY, 48);
  term.scrollback = 10;
  t.is(term.scrollback, 10);
  t.is(term.xterm.buffer.active.baseY, 10);
  t.is(term.xterm.buffer.active.getLine(0)?.translateToString(true), 'line 38');
  t.deepEqual(trimmed, [38]);
});

