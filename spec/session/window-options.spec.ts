// Window indexes as tmux's base-index and renumber-windows give them: from the config, or from a
// tmux `set -g`, which wins; on a Mux of fake ptys.
import test from 'ava';
import { DEFAULT_CONFIG } from '../../lib/session/config.js';
import type { MuxEvent } from '../../lib/session/events.js';
import { fakeMux } from '../helpers/fake-mux.js';

const ui = (more: Partial<typeof DEFAULT_CONFIG.ui>) => ({ ...DEFAULT_CONFIG, ui: { ...DEFAULT_CONFIG.ui, ...more } });

function setUp(t: { teardown(fn: () => void): void }, config = DEFAULT_CONFIG) {
  const { mux, ptys } = fakeMux(t);
  mux.setConfig(config);
  mux.start({ argv: ['sh'], cwd: '/' });
  const indexes = () => mux.windowList().map(({ window }) => window.index);
  const paneOf = (index: number) => mux.windowPaneIds(mux.findWindow({ index }))[0];
  const moved: number[] = [];
  mux.subscribe((e: MuxEvent) => { if (e.type === 'window-moved') moved.push(e.window); });
  return { mux, ptys, indexes, paneOf, moved };
}

test('windows are numbered from 0, and a closed window leaves its gap, by default', (t) => {
  const { mux, indexes, paneOf, moved } = setUp(t);
  mux.newWindow({});
  mux.newWindow({});
  t.deepEqual(indexes(), [0, 1, 2]);
  mux.lifecycle.kill(paneOf(1));
  t.deepEqual(indexes(), [0, 2]);
  t.deepEqual(moved, []);
  mux.newWindow({});
  t.deepEqual(indexes(), [0, 1, 2], 'a new window fills the lowest gap');
});

test('with ui.base-index 1 the first window is 1 and new ones fill from 1; with renumber-windows a close closes the gap and says which moved', (t) => {
  const { mux, indexes, paneOf, moved } = setUp(t, ui({ baseIndex: 1, renumberWindows: true }));
  mux.newWindow({});
  mux.newWindow({});
  t.deepEqual(indexes(), [1, 2, 3]);
  const last = mux.findWindow({ index: 3 }).id;
  mux.lifecycle.kill(paneOf(2));
  t.deepEqual(indexes(), [1, 2]);
  t.deepEqual(moved, [last], 'the window that was 3 is now 2');
  t.is(mux.findWindow({ index: 2 }).id, last);
});

test('a tmux set -g base-index and renumber-windows win over the config, take effect from the next window and close, and refuse values tmux refuses', (t) => {
  const { mux, indexes, paneOf } = setUp(t, ui({ baseIndex: 0, renumberWindows: false }));
  mux.setTmuxOption('session', 'base-index', '5');
  t.deepEqual(indexes(), [0], 'existing windows keep their index');
  mux.newWindow({});
  t.deepEqual(indexes(), [0, 5]);
  mux.setTmuxOption('session', 'renumber-windows', 'on');
  mux.newWindow({});
  const first = mux.findWindow({ index: 0 }).id;
  mux.lifecycle.kill(paneOf(5));
  t.deepEqual(indexes(), [5, 6]);
  t.is(mux.findWindow({ index: 5 }).id, first, 'window 0 is now 5, the base');
  mux.setTmuxOption('session', 'base-index', null);
  mux.windowChanges.renumber();
  t.deepEqual(indexes(), [0, 1], 'unset, the config\'s base is back; move-window -r numbers from it');
  t.throws(() => mux.setTmuxOption('session', 'base-index', 'one'), { message: /base-index: not a number/ });
  t.throws(() => mux.setTmuxOption('session', 'renumber-windows', 'maybe'), { message: /renumber-windows: not on or off/ });
  t.deepEqual(indexes(), [0, 1]);
});

test('remain-on-exit: the config\'s, unless a tmux value of the pane, its window or the session says on, off or failed', (t) => {
  const { mux, ptys } = setUp(t);
  for (let i = 0; i < 4; i++) mux.split('1', 'right', {});
  const alive = () => mux.paneIds().sort();
  mux.setTmuxOption('session', 'remain-on-exit', 'on');
  mux.setTmuxOption('%3', 'remain-on-exit', 'off');
  mux.setTmuxOption('%4', 'remain-on-exit', 'failed');
  mux.setTmuxOption('%5', 'remain-on-exit', 'failed');
  ptys[1].exit(0);
  ptys[2].exit(0);
  ptys[3].exit(0);
  ptys[4].exit(2);
  t.deepEqual(alive(), ['1', '2', '5'], 'on (the session\'s) keeps 2; off (the pane\'s) closes 3; failed closes 4, which succeeded, and keeps 5');
  t.throws(() => mux.setTmuxOption('session', 'remain-on-exit', 'sometimes'), { message: /remain-on-exit: not on, off or failed/ });
});
