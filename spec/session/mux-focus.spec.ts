// Where focus goes when the focused pane leaves its window: back to the pane focused before it,
// as in tmux, not to the window's first pane.
import test from 'ava';
import { DEFAULT_CONFIG } from '../../lib/session/config.js';
import { Mux } from '../../lib/session/mux.js';
import { lastPane } from '../../lib/session/navigation.js';
import { FakeProcesses } from '../helpers/fake-proc.js';
import { FakePty } from '../helpers/fake-pty.js';

function setUp(t: { teardown(fn: () => void): void }): Mux {
  const procs = new FakeProcesses(process.pid, ['sh']);
  const mux = new Mux({
    session: 'spec', socketPath: '/nonexistent', config: DEFAULT_CONFIG, size: { cols: 120, rows: 40 },
    spawn: (opts) => new FakePty(opts), proc: procs.facts,
  });
  t.teardown(() => mux.end());
  mux.start({ argv: ['sh'], cwd: '/' });
  return mux;
}

test('closing the focused pane focuses the pane that was focused before it', (t) => {
  const mux = setUp(t);
  mux.split('1', 'right', {});
  mux.split('2', 'down', {});
  t.is(mux.focused, '3');
  mux.lifecycle.kill('3');
  t.is(mux.focused, '2');
});

test('focus goes back to the pane visited before, and closing another pane leaves it where it is', (t) => {
  const mux = setUp(t);
  mux.split('1', 'right', {});
  mux.split('2', 'down', {});
  mux.split('3', 'right', {});
  mux.focus('2');
  mux.focus('4');
  mux.lifecycle.kill('4');
  t.is(mux.focused, '2');
  mux.focus('3');
  mux.lifecycle.kill('2');
  t.is(mux.focused, '3');
});

test('when the pane focused before it has closed too, focus goes to the pane before it in the layout', (t) => {
  const mux = setUp(t);
  for (const id of ['1', '2', '3']) mux.split(id, 'right', {});
  mux.focus('3');
  mux.focus('4');
  mux.lifecycle.kill('3');
  t.is(mux.focused, '4');
  mux.lifecycle.kill('4');
  t.is(mux.focused, '2');
});

test('breaking the focused pane out to a window of its own leaves the old window focused on the pane focused before it', (t) => {
  const mux = setUp(t);
  mux.split('1', 'right', {});
  mux.split('2', 'right', {});
  mux.focus('2');
  mux.focus('3');
  mux.arrange.breakPane('3');
  const old = mux.windowList().find((w) => mux.windowPaneIds(w.window).includes('1'))!.window;
  t.is(old.focused, '2');
});

test('the last pane is the one focused before the active one in its window, while it is still there', (t) => {
  const mux = setUp(t);
  t.is(lastPane(mux, '1'), null, 'a new window has none');
  mux.split('1', 'right', {});
  mux.split('2', 'down', {});
  t.is(lastPane(mux, '3'), '2');
  mux.focus('1');
  t.is(lastPane(mux, '1'), '3');
  mux.focus(lastPane(mux, '1')!);
  t.is(mux.focused, '3');
  t.is(lastPane(mux, '3'), '1', 'going back and forth, as prefix ; does');
  mux.lifecycle.kill('1');
  t.is(lastPane(mux, '3'), null, 'a closed pane is no last pane');
});
