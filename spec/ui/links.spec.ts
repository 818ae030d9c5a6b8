import test from 'ava';
import xtermHeadless from '@xterm/headless';
import { LINK_MARK, linkSuffix } from '../../lib/ui/links.js';

const { Terminal } = xtermHeadless;

/** The link suffix of each cell of row 0 after writing `data`. */
async function suffixes(term: InstanceType<typeof Terminal>, data: string, cols: number): Promise<string[]> {
  await new Promise<void>((resolve) => term.write(data, resolve));
  const line = term.buffer.active.getLine(0)!;
  return Array.from({ length: cols }, (_, x) => linkSuffix(term, line.getCell(x)!));
}

test('cells inside an OSC 8 link carry its cleaned URI under an id of thurm\'s, cells outside nothing', async (t) => {
  const term = new Terminal({ cols: 10, rows: 2, allowProposedApi: true });
  const got = await suffixes(term, 'a\x1b]8;id=x;https://example.com/é\x1b\\LI\x1b]8;;\x1b\\b', 4);
  t.is(got[0], '');
  t.regex(got[1], new RegExp(`^${LINK_MARK}id=thurm\\d+-\\d+;https://example\\.com/%C3%A9$`));
  t.is(got[2], got[1]);
  t.is(got[3], '');
});

test('a link whose URI is unsafe leaves its cells unlinked', async (t) => {
  const term = new Terminal({ cols: 10, rows: 2, allowProposedApi: true });
  t.deepEqual(await suffixes(term, '\x1b]8;;no-scheme\x1b\\L\x1b]8;;\x1b\\', 1), ['']);
});

test('the same link in two panes gets two ids, so a terminal never joins them', async (t) => {
  const one = new Terminal({ cols: 10, rows: 2, allowProposedApi: true });
  const two = new Terminal({ cols: 10, rows: 2, allowProposedApi: true });
  const [a] = await suffixes(one, '\x1b]8;id=same;https://a/\x1b\\L', 1);
  const [b] = await suffixes(two, '\x1b]8;id=same;https://a/\x1b\\L', 1);
  t.regex(a, /;https:\/\/a\/$/);
  t.not(a.split(';')[0], b.split(';')[0]);
});
