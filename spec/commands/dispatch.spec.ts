import test from 'ava';
import type { CommandContext } from '../../lib/commands/command.js';
import { dispatch } from '../../lib/commands/dispatch.js';
import { shown } from '../../lib/server/protocol.js';
import { commandPane } from '../helpers/command-pane.js';

// Found by spec/hardening/dispatch.spec.ts: naming a nested value in the error recursed past
// the stack (String() of an array joins its elements), and the reply said INTERNAL.
const deep = JSON.parse(`${'['.repeat(30_000)}${']'.repeat(30_000)}`) as unknown;
const ctx = {} as CommandContext;

for (const [what, request] of [['type', { type: deep }], ['protocol version', { type: 'list', version: deep }]] as const) {
  test(`a request whose ${what} is an array nested 30,000 deep gets a PROTOCOL_ERROR`, async (t) => {
    const reply = await dispatch(ctx, { id: 7, ...request });
    t.like(reply, { id: 7, ok: false, error: { code: 'PROTOCOL_ERROR' } });
  });
}

test('a value from the wire is shown as its text when it is a scalar, else as its kind', (t) => {
  t.deepEqual([shown('x'.repeat(100), 5), shown(3), shown(true), shown(null), shown(deep), shown({ a: 1 })], ['xxxxx', '3', 'true', 'null', 'an array', 'an object']);
});

test('a request whose command module is still loading holds back the requests after it: they start in the order they came', async (t) => {
  const { mux } = commandPane(t);
  const session: CommandContext = { mux, clients: () => [], shutdown: () => {}, upgrade: async () => ({ pid: 0 }), renameSession: async () => {} };
  // `info` is loaded; `rename-pane` is not, in this process, until this request asks for it.
  t.true((await dispatch(session, { id: 1, type: 'info' })).ok);
  const renamed = dispatch(session, { id: 2, type: 'rename-pane', pane: '1', title: 'first' });
  const info = dispatch(session, { id: 3, type: 'info' });
  const [r, i] = await Promise.all([renamed, info]);
  t.true(r.ok);
  t.like(i, { ok: true, result: { panes: [{ id: '1', title: 'first' }] } });
});
