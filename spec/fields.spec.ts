import test from 'ava';
import { ThurmError } from '../lib/errors.js';
import { checkObject, field, objectSchema, type Input, type Output } from '../lib/fields.js';
import { validate } from './helpers/json-schema.js';

const SHAPE = {
  pane: field.string({ max: 8 }).optional(),
  count: field.int({ min: 1, max: 9 }).default(1),
  mode: field.enum(['fast', 'slow']),
  keys: field.array(field.string({ max: 4 }), { max: 2 }).optional(),
  title: field.string({ max: 16 }).nullable().optional(),
  nested: field.object({ id: field.string({ pattern: /^[a-z]+$/, expected: 'lowercase letters' }) }).optional(),
};

function refusal(f: () => unknown): string {
  try {
    f();
  } catch (err) {
    if (err instanceof ThurmError && err.code === 'INVALID_ARGUMENT') return err.message;
    throw err;
  }
  throw new Error('accepted');
}

const check = (raw: Record<string, unknown>) => checkObject(SHAPE, {}, raw);

test('a checked request keeps the declared fields, with defaults filled in', (t) => {
  t.deepEqual(check({ mode: 'fast', keys: ['a'], title: null }), { count: 1, mode: 'fast', keys: ['a'], title: null });
  t.deepEqual(check({ mode: 'slow', count: 9, nested: { id: 'abc' }, pane: undefined }), { count: 9, mode: 'slow', nested: { id: 'abc' } });
});

test('each refusal is an INVALID_ARGUMENT naming the field, nested ones by their path', (t) => {
  const cases: [Record<string, unknown>, RegExp][] = [
    [{}, /^mode: required$/],
    [{ mode: 'medium' }, /^mode: expected one of fast, slow$/],
    [{ mode: 'fast', count: 10 }, /^count: expected an integer from 1 to 9$/],
    [{ mode: 'fast', count: 1.5 }, /^count: /],
    [{ mode: 'fast', pane: 5 }, /^pane: expected a string$/],
    [{ mode: 'fast', pane: 'x'.repeat(9) }, /^pane: expected at most 8 characters$/],
    [{ mode: 'fast', keys: ['a', 'b', 'c'] }, /^keys: expected an array of at most 2 items$/],
    [{ mode: 'fast', keys: ['a', 'toolong'] }, /^keys\[1\]: expected at most 4 characters$/],
    [{ mode: 'fast', pane: null }, /^pane: expected a string$/],
    [{ mode: 'fast', nested: { id: 'ABC' } }, /^nested\.id: expected lowercase letters$/],
    [{ mode: 'fast', nested: { id: 'a', extra: 1 } }, /^unknown field: nested\.extra$/],
    [{ mode: 'fast', nested: [] }, /^nested: expected an object$/],
    [{ mode: 'fast', bogus: true }, /^unknown field: bogus$/],
  ];
  for (const [raw, message] of cases) t.regex(refusal(() => check(raw)), message, JSON.stringify(raw));
});

test('a __proto__ key from the wire is an unknown field and pollutes nothing', (t) => {
  const raw = JSON.parse('{"mode":"fast","__proto__":{"polluted":1}}') as Record<string, unknown>;
  t.is(refusal(() => check(raw)), 'unknown field: __proto__');
  const nested = JSON.parse('{"mode":"fast","nested":{"id":"a","__proto__":{"polluted":1}}}') as Record<string, unknown>;
  t.is(refusal(() => check(nested)), 'unknown field: nested.__proto__');
  t.false('polluted' in {});
});

test('inherited names are not fields: constructor and toString are unknown, not read from the prototype', (t) => {
  t.is(refusal(() => check({ mode: 'fast', constructor: 1 })), 'unknown field: constructor');
  const shape = { toString: field.string().optional() };
  t.deepEqual(checkObject(shape, {}, {}), {});
});

test('envelope keys are passed over, not returned', (t) => {
  t.deepEqual(checkObject(SHAPE, {}, { id: 3, type: 'x', version: 1, mode: 'fast' }, '', ['id', 'type', 'version']), { count: 1, mode: 'fast' });
});

test('lengths count code points, as JSON Schema does', (t) => {
  const f = field.string({ max: 2 });
  t.is(f.check('🚀🚀', 'x'), '🚀🚀');
  t.throws(() => f.check('🚀🚀🚀', 'x'));
  t.deepEqual(validate(f.schema, '🚀🚀'), []);
});

test('rules: exactly one and at least one count booleans when true and arrays when not empty', (t) => {
  const shape = { a: field.bool().optional(), b: field.array(field.string()).optional(), c: field.int().optional() };
  const one = (raw: Record<string, unknown>) => checkObject(shape, { exactlyOne: [['a', 'b', 'c']] }, raw);
  t.deepEqual(one({ a: true, b: [] }), { a: true, b: [] });
  t.deepEqual(one({ a: false, c: 0 }), { a: false, c: 0 });
  t.is(refusal(() => one({ a: true, c: 1 })), 'expected exactly one of: a, b, c');
  t.is(refusal(() => one({ a: false, b: [] })), 'expected exactly one of: a, b, c');
  const some = (raw: Record<string, unknown>) => checkObject(shape, { atLeastOne: [['a', 'b']] }, raw);
  t.is(refusal(() => some({ c: 1 })), 'expected one of: a, b');
  t.deepEqual(some({ a: true, b: ['x'] }), { a: true, b: ['x'] });
});

test('a map turns the checked value into what the command uses, and may refuse it by field', (t) => {
  const f = field.string().map((s, fail) => (s === 'bad' ? fail('not this one') : s.length));
  t.is(f.check('four', 'n'), 4);
  t.is(refusal(() => f.check('bad', 'n')), 'n: not this one');
});

test('each builder gives its JSON Schema, with limits, defaults and null where declared', (t) => {
  t.deepEqual(objectSchema(SHAPE), {
    type: 'object',
    properties: {
      pane: { type: 'string', maxLength: 8 },
      count: { type: 'integer', minimum: 1, maximum: 9, default: 1 },
      mode: { type: 'string', enum: ['fast', 'slow'] },
      keys: { type: 'array', items: { type: 'string', maxLength: 4 }, maxItems: 2 },
      title: { anyOf: [{ type: 'string', maxLength: 16 }, { type: 'null' }] },
      nested: {
        type: 'object', properties: { id: { type: 'string', maxLength: 4096, pattern: '^[a-z]+$', description: 'lowercase letters' } },
        required: ['id'], additionalProperties: false,
      },
    },
    required: ['mode'],
    additionalProperties: false,
  });
  t.deepEqual(objectSchema({ a: field.bool().optional(), b: field.string().optional() }, { exactlyOne: [['a', 'b']] }).oneOf, [
    { required: ['a'], properties: { a: { const: true } } },
    { required: ['b'], properties: { b: {} } },
  ]);
});

test('the schema accepts what the check accepts and refuses what it refuses', (t) => {
  const schema = objectSchema(SHAPE);
  const samples: Record<string, unknown>[] = [
    { mode: 'fast' }, { mode: 'slow', count: 3, keys: [], title: 'x', nested: { id: 'q' } }, { mode: 'fast', title: null },
    {}, { mode: 'fast', count: 0 }, { mode: 'fast', count: 10 }, { mode: 'fast', keys: ['12345'] }, { mode: 'fast', extra: 1 }, { mode: 'fast', nested: { id: '' } },
    { mode: 'fast', pane: '🚀'.repeat(8) }, { mode: 'fast', pane: '🚀'.repeat(9) },
  ];
  for (const raw of samples) {
    let accepted = true;
    try {
      check(raw);
    } catch {
      accepted = false;
    }
    t.is(validate(schema, raw).length === 0, accepted, JSON.stringify(raw));
  }
});

test('the types follow the declaration: optional and defaulted fields may be left out when sent', (t) => {
  const sent: Input<typeof SHAPE> = { mode: 'fast' };
  const got: Output<typeof SHAPE> = { mode: 'slow', count: 2 };
  // @ts-expect-error `mode` is required
  const missing: Input<typeof SHAPE> = { count: 2 };
  // @ts-expect-error `count` always has a value once checked
  const noCount: Output<typeof SHAPE> = { mode: 'fast' };
  t.truthy(sent && got && missing && noCount);
});

test('a record checks each value and its size, and its schema says the same', (t) => {
  const values = field.record(field.string({ max: 3 }), { max: 2 });
  t.deepEqual(values.check({ a: 'x', b: 'yz' }, 'values'), { a: 'x', b: 'yz' });
  t.throws(() => values.check({ a: 'toolong' }, 'values'), { message: 'values.a: expected at most 3 characters' });
  t.throws(() => values.check({ a: 'x', b: 'y', c: 'z' }, 'values'), { message: 'values: expected an object of at most 2 keys' });
  t.throws(() => values.check(['x'], 'values'), { message: 'values: expected an object of at most 2 keys' });
  t.deepEqual(validate(values.schema, { a: 'x' }), []);
  t.not(validate(values.schema, { a: 'toolong' }).length, 0);
  t.not(validate(values.schema, { a: 'x', b: 'y', c: 'z' }).length, 0);
  t.deepEqual(field.json().check({ any: [1, null] }, 'doc'), { any: [1, null] });
  t.deepEqual(field.json().schema, {});
});
