import test from 'ava';
import xtermHeadless from '@xterm/headless';
import { clampCounts } from '../../lib/term/count-limits.js';
import { xtermCore } from '../../lib/term/xterm-internals.js';
import { PaneTerminal } from '../../lib/term/pane-terminal.js';

const { Terminal } = xtermHeadless;

const write = (term: PaneTerminal, data: string) => new Promise<void>((resolve) => term.write(data, resolve));

/** A 20x5 terminal holding rows "1".."5", cursor on the first row. */
async function numbered(): Promise<PaneTerminal> {
  const term = new PaneTerminal({ cols: 20, rows: 5, scrollback: 100 });
  await write(term, '1\r\n2\r\n3\r\n4\r\n5\x1b[H');
  return term;
}

// Each huge count would take seconds to hours unclamped: xterm must be given the clamped count,
// and the screen must be what the count means: everything moved off, or a full screen.
/** [name, sequence, the screen it gives, the count xterm acts on: the rows or the columns]. */
const cases: [string, string, string[], number][] = [
  ['SU (scroll up)', '\x1b[3000000S', ['', '', '', '', ''], 5],
  ['SD (scroll down)', '\x1b[3000000T', ['', '', '', '', ''], 5],
  ['IL (insert lines)', '\x1b[2H\x1b[2147483647L', ['1', '', '', '', ''], 5],
  ['DL (delete lines)', '\x1b[2H\x1b[2147483647M', ['1', '', '', '', ''], 5],
  ['CHT (tab forward)', '\x1b[2147483647Ix', ['1                  x', '2', '3', '4', '5'], 20],
  ['CBT (tab backward)', '\x1b[1;19H\x1b[2147483647Zx', ['x', '2', '3', '4', '5'], 20],
];
/** The count xterm's own handler is given for `seq` on a 20x5 terminal with the clamps. */
async function countGiven(seq: string): Promise<number> {
  const xterm = new Terminal({ cols: 20, rows: 5, allowProposedApi: true });
  let given = -1;
  // Registered before the clamps, so it runs after them (newest first), just before xterm's own.
  xtermCore(xterm).registerCsiHandler({ final: /\d{7,}([A-Za-z])/.exec(seq)![1] }, (params) => {
    given = params.params[0];
    return false;
  });
  clampCounts(xterm);
  await new Promise<void>((resolve) => xterm.write(seq, resolve));
  xterm.dispose();
  return given;
}

for (const [name, seq, screen, count] of cases) {
  test(`${name} with a huge count is clamped to the screen and gives the screen it means`, async (t) => {
    const term = await numbered();
    await write(term, seq);
    t.deepEqual(term.screenText(), screen);
    term.dispose();
    t.is(await countGiven(seq), count);
  });
}

test('REP with a huge count fills the screen and leaves the cursor where the count puts it', async (t) => {
  const term = new PaneTerminal({ cols: 20, rows: 5, scrollback: 100 });
  // 2147483647 = 20 * 107374182 + 7: after "x" and the repeats, 2147483648 x's end 8 columns in.
  await write(term, 'x\x1b[2147483647b');
  t.deepEqual(term.screenText(), ['x'.repeat(20), 'x'.repeat(20), 'x'.repeat(20), 'x'.repeat(20), 'x'.repeat(8)]);
  t.is(term.cursor.x, 8);
  term.dispose();
});

test('small counts are left as they are', async (t) => {
  const term = await numbered();
  await write(term, '\x1b[2S\x1b[Hab\x1b[3b');
  t.deepEqual(term.screenText(), ['abbbb', '4', '5', '', '']);
  term.dispose();
});
