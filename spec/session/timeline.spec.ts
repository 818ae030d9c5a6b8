import test from 'ava';
import { ThurmError } from '../../lib/errors.js';
import type { StatusSummary } from '../../lib/status/program-status.js';
import { MAX_TIMELINE, sinceTime, Timeline, timelineLines, timelineOf } from '../../lib/session/timeline.js';

const status = (state: StatusSummary['state'], text: string, progress: number | null = null): StatusSummary =>
  ({ state, source: 'report', kind: null, app: 'claude', text, progress, progressState: null });

test('a change of progress alone updates the last entry; any other change adds one', (t) => {
  const log = new Timeline();
  log.add(status('working', 'Building', 10), 1000);
  log.add(status('working', 'Building', 80), 2000);
  log.add(status('working', 'Testing'), 3000);
  log.add(status('done', 'Testing'), 4000);
  t.deepEqual(log.list().map((e) => [e.at, e.state, e.text, e.progress]), [[1000, 'working', 'Building', 80], [3000, 'working', 'Testing', null], [4000, 'done', 'Testing', null]]);
  t.deepEqual(log.list(3000).map((e) => e.at), [3000, 4000], 'since a time, that time included');
});

test('the newest entries are kept, up to the bound, and a list is a copy', (t) => {
  const log = new Timeline();
  for (let i = 0; i < MAX_TIMELINE + 20; i++) log.add(status(i % 2 ? 'working' : 'idle', `turn ${i}`), i);
  const list = log.list();
  t.is(list.length, MAX_TIMELINE);
  t.is(list[0].text, 'turn 20');
  list[0].text = 'changed';
  t.is(log.list()[0].text, 'turn 20');
});

test('--since takes a duration back from now or an ISO time, and refuses anything else with a clear error', (t) => {
  const now = Date.parse('2026-12-07T12:00:00Z');
  t.is(sinceTime('90s', now), now - 90_000);
  t.is(sinceTime('10m', now), now - 600_000);
  t.is(sinceTime('2h', now), now - 7_200_000);
  t.is(sinceTime('1d', now), now - 86_400_000);
  t.is(sinceTime('2026-12-07T11:00:00Z', now), now - 3_600_000);
  for (const bad of ['yesterday', '5 minutes', '-2h', '', '12:00']) {
    const err = t.throws(() => sinceTime(bad, now), { instanceOf: ThurmError });
    t.is(err?.code, 'INVALID_ARGUMENT');
  }
});

test('entries read from a session file: malformed ones are left out and text is made inert', (t) => {
  const read = timelineOf([
    { at: 1000, state: 'blocked', source: 'hook', kind: 'permission', app: 'x\u001b[2Jy', text: 'run \u001b]0;evil\u0007rm?', progress: null },
    { at: 'soon', state: 'working', source: 'report', text: '' },
    { at: 2000, state: 'sleeping', source: 'report', text: '' },
    { at: 3000, state: 'done', source: 'elsewhere', text: '' },
    { at: 4000, state: 'working', source: 'report', kind: 'bogus', app: 7, text: 9, progress: 400 },
    null, 'text',
  ]);
  t.is(read.length, 2);
  t.like(read[0], { at: 1000, state: 'blocked', source: 'hook', kind: 'permission' });
  t.false(/[\u0000-\u001f]/.test(read[0].text + read[0].app), JSON.stringify(read[0]));
  t.like(read[1], { at: 4000, kind: null, app: null, text: '', progress: null });
  t.deepEqual(timelineOf({ not: 'a list' }), []);
});

test('lines give the time, with the date when it is not today, then state, source and what was said', (t) => {
  const now = Date.parse('2026-12-07T12:00:00');
  const lines = timelineLines([
    { at: Date.parse('2026-12-06T23:59:58'), state: 'working', source: 'report', kind: null, app: 'claude', text: 'Editing', progress: 40 },
    { at: Date.parse('2026-12-07T08:15:00'), state: 'blocked', source: 'hook', kind: 'permission', app: null, text: 'Bash(npm test)', progress: null },
  ], now);
  t.deepEqual(lines, [
    '2026-12-06 23:59:58  working report              (claude) Editing 40%',
    '08:15:00  blocked hook                permission Bash(npm test)',
  ]);
  t.deepEqual(timelineLines([], now), ['no status changes yet']);
});
