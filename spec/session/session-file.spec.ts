import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { loadSession, readSnapshot, restorable, writeSessionFile } from '../../lib/session/session-file.js';
import { checkSnapshot, snapshotText, SNAPSHOT_VERSION, type SessionSnapshot } from '../../lib/session/snapshot.js';

type Layout = SessionSnapshot['windows'][number]['layout'];
const SPLIT: Layout = { kind: 'split', dir: 'right', ratio: 0.5, a: { kind: 'pane', pane: '1' }, b: { kind: 'pane', pane: '3' } };

/** A saved session of one window with panes 1 and 3 (`focused` and `layout` shape that window). */
function snapshot(over: Partial<SessionSnapshot> & { focused?: string; layout?: Layout } = {}): SessionSnapshot {
  const { focused = '3', layout = SPLIT, ...rest } = over;
  return {
    version: SNAPSHOT_VERSION, session: 'default', savedAt: '2026-12-01T10:00:00.000Z', ended: false,
    windows: [{ index: 0, name: null, layout, focused, zoomed: null }], current: 0, nextId: 4, size: { cols: 80, rows: 24 },
    panes: ['1', '3'].map((id) => ({
      id, argv: ['/bin/bash'], cwd: '/tmp', title: 'bash', size: { cols: 40, rows: 22 }, foreground: null,
      givenTitle: null, history: [`history of ${id}`], agent: null, records: [],
    })),
    ...rest,
  };
}

const focusOf = (s: SessionSnapshot | null | undefined) => s?.windows[0].focused;

function tempFile(t: { teardown(fn: () => void): void }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thurm-file-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'state', 'default.json');
}

test('a saved session reads back as it was, in a file only its owner can read', async (t) => {
  const file = tempFile(t);
  await writeSessionFile(file, snapshot());
  t.deepEqual(readSnapshot(file), snapshot());
  t.is(fs.statSync(file).mode & 0o777, 0o600);
  t.is(fs.statSync(path.dirname(file)).mode & 0o777, 0o700);
  t.deepEqual(fs.readdirSync(path.dirname(file)), ['default.json'], 'no temp file is left behind');
});

test('each save keeps the file it replaces as .bak', async (t) => {
  const file = tempFile(t);
  await writeSessionFile(file, snapshot({ focused: '1' }));
  await writeSessionFile(file, snapshot({ focused: '3' }));
  t.is(focusOf(readSnapshot(file)), '3');
  t.is(focusOf(readSnapshot(`${file}.bak`)), '1');
});

test('a session without panes is never written over a good file', async (t) => {
  const file = tempFile(t);
  await writeSessionFile(file, snapshot());
  await t.throwsAsync(writeSessionFile(file, snapshot({ panes: [] })));
  t.is(readSnapshot(file).panes.length, 2);
});

test('a save that cannot write says why and leaves the old file whole', async (t) => {
  const file = tempFile(t);
  await writeSessionFile(file, snapshot());
  // Root ignores permissions: a directory where the temp file must go fails for everyone.
  fs.mkdirSync(`${file}.bak.tmp-${process.pid}`);
  const err = await t.throwsAsync(writeSessionFile(file, snapshot({ focused: '1' })));
  t.is((err as { code?: string }).code, 'IO_ERROR');
  t.regex(err!.message, /cannot save/);
  t.is(focusOf(readSnapshot(file)), '3');
});

for (const [what, content] of [
  ['an empty', ''],
  ['a truncated', JSON.stringify(snapshot()).slice(0, 100)],
  ['a non-JSON', 'garbage\u0000\u0001'],
  ["a newer thurm's", JSON.stringify(snapshot({ version: SNAPSHOT_VERSION + 1 }))],
  ['an inconsistent (layout names a missing pane)', JSON.stringify(snapshot({ layout: { kind: 'pane', pane: '9' } }))],
] as const) {
  test(`${what} session file is moved aside and the .bak used instead`, async (t) => {
    const file = tempFile(t);
    await writeSessionFile(file, snapshot({ focused: '1' }));
    await writeSessionFile(file, snapshot());
    fs.writeFileSync(file, content);
    const loaded = loadSession(file);
    t.is(loaded.from, `${file}.bak`);
    t.is(focusOf(loaded.snapshot), '1');
    t.is(loaded.problems.length, 1);
    t.regex(loaded.problems[0].error, /invalid session file/);
    t.false(fs.existsSync(file));
    t.is(fs.readFileSync(loaded.problems[0].movedTo!, 'utf8'), content, 'the bad file is kept for the user');
  });
}

test('a huge file is refused before it is read', async (t) => {
  const file = tempFile(t);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '');
  fs.truncateSync(file, 300 * 2 ** 20);
  t.throws(() => readSnapshot(file), { message: /larger than/ });
});

test('with both files bad nothing is loaded, both are reported, a dry run moves nothing', async (t) => {
  const file = tempFile(t);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '{');
  fs.writeFileSync(`${file}.bak`, '[]');
  const dry = loadSession(file, true);
  t.is(dry.snapshot, null);
  t.is(dry.problems.length, 2);
  t.true(fs.existsSync(file));
  t.is(loadSession(file).problems.filter((p) => p.movedTo).length, 2);
});

test('only a session that did not end on purpose is restored by attach', async (t) => {
  const file = tempFile(t);
  t.false(restorable(file));
  await writeSessionFile(file, snapshot());
  t.true(restorable(file));
  await writeSessionFile(file, snapshot({ ended: true }));
  t.false(restorable(file));
});

test('resume commands with control characters make the whole file invalid', async (t) => {
  const bad = snapshot();
  bad.panes[0].agent = { agent: 'x', sessionId: 's', resume: ['x', 'a\nrm -rf ~'], program: null };
  t.throws(() => checkSnapshot(JSON.parse(JSON.stringify(bad))), { message: /control characters/ });
});

test('a session id that is not printable makes the whole file invalid: a resume command is made from it', async (t) => {
  const bad = snapshot();
  bad.panes[0].agent = { agent: 'claude-code', sessionId: 'abc\u0003\rrm -rf ~', resume: null, program: null };
  t.throws(() => checkSnapshot(JSON.parse(JSON.stringify(bad))), { message: /agent\.sessionId: not one thurm accepts/ });
});

test('history and titles read back from a file are made inert', async (t) => {
  const s = snapshot();
  s.panes[0].history = ['red \u001b[31mtext\u0007'];
  s.panes[0].title = 'evil\u001b]0;x\u0007\ud800';
  s.panes[0].cwd = '/tmp/\udfff';
  const read = checkSnapshot(JSON.parse(JSON.stringify(s)));
  t.false(/[\u0000-\u001f]/.test(read.panes[0].history[0] + read.panes[0].title));
  // A lone surrogate is no character: read as U+FFFD, so what thurm writes again is JSON any reader takes.
  t.is(read.panes[0].title, 'evil]0;x\ufffd');
  t.is(read.panes[0].cwd, '/tmp/\ufffd');
});

test('a version 1 file (one layout, before windows) reads as one window', async (t) => {
  const v1 = { version: 1, session: 'default', savedAt: '', ended: false, layout: SPLIT, focused: '1', zoomed: '1', nextId: 4, size: { cols: 80, rows: 24 }, panes: snapshot().panes };
  const read = checkSnapshot(JSON.parse(JSON.stringify(v1)));
  t.deepEqual(read.windows, [{ index: 0, name: null, layout: SPLIT, focused: '1', zoomed: '1' }]);
  t.is(read.current, 0);
});

// Found by spec/hardening/session-file.spec.ts: each of these files is invalid, never run.
const invalid: [string, (s: SessionSnapshot) => void][] = [
  ['an agent session id with control characters, which a restore would type into a shell', (s) => { s.panes[0].agent = { agent: 'claude-code', sessionId: 'x\u0015rm -rf ~ #', resume: null, program: null }; }],
  ['an agent session id with a space', (s) => { s.panes[0].agent = { agent: 'claude-code', sessionId: 'a b', resume: null, program: null }; }],
  ['an agent name with a carriage return', (s) => { s.panes[0].agent = { agent: 'x\r', sessionId: 's-1', resume: null, program: null }; }],
  ['a command-line variable whose value holds a newline, which a restore would type into a shell', (s) => { s.panes[0].agent = { agent: 'claude-code', sessionId: 's-1', resume: null, program: null, env: [['A', 'x\nrm -rf ~']] }; }],
  ['a command-line variable whose name is no name', (s) => { s.panes[0].agent = { agent: 'claude-code', sessionId: 's-1', resume: null, program: null, env: [['A;rm -rf ~;B', 'x']] }; }],
  ['a session name holding NUL', (s) => { s.session = '\u0000'; }],
  ['a session name with a bidi override', (s) => { s.session = '\u202e'; }],
  ['a session name that is a path', (s) => { s.session = '../x'; }],
  ['a saved time with control characters', (s) => { s.savedAt = '2026\u001b[2J'; }],
  ['a layout naming one pane twice and another never', (s) => { s.windows[0].layout = { kind: 'split', dir: 'right', ratio: 0.5, a: { kind: 'pane', pane: '1' }, b: { kind: 'pane', pane: '1' } }; }],
];
for (const [what, change] of invalid) {
  test(`a session file is invalid with ${what}`, async (t) => {
    const s = snapshot();
    change(s);
    const err = t.throws(() => checkSnapshot(JSON.parse(JSON.stringify(s))));
    t.is((err as { code?: string }).code, 'INVALID_ARGUMENT');
  });
}

test('the file text is what JSON.stringify writes, whatever the strings hold', (t) => {
  const tricky = snapshot({ windows: [{ index: 0, name: '"panes":0 "history":0', layout: SPLIT, focused: '3', zoomed: null }] });
  tricky.panes[0] = { ...tricky.panes[0], title: '"history":0,', history: ['"history":0', '$& $1 \\ "', 'é \u2028'] };
  t.is(snapshotText(tricky), JSON.stringify(tricky));
  t.is(snapshotText(tricky), JSON.stringify(tricky), 'and again, from the kept JSON of each history');
});

test('a .bak left by a save is the previous file under a second name, and a third save replaces it', async (t) => {
  const file = tempFile(t);
  for (const focused of ['1', '3', '1']) await writeSessionFile(file, snapshot({ focused }));
  t.is(focusOf(readSnapshot(file)), '1');
  t.is(focusOf(readSnapshot(`${file}.bak`)), '3');
  t.deepEqual(fs.readdirSync(path.dirname(file)).sort(), ['default.json', 'default.json.bak'], 'no link or temp file is left behind');
});
