// What the status line shows: its window list when the windows do not all fit, and a notice
// beside the status, never over it.
import test from 'ava';
import type { Line } from '../../lib/ui/cells.js';
import { drawStatusLine, visibleRun } from '../../lib/ui/chrome.js';
import { strftime } from '../../lib/strftime.js';
import { DEFAULT_CONFIG } from '../../lib/session/config.js';
import type { OtherSession } from '../../lib/server/other-sessions.js';
import type { Mux } from '../../lib/session/mux.js';
import { fakeMux } from '../helpers/fake-mux.js';

const ten = Array.from({ length: 10 }, () => 10);

test('windows that all fit are all shown', (t) => t.deepEqual(visibleRun(ten, 9, 100), [0, 10]));

test('a list that does not fit is shown from its first window while the current one is among them', (t) => {
  // 44 cells: four labels of 10 and the > mark.
  t.deepEqual(visibleRun(ten, 2, 44), [0, 4]);
});

test('a current window past the end moves the shown run on until it shows, with room for both marks', (t) => {
  const [start, end] = visibleRun(ten, 9, 44);
  t.deepEqual([start, end], [6, 10]);
  const [s2, e2] = visibleRun(ten, 5, 44);
  t.true(s2 > 0 && s2 <= 5 && e2 > 5, `${s2}-${e2}`);
  t.true((e2 - s2) * 10 + 4 <= 44);
});

test('a current window too wide for the room is still the one shown', (t) => t.deepEqual(visibleRun([10, 50, 10], 1, 20), [1, 2]));

/** A session of two windows whose hidden one has a blocked pane (by an OSC 7501 record). */
function blockedSession(t: { teardown(fn: () => void): void }): Mux {
  const { mux } = fakeMux(t);
  mux.start({ argv: ['/bin/sh'], cwd: '/' });
  mux.newWindow({ argv: ['/bin/sh'], cwd: '/' });
  mux.pane('2').status.onOsc7501('state=blocked');
  mux.windowChanges.selectBy({ index: 0 });
  return mux;
}

function statusText(mux: Mux, cols: number, notice: string | null, others: OtherSession[] = []): string {
  const line: Line = Array.from({ length: cols }, () => ['', ' ']);
  drawStatusLine(line, mux, { prefixPending: false, message: null, notice, others });
  return line.map(([, ch]) => ch).join('');
}

test('a notice is shown between the window list and the state counts, cut to the room they leave', (t) => {
  const mux = blockedSession(t);
  t.regex(statusText(mux, 80, null), /^\[spec\] 0:sh\* 1:sh-◆ │ %1:sh\* +◆1$/);
  const text = statusText(mux, 80, `restored session saved 2026-12-01 10:00: 2 restored ${'and more '.repeat(10)}`);
  t.regex(text, /^\[spec\] 0:sh\* 1:sh-◆ │ %1:sh\*  restored session saved .*… +◆1$/);
});

test('a notice with no useful room left is not shown: the status line stays as it was', (t) => {
  const mux = blockedSession(t);
  t.is(statusText(mux, 34, 'restored session saved 2026-12-01 10:00: 2 restored'), statusText(mux, 34, null));
});

test('other sessions that need you show left of the counts, most pressing first, and those that do not fit are counted', (t) => {
  const mux = blockedSession(t);
  const others: OtherSession[] = [
    { name: 'build', state: 'done', needYou: 2 },
    { name: 'quiet', state: 'working', needYou: 0 },
    { name: 'scratch', state: 'blocked', needYou: 1 },
  ];
  t.regex(statusText(mux, 80, null, others), /%1:sh\* +scratch◆1 build✔2 │ ◆1$/);
  t.regex(statusText(mux, 47, null, others), /%1:sh\* +scratch◆1 \+1 │ ◆1$/);
  t.false(statusText(mux, 80, null, others).includes('quiet'), 'a session where nothing needs you is not shown');
});

test('a synchronized window is marked (sync) in the window list', (t) => {
  const mux = blockedSession(t);
  mux.windowChanges.synchronize(true);
  t.regex(statusText(mux, 80, null), /^\[spec\] 0:sh\*\(sync\) 1:sh-◆ │ %1:sh\*/);
  mux.windowChanges.synchronize(false);
  t.regex(statusText(mux, 80, null), /^\[spec\] 0:sh\* 1:sh-◆ │/);
});

test('status-left and status-right are tmux formats with strftime codes, from the config unless a tmux set -g gives the session its own; styles are dropped and what a program set is made safe', (t) => {
  const mux = blockedSession(t);
  t.regex(statusText(mux, 80, null), /^\[spec\] /, 'by default the left end is [#S]');
  mux.setConfig({ ...DEFAULT_CONFIG, ui: { ...DEFAULT_CONFIG.ui, statusLeft: '<#S:#I.#P> ', statusRight: ' #{pane_id} %Y' } });
  t.regex(statusText(mux, 80, null), new RegExp(`^<spec:0\\.0> 0:sh\\* 1:sh-◆ │ %1:sh\\* +◆1 %1 ${new Date().getFullYear()}$`));
  mux.setTmuxOption('session', 'status-right', ' #[fg=red]#{pane_title}#[default]');
  mux.setPaneTitle('1', 'a\x1b]0;pwned\x07b');
  const text = statusText(mux, 80, null);
  t.true(text.endsWith(' ◆1 a]0;pwnedb'), text);
  t.false(/[\x00-\x1f]/.test(text));
});

test('strftime fills in the common codes in local time and leaves others as they are', (t) => {
  t.is(strftime('%H:%M:%S %d-%b-%y %Y-%m-%e %a %I%p %% %Q', new Date(2026, 11, 7, 14, 5, 9)), '14:05:09 07-Dec-26 2026-12- 7 Mon 02PM % %Q');
});
