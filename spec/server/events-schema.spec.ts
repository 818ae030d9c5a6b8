// The events stream sends only what EVENTS declares: a real Mux on fake ptys is driven through
// every kind of change, and each frame's event is checked against the published schema by the
// spec's own validator (spec/helpers/json-schema.ts, which knows nothing of lib/fields.ts).
import test from 'ava';
import { COMMANDS } from '../../lib/commands/index.js';
import { protocolSchema } from '../../lib/commands/request-schema.js';
import { subscribe } from '../../lib/server/events.js';
import { EVENT_TYPES } from '../../lib/server/protocol.js';
import { DEFAULT_CONFIG } from '../../lib/session/config.js';
import { Mux } from '../../lib/session/mux.js';
import { FakePty } from '../helpers/fake-pty.js';
import { validate } from '../helpers/json-schema.js';
import { waitUntil } from '../helpers/wait.js';

const SCHEMA = protocolSchema(COMMANDS);
const DEFS = SCHEMA.$defs as Record<string, Record<string, unknown>>;

test('every event type is in the schema, and an event of one type is not valid as another', (t) => {
  for (const type of EVENT_TYPES) t.truthy(DEFS[`event.${type}`], type);
  t.deepEqual(validate(DEFS['event.pane-closed'], { type: 'pane-closed', seq: 1, at: '2026-12-03T00:00:00Z', pane: '1' }, SCHEMA), []);
  t.not(validate(DEFS['event.pane-closed'], { type: 'pane-closed', seq: 1, at: '2026-12-03T00:00:00Z' }, SCHEMA).length, 0, 'a pane event names its pane');
  t.not(validate(DEFS.event, { type: 'focus-changed', seq: 1, at: '2026-12-03T00:00:00Z', pane: '1', title: 'x' }, SCHEMA).length, 0, 'no undeclared field');
});

test('every event a real Mux sends through a change of each kind is valid by the schema', async (t) => {
  const ptys = new Map<string, FakePty>();
  const mux = new Mux({
    session: 'spec', socketPath: '/nonexistent', size: { cols: 80, rows: 24 },
    // A route whose command runs for the blocked pane below: its run is an event too.
    config: { ...DEFAULT_CONFIG, notify: { routes: [{ name: 'r', causes: ['blocked'], afterMs: 0, command: ['true'], repeatMs: 0, resolved: null, timeoutMs: 5000 }] } },
    spawn: (opts) => { const pty = new FakePty(opts); ptys.set(String(opts.env?.THURM_PANE_ID), pty); return pty; },
  });
  const events: Record<string, unknown>[] = [];
  mux.start({ argv: ['/bin/sh'], cwd: '/' });
  subscribe(mux, {}, (frame) => { events.push((JSON.parse(frame.toString()) as { event: Record<string, unknown> }).event); return true; });
  const seen = (type: string) => events.some((e) => e.type === type);

  const two = mux.split('1', 'down', { argv: ['/bin/sh'], cwd: '/' });
  mux.focus('1', true);
  ptys.get(two)!.output('\x1b]2;building\x07');
  ptys.get(two)!.output('\x1b]7501;state=blocked:kind=question:app=deploy\x07');
  await waitUntil(() => seen('title-changed') && seen('status-changed') && seen('notification') && seen('notification-delivered'), () => `title, status and notification events; got ${events.map((e) => e.type).join(' ')}`);
  mux.clients.add('c1', 80, 24);
  mux.clients.remove('c1');
  mux.webViewer('connected', '1', 'overview', '127.0.0.1');
  mux.webViewer('answered', 'ab12cd34', '1', '127.0.0.1');
  mux.webViewer('disconnected', '1', 'overview', '127.0.0.1');
  mux.newWindow({ argv: ['/bin/sh'], cwd: '/' }, 'second');
  const second = mux.findWindow({ index: 1 });
  mux.windowChanges.rename(second, 'renamed');
  mux.windowChanges.move(second, 0);
  mux.windowChanges.synchronize(true, second);
  mux.windowChanges.selectBy('last');
  mux.windowChanges.kill(second);
  mux.lifecycle.respawn(two, { argv: ['/bin/sh'], cwd: '/tmp' }, true);
  mux.renameSession('spec-2', '/nonexistent-2');
  ptys.get(two)!.exit(3);
  await waitUntil(() => seen('pane-closed'), 'the exited pane closed');
  mux.end();
  await waitUntil(() => seen('session-ended'), 'the end of the session');

  t.deepEqual(events.filter((e) => e.type === 'window-moved').map((e) => [e.window, e.index]), [['@1', 0], ['@0', 1]], 'the window moved and the one it swapped places with');
  t.like(events.find((e) => e.type === 'window-synchronized'), { window: '@1', synchronize: true });
  t.deepEqual(events.filter((e) => e.type === 'window-renamed').map((e) => e.name), ['renamed'], 'a move or synchronize-panes is no rename');
  const invalid = events.map((e) => ({ type: e.type, errors: validate(DEFS.event, e, SCHEMA) })).filter((e) => e.errors.length);
  t.deepEqual(invalid, []);
  // Agents bind and report usage only from a live process in the pane's foreground (a fake pty
  // has none): the end-to-end specs check those events (events.spec's shapes, agent-usage.spec's schema).
  const missing = EVENT_TYPES.filter((type) => !seen(type) && type !== 'agent-bound' && type !== 'agent-released' && type !== 'usage-changed');
  t.deepEqual(missing, [], 'a change of every other kind was made');
});

test('the attach stream\'s text messages are in the schema: a resize from the client, a detach with its reason from the server', (t) => {
  t.deepEqual(validate(DEFS['attach.resize'], { type: 'resize', size: { cols: 120, rows: 40 } }, SCHEMA), []);
  t.not(validate(DEFS['attach.resize'], { type: 'resize', size: { cols: 0, rows: 40 } }, SCHEMA).length, 0, 'a size of no columns');
  t.deepEqual(validate(DEFS['attach.detached'], { type: 'detached', reason: 'switch', session: 'work' }, SCHEMA), []);
  t.not(validate(DEFS['attach.detached'], { type: 'detached', reason: 'bored' }, SCHEMA).length, 0, 'an unknown reason');
});
