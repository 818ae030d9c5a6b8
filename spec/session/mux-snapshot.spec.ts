import test from 'ava';
import { DEFAULT_CONFIG } from '../../lib/session/config.js';
import { Mux } from '../../lib/session/mux.js';
import { checkSnapshot, historyText, snapshotText } from '../../lib/session/snapshot.js';
import type { PanePlan } from '../../lib/session/resume.js';
import { FakePty } from '../helpers/fake-pty.js';
import { waitUntil } from '../helpers/wait.js';

function mux(ptys: FakePty[]): Mux {
  const m = new Mux({
    session: 'spec', socketPath: '/nonexistent', config: DEFAULT_CONFIG, size: { cols: 80, rows: 24 },
    spawn: (opts) => {
      const fake = new FakePty(opts);
      ptys.push(fake);
      return fake;
    },
  });
  return m;
}

test('a snapshot restored into a new Mux has the same ids, layout, focus, zoom and next id', async (t) => {
  const ptys: FakePty[] = [];
  const a = mux(ptys);
  t.teardown(() => a.end());
  a.start({ argv: ['/bin/sh'], cwd: '/' });
  a.split('1', 'right', {});
  a.split('1', 'down', {});
  a.lifecycle.kill('2');
  a.focus('1');
  a.arrange.toggleZoom('1');
  ptys[0].output('line one\r\nline two\r\n');
  await waitUntil(() => a.pane('1').term.screenText().includes('line two'), 'the output parsed');
  const saved = a.persistence.snapshot((pane) => historyText(pane, 100));
  t.deepEqual(saved.panes.map((p) => p.id), ['1', '3']);
  t.deepEqual(saved.panes[0].history, ['line one', 'line two']);

  const restoredPtys: FakePty[] = [];
  const b = mux(restoredPtys);
  t.teardown(() => b.end());
  const plans: PanePlan[] = saved.panes.map((p) => ({ id: p.id, argv: ['/bin/sh'], cwd: '/', typed: p.id === '3' ? 'resume-me\r' : null, outcome: 'restored', detail: '' }));
  t.true(b.persistence.restore(saved, plans, { from: 'file', savedAt: saved.savedAt, problems: [] }));
  t.deepEqual(b.paneIds(), ['1', '3']);
  t.is(b.focused, '1');
  t.is(b.zoomed, '1');
  t.is(b.split('3', 'right', {}), '4');
  // History comes first, then the marker, then whatever the new program prints.
  restoredPtys[0].output('new prompt$ ');
  await waitUntil(() => b.pane('1').term.screenText().join('\n').includes('new prompt'), 'the new output');
  const text = b.pane('1').term.screenText().join('\n');
  t.true(text.indexOf('line two') < text.indexOf('restored by thurm') && text.indexOf('restored by thurm') < text.indexOf('new prompt'), text);
});

test('a restored pane types its resume command only after its shell first prints', async (t) => {
  const ptys: FakePty[] = [];
  const a = mux(ptys);
  t.teardown(() => a.end());
  a.start({ argv: ['/bin/sh'], cwd: '/' });
  const saved = a.persistence.snapshot(() => []);
  const restored: FakePty[] = [];
  const c = mux(restored);
  t.teardown(() => c.end());
  c.persistence.restore(saved, [{ id: '1', argv: ['/bin/sh'], cwd: '/', typed: "agent --resume 'x y'\r", outcome: 'resumed', detail: '' }], { from: 'f', savedAt: '', problems: [] });
  t.deepEqual(restored[0].writes, []);
  restored[0].output('$ ');
  await waitUntil(() => restored[0].writes.length > 0, 'the typed command');
  t.is(restored[0].writes.map((w) => w.data).join(''), "agent --resume 'x y'\r");
});

test('a pane that cannot start is reported failed and left out; the others come back', (t) => {
  const a = mux([]);
  t.teardown(() => a.end());
  a.start({ argv: ['/bin/sh'], cwd: '/' });
  a.split('1', 'right', {});
  const saved = a.persistence.snapshot(() => []);
  const b = mux([]);
  t.teardown(() => b.end());
  const plans: PanePlan[] = [
    { id: '1', argv: ['/bin/sh'], cwd: '/nonexistent/dir', typed: null, outcome: 'restored', detail: '' },
    { id: '2', argv: ['/bin/sh'], cwd: '/', typed: null, outcome: 'restored', detail: '' },
  ];
  t.true(b.persistence.restore(saved, plans, { from: 'f', savedAt: '', problems: [] }));
  t.deepEqual(b.paneIds(), ['2']);
  t.is(b.focused, '2');
  t.is(b.persistence.restoreReport?.panes[0].outcome, 'failed');
  t.regex(b.persistence.restoreReport!.panes[0].detail, /not a directory/);
});

test('a title given to a pane is saved and comes back with the restored pane; a pane without one follows its program again', (t) => {
  const a = mux([]);
  t.teardown(() => a.end());
  a.start({ argv: ['/bin/sh'], cwd: '/' });
  a.split('1', 'right', {});
  a.setPaneTitle('1', 'build watcher');
  const saved = checkSnapshot(JSON.parse(snapshotText(a.persistence.snapshot(() => []))));
  t.is(saved.panes[0].givenTitle, 'build watcher');
  t.is(saved.panes[1].givenTitle, null);
  const b = mux([]);
  t.teardown(() => b.end());
  const plans: PanePlan[] = saved.panes.map((p) => ({ id: p.id, argv: ['/bin/bash'], cwd: '/', typed: null, outcome: 'restored', detail: '' }));
  b.persistence.restore(saved, plans, { from: 'f', savedAt: '', problems: [] });
  t.is(b.pane('1').givenTitle, 'build watcher');
  t.is(b.pane('1').title, 'build watcher');
  t.is(b.pane('2').givenTitle, null);
  t.is(b.pane('2').title, 'bash');
});
