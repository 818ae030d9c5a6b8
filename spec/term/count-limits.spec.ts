import test from 'ava';
import { PaneTerminal } from '../../lib/term/pane-terminal.js';

const write = (term: PaneTerminal, data: string) => new Promise<void>((resolve) => term.write(data, resolve));

/** A 20x5 terminal holding rows "1".."5", cursor on the first row. */
async function numbered(): Promise<PaneTerminal> {
  const term = new PaneTerminal({ cols: 20, rows: 5, scrollback: 100 });
  await write(term, '1\r\n2\r\n3\r\n4\r\n5\x1b[H');
  return term;
}

// Each huge count would take seconds to hours unclamped; ava's timeout catches a regression,
// and the screen must be what the count means: everything moved off, or a full screen.
const cases: [string, string, string[]][] = [
  ['SU (scroll up)', '\x1b[3000000S', ['', '', '', '', '']],
  ['SD (scroll down)', '\x1b[3000000T', ['', '', '', '', '']],
  ['IL (insert lines)', '\x1b[2H\x1b[2147483647L', ['1', '', '', '', '']],
  ['DL (delete lines)', '\x1b[2H\x1b[2147483647M', ['1', '', '', '', '']],
  ['CHT (tab forward)', '\x1b[2147483647Ix', ['1                  x', '2', '3', '4', '5']],
  ['CBT (tab backward)', '\x1b[1;19H\x1b[2147483647Zx', ['x', '2', '3', '4', '5']],
];
for (const [name, seq, screen] of cases) {
  test(`${name} with a huge count is clamped to the screen and gives the screen it means`, async (t) => {
    const term = await numbered();
    const t0 = Date.now();
    await write(term, seq);
    t.deepEqual(term.screenText(), screen);
    t.true(Date.now() - t0 < 2000, `took ${Date.now() - t0} ms`);
    term.dispose();
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
