// Codex's notify payloads, as the real Codex 0.171.0 sent them (spec/fixtures/codex/): the
// finished turn's thread id, and the side thread that names the task, which has no rollout.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { codexNotifyPayload, hasRollout } from '../../lib/agent/codex-notify.js';
import { codexPane } from '../../lib/cli/agent-hook.js';
import { mergeCodexNotify } from '../../lib/cli/integration.js';
import type { PaneInfo } from '../../lib/server/protocol.js';
import { ROOT } from '../helpers/thurm-env.js';

const fixture = (name: string) => fs.readFileSync(path.join(ROOT, 'spec', 'fixtures', 'codex', name), 'utf8').trim();

test('a finished turn gives its thread id and cwd', (t) => {
  t.deepEqual(codexNotifyPayload(fixture('notify-turn-complete-0.171.0.json')), { threadId: '01a232d2-4dcc-79d1-9da5-17637b89d07c', cwd: '/tmp/cx/proj' });
});

test('anything but a finished turn with a printable thread id is no payload', (t) => {
  for (const text of ['', 'not json', '[]', '{"type":"agent-turn-complete"}', '{"type":"other","thread-id":"a"}', '{"type":"agent-turn-complete","thread-id":"a b"}']) {
    t.is(codexNotifyPayload(text), null, text);
  }
});

test('only a thread with a rollout file can be resumed: the title thread is not', (t) => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'thurm-codex-'));
  t.teardown(() => fs.rmSync(home, { recursive: true, force: true }));
  const day = path.join(home, 'sessions', '2026', '12', '01');
  fs.mkdirSync(day, { recursive: true });
  fs.writeFileSync(path.join(day, 'rollout-2026-12-01T18-16-13-01a232d2-4dcc-79d1-9da5-17637b89d07c.jsonl'), '');
  t.true(hasRollout(home, codexNotifyPayload(fixture('notify-turn-complete-0.171.0.json'))!.threadId));
  t.false(hasRollout(home, codexNotifyPayload(fixture('notify-title-0.171.0.json'))!.threadId));
  t.false(hasRollout(path.join(home, 'missing'), 'x'));
});

const pane = (id: string, argv: string[] | null, cwd = '/p') => ({ id, cwd, foreground: argv && { pid: Number(id) * 10, pgid: Number(id) * 10, argv } }) as unknown as PaneInfo;
const CODEX = ['node', '/opt/real-agents/codex/node_modules/.bin/codex', 'hi'];

test('the turn belongs to the one pane running codex, else the one in its cwd, else the notify\'s own pane; never a guess', (t) => {
  t.is(codexPane([pane('1', ['sh']), pane('2', CODEX)], '/elsewhere', '1')?.id, '2');
  t.is(codexPane([pane('1', CODEX, '/a'), pane('2', CODEX, '/b')], '/b', '1')?.id, '2');
  t.is(codexPane([pane('1', CODEX), pane('2', CODEX)], '/p', '2')?.id, '2');
  t.is(codexPane([pane('1', CODEX), pane('2', CODEX)], '/p', '3'), null);
  t.is(codexPane([pane('1', ['sh'])], '/p', '1'), null);
});

test('integration install codex adds thurm as the notify program once, and leaves another program alone', (t) => {
  const merged = mergeCodexNotify('model = "m"\n[x]\nnotify = 1\n', '/bin/thurm');
  t.is(merged, 'notify = ["/bin/thurm","agent","hook","codex"]\nmodel = "m"\n[x]\nnotify = 1\n');
  t.is(mergeCodexNotify(merged, '/bin/thurm'), merged);
  t.is((t.throws(() => mergeCodexNotify('notify = ["notify-send"]\n', '/bin/thurm')) as Error & { code?: string }).code, 'INVALID_ARGUMENT');
});
