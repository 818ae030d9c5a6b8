// The Mux and its panes on made-up processes and a made-up clock: what a pane shows and saves
// follows the foreground program and working directory as /proc would report them.
import test from 'ava';
import { fakeMux } from '../helpers/fake-mux.js';
import { FakeProcesses } from '../helpers/fake-proc.js';
import { waitUntil } from '../helpers/wait.js';
import { livePane } from '../helpers/live-pane.js';

function setUp(t: { teardown(fn: () => void): void }, now: () => number = Date.now) {
  const procs = new FakeProcesses(process.pid, ['bash'], '/home/u');
  const { mux, ptys } = fakeMux(t, { proc: procs.facts, now });
  mux.start({ argv: ['bash'], cwd: '/' });
  return { mux, ptys, procs, pane: livePane(mux, '1') };
}

test('the border title and the saved cwd follow the foreground program and directory /proc reports', (t) => {
  const { mux, procs, pane } = setUp(t);
  pane.checkForeground();
  t.is(pane.title, 'bash');
  procs.run(4242, ['vim', 'notes.md']);
  pane.checkForeground();
  t.is(pane.title, 'vim');
  procs.back();
  procs.cd('/srv/app');
  pane.checkForeground();
  t.is(pane.title, 'bash');
  t.is(mux.persistence.snapshot(() => []).panes[0].cwd, '/srv/app');
});

test('a record set by a program ends when the shell has the terminal back; one set by the shell stays', async (t) => {
  const { ptys, procs, pane } = setUp(t);
  procs.run(4242, ['make']);
  pane.checkForeground();
  ptys[0].output('\x1b]7501;app=build:state=working\x07');
  await waitUntil(() => pane.summary().state === 'working', 'the record');
  procs.back();
  pane.checkForeground();
  t.is(pane.summary().state, 'none', 'make left: its working record ended with it');
  ptys[0].output('\x1b]7501;app=shell:state=working\x07');
  await waitUntil(() => pane.summary().state === 'working', 'the shell\'s record');
  pane.checkForeground();
  t.is(pane.summary().state, 'working');
});

test('how long a pane has been in its state is read from the Mux\'s clock', async (t) => {
  let clock = 1_000_000;
  const { mux, ptys, pane } = setUp(t, () => clock);
  t.is(mux.stateSince('1'), 1_000_000);
  clock += 60_000;
  ptys[0].output('\x1b]7501;state=working\x07');
  await waitUntil(() => pane.summary().state === 'working', 'the record');
  t.is(mux.stateSince('1'), 1_060_000);
});
