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
  const n = new Notifier((_pane, note) => sent.push(note.text), () => 0);
  n.statusChanged('1', blocked);
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
