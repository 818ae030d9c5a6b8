// The echo of keys just typed is heard first (Mux.onEcho: a client draws it at once), and the
// output's other listeners hear of it once the loop has slept; other output is announced at once.
import test from 'ava';
import { DEFAULT_CONFIG } from '../../lib/session/config.js';
import { Mux } from '../../lib/session/mux.js';
import { FakeProcesses } from '../helpers/fake-proc.js';
import { FakePty } from '../helpers/fake-pty.js';
import { waitUntil } from '../helpers/wait.js';

function setUp(t: { teardown(fn: () => void): void }): { mux: Mux; pty: () => FakePty; heard: string[] } {
  const procs = new FakeProcesses(process.pid, ['cat']);
  let pty: FakePty | null = null;
  const mux = new Mux({
    session: 'spec', socketPath: '/nonexistent', config: DEFAULT_CONFIG, size: { cols: 80, rows: 24 },
    spawn: (opts) => (pty = new FakePty(opts)), proc: procs.facts,
  });
  t.teardown(() => mux.end());
  mux.start({ argv: ['cat'], cwd: '/' });
  const heard: string[] = [];
  mux.onEcho((pane) => heard.push(`echo ${pane}`));
  mux.subscribe((e) => {
    if (e.type === 'pane-output') heard.push(`output ${e.pane}`);
  });
  return { mux, pty: () => pty!, heard };
}

test('the echo of a typed key is heard at once, and its pane-output only after the loop has slept', async (t) => {
  const { mux, pty, heard } = setUp(t);
  mux.typeInto('1', 'a', false, true);
  pty().output('a');
  t.deepEqual(heard, ['echo 1'], 'the echo first, alone');
  await new Promise((r) => setImmediate(r));
  t.deepEqual(heard, ['echo 1'], 'still alone after the turn of the loop the output came in');
  await waitUntil(() => heard.length === 2, 'the pane-output event');
  t.deepEqual(heard, ['echo 1', 'output 1']);
});

test('the echo of a pane closed before its pane-output is not announced for it', async (t) => {
  const { mux, pty, heard } = setUp(t);
  mux.split('1', 'right', {});
  const second = pty();
  mux.typeInto('2', 'a', false, true);
  second.output('a');
  mux.lifecycle.kill('2');
  await new Promise((r) => setTimeout(r, 10));
  t.deepEqual(heard.filter((h) => h.endsWith(' 2')), ['echo 2']);
});

test('output nobody typed for is announced as it is parsed, with no echo', async (t) => {
  const { pty, heard } = setUp(t);
  pty().output('hello');
  await waitUntil(() => heard.length > 0, 'the pane-output event');
  t.deepEqual(heard, ['output 1']);
});
