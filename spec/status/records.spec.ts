import test from 'ava';
import type { StatusReport } from '../../lib/status/osc7501.js';
import { MAX_RECORDS, recordText, StatusRecords, type StatusRecord } from '../../lib/status/records.js';

const report = (r: Partial<StatusReport>): StatusReport =>
  ({ state: 'working', id: null, kind: null, progress: null, app: null, title: null, msg: null, ...r });

function recordsOf(...reports: Partial<StatusReport>[]): StatusRecords {
  const records = new StatusRecords();
  for (const r of reports) records.apply(report(r));
  return records;
}

/** The ids of the records, sorted, with the root as ''. */
const ids = (records: StatusRecords) => records.all().map((r) => r.id ?? '').sort();

test('a report replaces its record completely, so omitted keys become absent', (t) => {
  const records = recordsOf({ state: 'blocked', id: 'a', kind: 'question', progress: 40, app: 'sync', title: 'T', msg: 'M' }, { state: 'working', id: 'a' });
  const [r] = records.all();
  t.like(r, { id: 'a', state: 'working', kind: null, progress: null, app: null, title: null, msg: null });
  t.is(records.size, 1);
});

test('records are keyed by id alone, not by app', (t) => {
  t.is(recordsOf({ id: 'a', app: 'one' }, { id: 'a', app: 'two' }, { app: 'one' }).size, 2);
});

test('applying an identical report reports no change, a different one does', (t) => {
  const records = recordsOf({ state: 'done', id: 'a', msg: 'ok' });
  t.false(records.apply(report({ state: 'done', id: 'a', msg: 'ok' })).changed);
  t.true(records.apply(report({ state: 'done', id: 'a', msg: 'ok!' })).changed);
});

const tree = [{ id: null }, { id: 'a' }, { id: 'a/b' }, { id: 'a/b/c' }, { id: 'ab' }, { id: 'b' }];

test('clear without an id removes every record', (t) => {
  const records = recordsOf(...tree);
  t.true(records.apply(report({ state: 'clear' })).changed);
  t.is(records.size, 0);
});

test('clear with an id removes it and everything below it, but not a sibling sharing its prefix', (t) => {
  const records = recordsOf(...tree);
  t.deepEqual(records.apply(report({ state: 'clear', id: 'a' })), { record: null, changed: true, previous: null });
  t.deepEqual(ids(records), ['', 'ab', 'b']);
});

test('clear of a subtree whose parent was never reported removes the descendants', (t) => {
  const records = recordsOf({ id: 'x/y' }, { id: 'x/y/z' }, { id: 'xy' });
  records.apply(report({ state: 'clear', id: 'x' }));
  t.deepEqual(ids(records), ['xy']);
});

test('clearing a missing id changes nothing', (t) => {
  const records = recordsOf(...tree);
  t.false(records.apply(report({ state: 'clear', id: 'zzz' })).changed);
  t.is(records.size, tree.length);
});

test('a new id beyond 256 records evicts the least recently updated one', (t) => {
  const records = new StatusRecords();
  for (let i = 0; i < MAX_RECORDS; i++) records.apply(report({ id: `r${i}` }));
  records.apply(report({ id: 'r0', state: 'done' }));
  records.apply(report({ id: 'new' }));
  t.is(records.size, MAX_RECORDS);
  const left = new Set(ids(records));
  t.true(left.has('r0') && left.has('new') && left.has('r2'));
  t.false(left.has('r1'));
});

test('updating an existing id at the cap evicts nothing', (t) => {
  const records = new StatusRecords();
  for (let i = 0; i < MAX_RECORDS; i++) records.apply(report({ id: `r${i}` }));
  records.apply(report({ id: 'r5', state: 'error' }));
  t.is(records.size, MAX_RECORDS);
  t.true(ids(records).includes('r0'));
});

const inheritance: [string, Partial<StatusReport>[], string | null, string | null][] = [
  ['its own app', [{ app: 'shell' }, { id: 'a', app: 'agent' }], 'a', 'agent'],
  ['the nearest reported ancestor', [{ app: 'shell' }, { id: 'a', app: 'agent' }, { id: 'a/b', app: 'tool' }, { id: 'a/b/c' }], 'a/b/c', 'tool'],
  ['an ancestor above a gap in the tree', [{ app: 'shell' }, { id: 'a', app: 'agent' }, { id: 'a/b/c' }], 'a/b/c', 'agent'],
  ['an ancestor that skips an ancestor without app', [{ id: 'a', app: 'agent' }, { id: 'a/b' }, { id: 'a/b/c' }], 'a/b/c', 'agent'],
  ['the root when no other ancestor has one', [{ app: 'shell' }, { id: 'x/y' }], 'x/y', 'shell'],
  ['nothing when no ancestor has one', [{ id: 'a' }, { id: 'a/b' }], 'a/b', null],
  ['nothing from a sibling sharing its prefix', [{ id: 'a', app: 'agent' }, { id: 'ab/c' }], 'ab/c', null],
];
for (const [what, reports, id, app] of inheritance) {
  test(`a record's app is ${what}`, (t) => {
    const records = recordsOf(...reports);
    const record = records.all().find((r) => r.id === id)!;
    t.is(records.appOf(record), app);
  });
}

test('the root record without app has no app', (t) => {
  const records = recordsOf({ id: 'a', app: 'agent' }, {});
  t.is(records.appOf(records.all().find((r) => r.id === null)!), null);
});

const pressing: [string, Partial<StatusReport>[], string][] = [
  ['blocked over error', [{ id: 'b', state: 'blocked' }, { id: 'e', state: 'error' }], 'b'],
  ['error over working', [{ id: 'e', state: 'error' }, { id: 'w', state: 'working' }], 'e'],
  ['working over done', [{ id: 'w', state: 'working' }, { id: 'd', state: 'done' }], 'w'],
  ['done over idle', [{ id: 'd', state: 'done' }, { id: 'i', state: 'idle' }], 'd'],
  ['blocked over all the others, whatever the order', [{ id: 'i', state: 'idle' }, { id: 'b', state: 'blocked' }, { id: 'e', state: 'error' }, { id: 'w', state: 'working' }, { id: 'd', state: 'done' }], 'b'],
  ['the latest among equals', [{ id: 'w1' }, { id: 'w2' }, { id: 'w3' }], 'w3'],
  ['an older record that was updated last among equals', [{ id: 'w1' }, { id: 'w2' }, { id: 'w1', progress: 5 }], 'w1'],
];
for (const [what, reports, id] of pressing) {
  test(`the most pressing record is ${what}`, (t) => t.is(recordsOf(...reports).mostPressing()?.id, id));
}

test('there is no most pressing record without records', (t) => t.is(new StatusRecords().mostPressing(), null));

const texts: [string, Partial<StatusRecord>, string][] = [
  ['a record with an id and a title shows title: msg', { id: 'a', title: 'Build', msg: 'compiling' }, 'Build: compiling'],
  ['a record with an id and a title but no msg shows the title', { id: 'a', title: 'Build' }, 'Build'],
  ['a record with an id but no title shows the msg', { id: 'a', msg: 'compiling' }, 'compiling'],
  ['the root record shows its msg, not title: msg', { title: 'Build', msg: 'compiling' }, 'compiling'],
  ['the root record with only a title shows the title', { title: 'Build' }, 'Build'],
  ['a record with neither title nor msg shows nothing', { id: 'a' }, ''],
];
for (const [what, fields, text] of texts) {
  test(what, (t) => {
    const record: StatusRecord = { id: null, app: null, state: 'working', kind: null, title: null, msg: null, progress: null, updatedAt: 0, seq: 1, owner: null, ...fields };
    t.is(recordText(record), text);
  });
}
