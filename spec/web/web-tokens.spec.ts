import test from 'ava';
import { ThurmError } from '../../lib/errors.js';
import { SESSION_MS, WebTokens } from '../../lib/web/web-tokens.js';

test('a token opens sessions until it is revoked, which ends them; its secret is not kept', (t) => {
  let now = 1_000_000;
  const tokens = new WebTokens(() => now);
  const { id, secret } = tokens.create();
  t.is(secret.length, 43, '256 bits, base64url');
  t.false(JSON.stringify(tokens.list()).includes(secret));
  const session = tokens.login(secret)!;
  t.truthy(session);
  t.is(tokens.session(session.id)?.token, id);
  t.is(tokens.list()[0].lastUsedAt, now);
  now += SESSION_MS;
  t.is(tokens.session(session.id), null, 'a session expires');
  const again = tokens.login(secret)!;
  t.deepEqual(tokens.revoke(id), [again.id]);
  t.is(tokens.session(again.id), null);
  t.is(tokens.login(secret), null);
  t.is((t.throws(() => tokens.revoke(id), { instanceOf: ThurmError }))?.code, 'NOT_FOUND');
});

test('wrong tokens are limited for every peer together: the eleventh in a minute is refused, even a right one', (t) => {
  let now = 0;
  const tokens = new WebTokens(() => now);
  const { secret } = tokens.create();
  for (let i = 0; i < 10; i++) t.is(tokens.login(`wrong-${i}`), null);
  t.is((t.throws(() => tokens.login(secret), { instanceOf: ThurmError }))?.code, 'SERVER_BUSY');
  now += 60_000;
  t.truthy(tokens.login(secret));
});
