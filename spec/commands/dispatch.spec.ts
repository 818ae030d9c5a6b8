import test from 'ava';
import type { CommandContext } from '../../lib/commands/command.js';
import { dispatch } from '../../lib/commands/dispatch.js';
import { shown } from '../../lib/server/protocol.js';

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
