import test from 'ava';
import { Notifier } from '../../lib/session/notifier.js';
import type { StatusSummary } from '../../lib/status/program-status.js';

const blocked: StatusSummary = { state: 'blocked', source: 'hook', kind: 'permission', app: 'claude-code', text: 'Allow Bash?', progress: null, progressState: null };

test('a pane that comes with its status (an upgrade, a restore) raises nothing for it; a change after does', (t) => {
  const sent: string[] = [];
  const n = new Notifier((_pane, note) => sent.push(note.text), () => 0);
  n.known('1', blocked);
  n.statusChanged('1', blocked);
  t.deepEqual(sent, []);
  n.statusChanged('1', { ...blocked, text: 'Allow Edit?' });
  t.deepEqual(sent, ['Allow Edit?']);
});

test('what the user has just seen is not told again; what they saw before may be', (t) => {
  const sent: string[] = [];
  let clock = 0;
  const n = new Notifier((_pane, note) => sent.push(note.text), () => clock);
  n.statusChanged('1', blocked);
  clock += 5000;
  n.statusChanged('1', { ...blocked, text: 'Allow Edit?' });
  n.seen('1');
  n.statusChanged('1', { ...blocked, text: 'Allow Edit?' });
  n.statusChanged('1', blocked);
  t.deepEqual(sent, ['Allow Bash?', 'Allow Edit?', 'Allow Bash?']);
});

test('the same question asked anew after the user answered it is news again', (t) => {
  const sent: string[] = [];
  const n = new Notifier((_pane, note) => sent.push(note.text), () => 0);
  n.statusChanged('1', blocked);
  n.seen('1');
  n.statusChanged('1', { ...blocked, state: 'working', kind: null, text: '' });
  n.statusChanged('1', blocked);
  t.deepEqual(sent, ['Allow Bash?', 'Allow Bash?']);
});

test('one cause, one notification: another source telling of the state the pane just entered is the same news', (t) => {
  const sent: string[] = [];
  let clock = 0;
  const n = new Notifier((_pane, note) => sent.push(`${note.cause} ${note.text}`), () => clock);
  // A screen rule sees the dialog first; Claude's own report of it follows with its question.
  n.statusChanged('1', { ...blocked, source: 'screen-and-activity', kind: null, text: '' });
  clock += 1000;
  n.statusChanged('1', { ...blocked, source: 'program-status', text: 'Make auto mode your default permission mode?' });
  t.deepEqual(sent, ['blocked '], 'the report a second later tells of the same dialog');
  n.statusChanged('1', { ...blocked, source: 'program-status', text: 'Allow Bash?' });
  t.deepEqual(sent, ['blocked ', 'blocked Allow Bash?'], 'the same source saying something new is news');
  clock += 5000;
  n.statusChanged('1', { ...blocked, source: 'hook', text: 'Allow Edit?' });
  t.deepEqual(sent, ['blocked ', 'blocked Allow Bash?', 'blocked Allow Edit?'], 'a new question later is news, whichever source tells it');
});

test('a program\'s bell at the moment its pane becomes done is the done, told once, whichever comes first', (t) => {
  const sent: string[] = [];
  let clock = 0;
  const n = new Notifier((_pane, note) => sent.push(note.cause), () => clock);
  const done = { ...blocked, state: 'done' as const, source: 'program-status' as const, kind: null, text: '' };
  const bell = { cause: 'bell' as const, title: 'bell', text: '' };
  n.statusChanged('1', done);
  clock += 300;
  n.programAsked('1', bell);
  t.deepEqual(sent, ['done'], 'Codex rings as its turn ends: one notification');
  n.programAsked('2', bell);
  clock += 300;
  n.statusChanged('2', done);
  t.deepEqual(sent, ['done', 'bell'], 'the bell first: it was the news');
  clock += 5000;
  n.seen('1');
  n.statusChanged('1', { ...done, state: 'working' });
  clock += 5000;
  n.statusChanged('1', done);
  t.deepEqual(sent, ['done', 'bell', 'done'], 'the next turn\'s done, once seen the last, is news');
});
