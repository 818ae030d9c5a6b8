// The declared requests through the real binary: `thurm schema` prints the JSON Schema without
// a session and the server answers the same document, a bad field is an INVALID_ARGUMENT naming
// it, and a request of another protocol version is a PROTOCOL_ERROR naming both versions.
import fs from 'node:fs';
import test, { type ExecutionContext } from 'ava';
import { Connection } from '../../lib/cli/connection.js';
import { COMMANDS } from '../../lib/commands/index.js';
import { PROTOCOL_VERSION } from '../../lib/server/protocol.js';
import { validate } from '../helpers/json-schema.js';
import { ThurmEnv } from '../helpers/thurm-env.js';

async function session(t: ExecutionContext): Promise<{ env: ThurmEnv; connection: Connection }> {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--', '/bin/sh']);
  const connection = await Connection.open(env.socket);
  t.teardown(() => connection.close());
  return { env, connection };
}

test('thurm schema prints every request type as JSON Schema without starting a session', async (t) => {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  const schema = JSON.parse(await env.ok(['schema']));
  t.is(schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
  t.deepEqual(schema.oneOf.map((r: { $ref: string }) => r.$ref.split('/').pop()), [...COMMANDS.map((c) => c.name), 'attach', 'subscribe']);
  t.false(fs.existsSync(env.socket), 'no server was started');
  const split = JSON.parse(await env.ok(['schema', '--command', 'split']));
  t.like(split, { title: 'split', properties: { type: { const: 'split' }, version: { const: PROTOCOL_VERSION } } });
  t.deepEqual(validate(split, { id: 1, type: 'split', version: PROTOCOL_VERSION, direction: 'down', size: '30%' }), []);
  const unknown = await env.cli(['schema', '--command', 'nope']);
  t.is(unknown.code, 3);
  t.is(unknown.stderr, 'thurm: no such request type: nope\n');
});

test('the schema request gives the server build\'s schema, the one thurm schema prints', async (t) => {
  const { env, connection } = await session(t);
  t.deepEqual(await connection.request('schema', {}), JSON.parse(await env.ok(['schema'])));
});

test('a field out of its limits is an INVALID_ARGUMENT naming the field, from the CLI and the socket', async (t) => {
  const { env, connection } = await session(t);
  const answer = await env.cli(['agent', 'answer', '--choice', '12', '--expect', 'abc']);
  t.is(answer.code, 2);
  t.is(answer.stderr, 'thurm: choice: expected an integer from 1 to 9\n');
  const resize = await env.cli(['resize-pane', '--width', '0']);
  t.is(resize.code, 2);
  t.regex(resize.stderr, /^thurm: width: expected cells \(1-10000\) or a percentage/);
  t.like(await connection.send('list', { bogus: 1 }), { ok: false, error: { code: 'INVALID_ARGUMENT', message: 'unknown field: bogus' } });
  t.like(await connection.send('split', { argv: ['sh', 7] }), { ok: false, error: { code: 'INVALID_ARGUMENT', message: 'argv[1]: expected a string' } });
  t.like(await connection.send('subscribe', { types: ['nope'] }), { ok: false, error: { code: 'INVALID_ARGUMENT' } });
  t.deepEqual((await env.json<{ panes: unknown[] }>(['list'])).panes.length, 1, 'nothing was split');
});

test('a request of another protocol version is a PROTOCOL_ERROR naming both; attach must say its version', async (t) => {
  const { connection } = await session(t);
  const mismatch = `protocol version mismatch: request 99, server ${PROTOCOL_VERSION}`;
  for (const type of ['list', 'subscribe', 'attach']) {
    const reply = await connection.send(type, { version: 99, size: type === 'attach' ? { cols: 80, rows: 24 } : undefined });
    t.like(reply, { ok: false, error: { code: 'PROTOCOL_ERROR' } }, type);
    t.true(!reply.ok && reply.error.message.startsWith(mismatch), type);
  }
  // Without `version` the frame has none at all (JSON leaves undefined out).
  const unversioned = await connection.send('attach', { version: undefined, size: { cols: 80, rows: 24 } });
  t.like(unversioned, { ok: false, error: { code: 'PROTOCOL_ERROR' } });
  t.true(!unversioned.ok && unversioned.error.message.startsWith(`protocol version mismatch: request none, server ${PROTOCOL_VERSION}`));
  t.like(await connection.send('list', { version: undefined }), { ok: true }, 'a command without a version is taken as of this one');
});
