import test from 'ava';
import { PaneTerminal } from '../../lib/term/pane-terminal.js';
import { ParseBudget } from '../../lib/term/parse-budget.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

// The saver holds each pane while it reads its history: were that wait output, every save
// would schedule the next one, and an idle session would be written again and again.
test('waiting for the emulator (hold, flushed) is not output: readers hear of none', async (t) => {
  const term = new PaneTerminal({ cols: 20, rows: 3, scrollback: 10 });
  t.teardown(() => term.dispose());
  let told = 0;
  term.onParsed(() => told++);
  await new Promise<void>((resolve) => term.write('printed', resolve));
  await nextTurn();
  t.is(told, 1, 'output is told');
  const changes = term.changes;
  await term.flushed();
  (await term.hold())();
  await nextTurn();
  t.is(told, 1);
  t.is(term.changes, changes);
  await new Promise<void>((resolve) => term.write('more', resolve));
  await nextTurn();
  t.is(told, 2, 'output after a wait is told again');
});

test('output written after the terminal is disposed is dropped at once, and other terminals still parse', async (t) => {
  const budget = new ParseBudget();
  const gone = new PaneTerminal({ cols: 20, rows: 5, scrollback: 10, budget });
  const live = new PaneTerminal({ cols: 20, rows: 5, scrollback: 10, budget });
  t.teardown(() => live.dispose());
  gone.dispose();
  let dropped = false;
  gone.write('x'.repeat(100_000), () => { dropped = true; });
  t.true(dropped, 'its callback ran at once');
  await new Promise<void>((resolve) => live.write('still parsed', resolve));
  t.true(live.liveScreen().join('\n').includes('still parsed'));
});
