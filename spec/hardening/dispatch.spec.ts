// Hostile socket requests (lib/commands/dispatch.ts) against a real Mux whose panes run on the
// fake pty: random JSON objects for every request type, `__proto__` keys, deep nesting. Each
// gets one structured Reply (never a throw, never INTERNAL), the session stays consistent and
// nothing is polluted. kill-server, server-upgrade and rename-session only reach the context's
// stubs, so no request can stop or replace this process or move its files.
import fc from 'fast-check';
import type { CommandContext } from '../../lib/commands/command.js';
import { dispatch, requestId } from '../../lib/commands/dispatch.js';
import { COMMANDS } from '../../lib/commands/index.js';
import { isErrorCode } from '../../lib/errors.js';
import { PROTOCOL_VERSION } from '../../lib/server/protocol.js';
import { DEFAULT_CONFIG } from '../../lib/session/config.js';
import { Mux } from '../../lib/session/mux.js';
import { FakePty } from '../helpers/fake-pty.js';
import { check, invariant } from '../helpers/hardening.js';
import { ALIASES } from '../../lib/commands/table.js';

const TYPES = [...COMMANDS.map((c) => c.name), ...Object.keys(ALIASES), 'attach', 'subscribe', 'resize', 'Kill-Server', '', 'constructor', '__proto__', 'toString'];
const FIELDS = [
  'pane', 'text', 'keys', 'enter', 'argv', 'cwd', 'direction', 'cells', 'state', 'output', 'timeout', 'report', 'owner_pid', 'instance', 'sequence', 'status',
  'session_id', 'message', 'resume_argv', 'agent', 'event', 'buffer', 'scrollback', 'ansi', 'next', 'urgent', 'choice', 'deny', 'expect', 'id', 'version',
  '__proto__', 'constructor', 'prototype', 'hasOwnProperty',
];
const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const value = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)) },
  { weight: 2, arbitrary: fc.constantFrom('"1"', '"2"', '"99"', '"right"', '"down"', '"left"', '"up"', '"done"', '"working"', '"C-c"', '"Enter"', '"F5"', '"/"', '"/tmp"',
    '"(a|b)"', '"["', '["Up","C-S-Up"]', '["/bin/sh"]', '1', '0', '-1', '1e308', '9007199254740993', 'true', 'null', '{"__proto__":{"polluted":1}}', `${PROTOCOL_VERSION}`) },
  { weight: 1, arbitrary: fc.record({ agent: fc.constantFrom('"a"', '"x y"'), owner_pid: fc.constantFrom('1', `${process.pid}`, '-5'), instance: fc.constantFrom('"i"', '"ü"'),
    sequence: fc.constantFrom('1', '2', '0'), status: fc.constantFrom('"idle"', '"working"', '"done"', '"nope"'), resume_argv: fc.constantFrom('["a"]', '[""]', '["\\u0007"]', 'null') })
    .map((r) => `{${Object.entries(r).map(([k, v]) => `"${k}":${v}`).join(',')}}`) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 30_000 }).map(deep) },
);
/** A request as the wire brings it: JSON text parsed, so `__proto__` is an own key like any other. */
const request = fc.tuple(
  fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...TYPES).map((t) => JSON.stringify(t)) }, { weight: 1, arbitrary: value }),
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }),
  fc.option(fc.constantFrom('1', '"a"', '{}', deep(20_000))),
).map(([type, fields, id]) => {
  const pairs = [`"type":${type}`, ...Object.entries(fields).map(([k, v]) => `${JSON.stringify(k)}:${v}`), ...(id ? [`"id":${id}`] : [])];
  return `{${pairs.join(',')}}`;
});

let mux: Mux;
let stopped = 0;
let upgraded = 0;
let renamed = 0;
const ptys: FakePty[] = [];

function freshMux(): void {
  mux?.end();
  ptys.length = 0;
  mux = new Mux({
    session: 'spec', socketPath: '/nonexistent', config: DEFAULT_CONFIG, size: { cols: 80, rows: 24 },
    spawn: (opts) => {
      const fake = new FakePty(opts);
      ptys.push(fake);
      return fake;
    },
  });
  mux.start({ argv: ['/bin/sh'], cwd: '/' });
}

const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).join();

check({
  id: 'dispatch',
  what: 'random socket requests (every type, `__proto__` keys, nesting 30,000 deep) on a real Mux: one structured Reply each, never INTERNAL; the session stays whole',
  args: [fc.array(request, { minLength: 1, maxLength: 4 })],
  cases: 500,
  around: { before: freshMux, after: () => mux.end() },
  property: async (texts: string[]) => {
    for (const text of texts) {
      // A session whose last pane was killed has ended: the next request gets a new one.
      if (!mux.paneIds().length) freshMux();
      for (const p of ptys) p.writes.length = 0;
      const raw = JSON.parse(text) as unknown;
      const closed = new AbortController();
      const ctx: CommandContext = {
        mux, clients: () => [], signal: closed.signal,
        shutdown: () => { stopped++; },
        upgrade: async () => { upgraded++; return { pid: 0 }; },
        renameSession: async () => { renamed++; },
      };
      const [stops, upgrades, renames] = [stopped, upgraded, renamed];
      const replied = dispatch(ctx, raw);
      // As if the client went away at once: a request that waits (wait) answers now.
      closed.abort();
      const timeout = new Promise<'none'>((resolve) => setTimeout(resolve, 5000, 'none').unref());
      const reply = await Promise.race([replied, timeout]);
      invariant(reply !== 'none', `no reply within 5 s to ${text.slice(0, 200)}`);
      invariant(reply.id === requestId(raw), `reply id ${String(reply.id)}`);
      const type = (raw as { type?: unknown }).type;
      invariant(stopped === stops + (reply.ok && type === 'kill-server' ? 1 : 0) && upgraded === upgrades + (reply.ok && type === 'server-upgrade' ? 1 : 0),
        `kill-server or server-upgrade did not go to the context alone: ${text.slice(0, 100)}`);
      invariant(renamed === renames + (reply.ok && type === 'rename-session' ? 1 : 0), `rename-session did not go to the context alone: ${text.slice(0, 100)}`);
      if (reply.ok) invariant(typeof JSON.stringify(reply) === 'string', 'a result that cannot be sent');
      else invariant(isErrorCode(reply.error.code) && reply.error.code !== 'INTERNAL' && typeof reply.error.message === 'string',
        `${reply.error.code}: ${reply.error.message.slice(0, 200)} for ${text.slice(0, 200)}`);
      invariant(Object.getOwnPropertyNames(Object.prototype).join() === PROTOTYPE_KEYS && !('polluted' in {}), 'Object.prototype was polluted');
      const ids = mux.paneIds();
      invariant(ids.every((id) => mux.pane(id)) && (mux.focused === null || ids.includes(mux.focused) || !ids.length), `focus ${mux.focused} outside ${ids}`);
    }
  },
});
