import test from 'ava';
import { BEGIN_MARKER, END_MARKER, renderResults, replaceBlock, type Results } from '../../bench/report.js';
import { Collected } from '../../bench/rounds.js';
import { buildRows } from '../../bench/rows.js';

function results(loadBefore: number): Results {
  const c = new Collected();
  c.add('thurm', { throughputPlain: 30, rssOnePane: 60 });
  c.add('tmux', { throughputPlain: 10, rssOnePane: 4 });
  return {
    date: '2026-03-04T05:06:07.000Z', quick: false, seconds: 660,
    machine: { cpus: 2, model: 'Test CPU', node: 'v20.0.0', tmux: 'tmux 3.3a', loadBefore, loadAfter: 2 },
    rows: buildRows(c),
    cli: [{ measure: 'node -e 0', wallMs: 100, cpuMs: 80 }, { measure: 'thurm list', wallMs: 140, cpuMs: 100 }],
    errors: [],
  };
}

test('the table shows medians, the ratio to tmux, and each goal as met or not met', (t) => {
  const text = renderResults(results(0.2));
  t.regex(text, /^Run of 2026-03-04: 2 cores \(Test CPU\), Node v20.0.0, tmux 3.3a, 11 minutes/);
  t.true(text.includes('| attached throughput, plain text | 30.0 MB/s | 10.0 MB/s | 3.00x | >= 1.5x tmux, or >= 90% of @xterm/headless alone: met |'));
  t.true(text.includes('| server RSS, 1 pane | 60.0 MB | 4.00 MB | 15.00x | <= 55 MB: **not met** |'));
  t.true(text.includes('| `thurm list` | 140 ms | 1.40x | 100 ms | 1.25x |'));
  t.false(text.includes('shared'));
});

test('a row names its goal\'s reference and the stack\'s floor beside its measure, and the floor decides nothing', (t) => {
  const c = new Collected();
  c.add('thurm', { throughputPlain: 30 });
  c.add('tmux', { throughputPlain: 25 });
  const rows = buildRows(c, { throughputPlain: { name: 'emulator alone', value: 60 } }, { throughputPlain: { name: 'floor', value: 20 } });
  const text = renderResults({ ...results(0.2), rows });
  t.true(text.includes('| attached throughput, plain text (`emulator alone`: 60.0 MB/s; `floor`: 20.0 MB/s) | 30.0 MB/s | 25.0 MB/s | 1.20x | >= 1.5x tmux, or >= 90% of @xterm/headless alone: **not met** |'));
});

test('goals not met, and goals without a figure, are listed as not met', (t) => {
  const text = renderResults(results(0.2));
  const missed = text.split('\n').find((l) => l.startsWith('Goals not met'))!;
  t.true(missed.includes('server RSS, 1 pane (<= 55 MB)'));
  t.true(missed.includes('server RSS per extra idle pane (<= 0.5 MB, no figure)'));
  t.false(missed.includes('plain text'));
});

test('a run on a loaded machine says the machine was shared', (t) => {
  t.regex(renderResults(results(6.5)), /machine was shared with other work \(load average 6\.5 before the run, 2\.0 after\)/);
});

test('the generated block between the markers is replaced and the rest kept', (t) => {
  const readme = `# x\n\n${BEGIN_MARKER}\nold table\n${END_MARKER}\n\nafter\n`;
  t.is(replaceBlock(readme, 'new table'), `# x\n\n${BEGIN_MARKER}\nnew table\n${END_MARKER}\n\nafter\n`);
  t.throws(() => replaceBlock('# no markers', 'x'));
});
