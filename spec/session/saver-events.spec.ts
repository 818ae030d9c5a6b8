// Every change to what the session file holds is followed by an event the saver saves within a
// second (SAVE_AFTER lists every kind of event, so a new kind cannot be left out unseen): a
// window renamed or moved was once announced with an event the saver ignored, and lost when the
// server was killed. Each change below is made on a Mux of fake ptys, and the snapshot it
// changes is compared before and after.
import test from 'ava';
import type { MuxEvent } from '../../lib/session/events.js';
import type { Mux } from '../../lib/session/mux.js';
import { SAVE_AFTER } from '../../lib/session/saver.js';
import { fakeMux } from '../helpers/fake-mux.js';

/** What a save writes, less the time and the history (output has its own, slower, deadline). */
function saved(mux: Mux): unknown {
  const { savedAt: _, panes, ...rest } = mux.persistence.snapshot(() => []);
  return { ...rest, panes: panes.map(({ history: _h, ...p }) => p) };
}

const window = (mux: Mux, index: number) => mux.findWindow({ index });

const CHANGES: [string, (mux: Mux) => void][] = [
  ['a new window', (m) => m.newWindow({})],
  ['a split', (m) => m.split('1', 'right', {})],
  ['a pane killed', (m) => m.lifecycle.kill('2')],
  ['focus moved', (m) => m.focus('1')],
  ['a pane zoomed', (m) => m.arrange.toggleZoom('1')],
  ['a pane resized', (m) => m.arrange.resizePane('1', 'right', 5)],
  ['a pane given a title', (m) => m.setPaneTitle('1', 'given')],
  ['a window renamed', (m) => m.windowChanges.rename(window(m, 1), 'logs')],
  ['a window moved', (m) => m.windowChanges.move(window(m, 1), 5)],
  ['another window selected', (m) => m.windowChanges.select(window(m, 1))],
  ['a window killed', (m) => m.windowChanges.kill(window(m, 1))],
  ['a layout chosen', (m) => m.arrange.selectLayout('even-vertical')],
  ['panes swapped', (m) => m.arrange.swapPane('1', 1)],
  ['a window rotated', (m) => m.arrange.rotateWindow(1)],
  ['a pane broken out', (m) => m.arrange.breakPane('2')],
  ['a pane joined', (m) => m.arrange.joinPane('2', '1', 'down')],
  ['a pane respawned', (m) => m.lifecycle.respawn('1', { argv: ['/bin/true'] }, true)],
  ['the session resized', (m) => m.clients.resize('c1', 100, 30)],
];

test('synchronize-panes changes nothing the session file holds, and its event is not saved', (t) => {
  const { mux } = fakeMux(t);
  mux.start({ argv: ['/bin/sh'], cwd: '/' });
  const events: MuxEvent[] = [];
  mux.subscribe((e) => events.push(e));
  const before = saved(mux);
  mux.windowChanges.synchronize(true);
  t.deepEqual(saved(mux), before);
  t.deepEqual(events.map((e) => [e.type, SAVE_AFTER[e.type]]), [['window-synchronized', null]]);
});

for (const [what, change] of CHANGES) {
  test(`${what} is saved within a second`, (t) => {
    const { mux } = fakeMux(t);
    mux.start({ argv: ['/bin/sh'], cwd: '/' });
    mux.split('1', 'right', {});
    mux.newWindow({}, null, false);
    mux.clients.add('c1', 80, 24);
    const events: MuxEvent[] = [];
    mux.subscribe((e) => events.push(e));
    const before = saved(mux);
    change(mux);
    t.notDeepEqual(saved(mux), before, 'the change is one the session file holds');
    const saves = events.filter((e) => (SAVE_AFTER[e.type] ?? Infinity) <= 1000).map((e) => e.type);
    t.true(saves.length > 0, `an event saved within a second follows it (events: ${events.map((e) => e.type).join(', ')})`);
  });
}
