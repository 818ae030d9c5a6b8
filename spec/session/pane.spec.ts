import test from 'ava';
import { clipboardText } from '../../lib/session/pane-escapes.js';
import { Pane, type PaneHooks, type PaneOptions } from '../../lib/session/pane.js';
import { FakeProcesses } from '../helpers/fake-proc.js';
import { FakePty } from '../helpers/fake-pty.js';
import { waitUntil } from '../helpers/wait.js';

const hooks: PaneHooks = { output() {}, title() {}, exit() {}, statusChanged() {}, notify() {}, watched: () => false, clipboard() {} };

function pane(fake: FakePty, proc?: FakeProcesses): Pane {
  const opts: PaneOptions = {
    id: '1', argv: ['sh'], cwd: '/', cols: 80, rows: 24, env: {}, scrollback: 100,
    detection: {} as PaneOptions['detection'], spawn: fake.spawn, proc: proc?.facts,
  };
  return new Pane(opts, hooks);
}

test('a resize whose pty throws EBADF (closed before its exit is seen) still resizes the emulator and does not throw', (t) => {
  const fake = new FakePty();
  const p = pane(fake);
  t.teardown(() => p.dispose());
  fake.resizeError = new Error('ioctl(2) failed, EBADF');
  t.notThrows(() => p.resize(100, 30));
  t.deepEqual(p.size, { cols: 100, rows: 30 });
  fake.resizeError = null;
  p.resize(90, 20);
  t.deepEqual(fake.sizes, [{ cols: 90, rows: 20 }]);
});

test('typed keys reach the pty as input and answers to queries as replies', async (t) => {
  const fake = new FakePty();
  const p = pane(fake);
  t.teardown(() => p.dispose());
  p.type('ls\r');
  fake.output('\x1b[6n');
  await waitUntil(() => fake.writes.length === 2, 'the DSR reply');
  t.deepEqual(fake.writes, [{ data: 'ls\r', kind: 'input' }, { data: '\x1b[1;1R', kind: 'reply' }]);
});

test('OSC 7501 bodies the emulator drops do not pile up once it has parsed them', async (t) => {
  const fake = new FakePty();
  const p = pane(fake);
  t.teardown(() => p.dispose());
  // The byte FF is no UTF-8: the emulator hands over "state=", which matches no framing.
  for (let i = 0; i < 100; i++) fake.output(Buffer.from('\x1b]7501;state=\xff\x07'.repeat(100), 'latin1'));
  fake.output('parsed');
  await waitUntil(() => p.term.screenText()[0].endsWith('parsed'), 'the emulator to parse it all');
  t.is(p.status.framingPending, 0);
});

test('the title follows a program that execs silently after the look that followed its output', async (t) => {
  const fake = new FakePty();
  const procs = new FakeProcesses(process.pid, ['sh']);
  // `sh -c 'echo ready; sleep 1; exec cat'`: the exec comes after the look the output asked
  // for, and prints nothing. (No Mux here, so no status watch looks on its own.)
  const look = procs.facts.foregroundOf;
  let execAfterLook = false;
  procs.facts.foregroundOf = (pid) => {
    const fg = look(pid);
    if (execAfterLook) {
      execAfterLook = false;
      procs.exec(['cat']);
    }
    return fg;
  };
  const p = pane(fake, procs);
  t.teardown(() => p.dispose());
  p.checkForeground();
  execAfterLook = true;
  fake.output('ready\r\n');
  await waitUntil(() => !execAfterLook, 'the look after the output');
  t.is(p.title, 'sh', 'that look saw the shell');
  await waitUntil(() => p.title === 'cat', () => `the title to follow the exec; it is ${p.title}`, 5000).catch(() => null);
  t.is(p.title, 'cat');
});

const clipboards: [string, string, string | null][] = [
  ['a write to the clipboard', `c;${Buffer.from('hello').toString('base64')}`, 'hello'],
  ['a write with no selection named', `;${Buffer.from('hi').toString('base64')}`, 'hi'],
  ['a query, never answered', 'c;?', null],
  ['a clear', 'c;', null],
  ['a payload that is not base64', 'c;not base64!', null],
];
for (const [what, data, text] of clipboards) {
  test(`OSC 52: ${what} gives ${JSON.stringify(text)}`, (t) => t.is(clipboardText(data), text));
}
