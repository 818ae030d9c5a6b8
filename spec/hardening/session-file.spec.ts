// A hostile or damaged session file (lib/session/snapshot.ts, session-file.ts): random JSON and
// mutated valid snapshots either read back as a snapshot that keeps its own invariants (text
// without control characters, a layout of exactly its panes) or fail with INVALID_ARGUMENT.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { ThurmError } from '../../lib/errors.js';
import { hasControl, sanitizeText } from '../../lib/sanitize.js';
import type { LayoutNode } from '../../lib/session/layout.js';
import { readSnapshot } from '../../lib/session/session-file.js';
import { checkSnapshot, SNAPSHOT_VERSION, type SessionSnapshot } from '../../lib/session/snapshot.js';
import { check, invariant } from '../helpers/hardening.js';

const text = fc.string({ unit: fc.constantFrom('a', ' ', '/', '\x00', '\r', '\n', '\x1b', '\x15', '\x9b', '\u202e', '\u200b', 'é', '🚀', "'", '$'), maxLength: 20 });
/** Mostly what thurm writes there, sometimes hostile. */
const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) => fc.oneof({ weight: 9, arbitrary: good }, { weight: 1, arbitrary: bad });
const word = fc.stringMatching(/^[A-Za-z0-9_./-]{1,12}$/);
const argv = fc.array(mostly(word, text), { minLength: 1, maxLength: 4 });

function layoutOf(ids: string[], dirs: boolean[], ratios: number[]): LayoutNode {
  if (ids.length === 1) return { kind: 'pane', pane: ids[0] };
  const half = Math.ceil(ids.length / 2);
  return {
    kind: 'split', dir: dirs[ids.length % dirs.length] ? 'right' : 'down', ratio: ratios[ids.length % ratios.length],
    a: layoutOf(ids.slice(0, half), dirs, ratios), b: layoutOf(ids.slice(half), dirs, ratios),
  };
}

/** A snapshot as thurm writes it, with hostile text where programs and reports put text. */
const snapshot = fc.record({
  ids: fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { minLength: 1, maxLength: 5 }),
  dirs: fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
  ratios: fc.array(fc.double({ min: 0.05, max: 0.95, noNaN: true }), { minLength: 1, maxLength: 4 }),
  panes: fc.array(fc.record({
    argv, cwd: mostly(fc.constant('/tmp'), text), title: text, givenTitle: fc.option(text), history: fc.array(text, { maxLength: 4 }),
    agent: fc.option(fc.record({ agent: mostly(fc.constantFrom('claude-code', 'codex', 'my-agent'), text), sessionId: mostly(fc.uuid(), text), resume: fc.option(argv), program: fc.option(argv) })),
    foreground: fc.option(argv),
    records: fc.array(fc.record({ app: fc.option(text), id: fc.option(text), state: fc.oneof(fc.constantFrom('working', 'done'), text), msg: fc.option(text) }), { maxLength: 2 }),
  }), { minLength: 5, maxLength: 5 }),
  session: mostly(fc.constantFrom('default', 'work', 'a.b-c_1'), text),
  ended: fc.boolean(),
}).map((g): SessionSnapshot => {
  const ids = g.ids.map(String);
  return {
    version: SNAPSHOT_VERSION, session: g.session, savedAt: '2026-01-01T00:00:00.000Z', ended: g.ended,
    windows: [{ index: 0, name: null, layout: layoutOf(ids, g.dirs, g.ratios), focused: ids[0], zoomed: null }], current: 0, nextId: Math.max(...g.ids) + 1, size: { cols: 80, rows: 24 },
    panes: ids.map((id, i) => ({ id, size: { cols: 80, rows: 23 }, ...g.panes[i] })),
  };
});

/** One change to a JSON value: a field set to anything, removed, repeated, or given a sibling's value (a layout leaf twice). */
const mutation = fc.tuple(fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), fc.oneof(
  fc.record({ op: fc.constant('set' as const), value: fc.jsonValue({ maxDepth: 2 }) }),
  fc.record({ op: fc.constant('set' as const), value: text }),
  fc.constant({ op: 'delete' as const }),
  fc.constant({ op: 'repeat' as const }),
  fc.record({ op: fc.constant('copy' as const), from: fc.nat() }),
));

/** Walks `at` into `root` (indices wrap over keys) and changes what it reaches. */
function mutate(root: unknown, [at, change]: [number[], { op: 'set' | 'delete' | 'repeat' | 'copy'; value?: unknown; from?: number }]): void {
  let node = root as Record<string, unknown>;
  for (let d = 0; d < at.length; d++) {
    const keys = Object.keys(node);
    if (!keys.length) return;
    const key = keys[at[d] % keys.length];
    const child = node[key];
    if (d === at.length - 1 || typeof child !== 'object' || child === null) {
      if (change.op === 'delete') delete node[key];
      else if (change.op === 'copy') node[key] = structuredClone(node[keys[change.from! % keys.length]]);
      else if (change.op === 'set') node[key] = change.value;
      else if (Array.isArray(node)) node.push(structuredClone(child));
      else node[key] = [child, child];
      return;
    }
    node = child as Record<string, unknown>;
  }
}

const safe = (s: string) => !hasControl(s) && sanitizeText(s, 100_000) === s;

/** What every snapshot checkSnapshot returns must be. */
function checkResult(s: SessionSnapshot): void {
  const ids = s.panes.map((p) => p.id);
  invariant(ids.length >= 1 && new Set(ids).size === ids.length && ids.every((id) => /^[1-9][0-9]{0,8}$/.test(id)), `pane ids ${JSON.stringify(ids)}`);
  const leaves: string[] = [];
  const walk = (n: LayoutNode): void => {
    if (n.kind === 'pane') leaves.push(n.pane);
    else {
      invariant((n.dir === 'right' || n.dir === 'down') && n.ratio > 0 && n.ratio < 1, `split ${JSON.stringify({ ...n, a: undefined, b: undefined })}`);
      walk(n.a);
      walk(n.b);
    }
  };
  for (const w of s.windows) {
    walk(w.layout);
    invariant(ids.includes(w.focused), `focused ${w.focused}`);
    invariant(w.zoomed === null || ids.includes(w.zoomed), `zoomed ${w.zoomed}`);
  }
  invariant(JSON.stringify([...leaves].sort()) === JSON.stringify([...ids].sort()), `layout ${JSON.stringify(leaves)} for panes ${JSON.stringify(ids)}`);
  invariant(Number.isInteger(s.nextId) && ids.every((id) => s.nextId > Number(id)), `nextId ${s.nextId}`);
  invariant(safe(s.session) && s.session.length <= 64 && !hasControl(s.savedAt), `session ${JSON.stringify(s.session)} saved ${JSON.stringify(s.savedAt)}`);
  const argvOk = (a: string[]) => a.length >= 1 && a.length <= 128 && a.every((x) => typeof x === 'string' && !hasControl(x));
  for (const p of s.panes) {
    invariant(argvOk(p.argv), `argv ${JSON.stringify(p.argv)}`);
    invariant(p.foreground === null || argvOk(p.foreground), `foreground ${JSON.stringify(p.foreground)}`);
    invariant(safe(p.title), `title ${JSON.stringify(p.title)}`);
    invariant(p.givenTitle === null || (safe(p.givenTitle) && p.givenTitle !== ''), `given title ${JSON.stringify(p.givenTitle)}`);
    invariant(p.history.every(safe), `history ${JSON.stringify(p.history)}`);
    invariant(Number.isInteger(p.size.cols) && Number.isInteger(p.size.rows) && p.size.cols >= 1 && p.size.rows >= 1, `size ${JSON.stringify(p.size)}`);
    if (p.agent) {
      invariant(/^[A-Za-z0-9_.+-]{1,64}$/.test(p.agent.agent) && /^[\x21-\x7e]{1,256}$/.test(p.agent.sessionId), `agent ${JSON.stringify(p.agent)}`);
      invariant(p.agent.resume === null || argvOk(p.agent.resume), `resume ${JSON.stringify(p.agent.resume)}`);
      invariant(p.agent.program === null || argvOk(p.agent.program), `program ${JSON.stringify(p.agent.program)}`);
    }
    for (const r of p.records) invariant([r.app, r.id, r.state, r.msg].every((v) => v === null || safe(v)), `record ${JSON.stringify(r)}`);
  }
}

function readBack(raw: unknown): void {
  let s: SessionSnapshot;
  try {
    s = checkSnapshot(raw);
  } catch (err) {
    invariant(err instanceof ThurmError && err.code === 'INVALID_ARGUMENT', `threw ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
    return;
  }
  checkResult(s);
}

check({
  id: 'snapshot-random-json',
  what: 'random JSON as a session file: a snapshot that keeps its invariants, or INVALID_ARGUMENT',
  args: [fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom('version', 'panes', 'layout', 'session', 'focused', 'nextId', 'size', '__proto__'), fc.jsonValue({ maxDepth: 3 })))],
  property: (raw: unknown) => readBack(JSON.parse(JSON.stringify(raw))),
});

/** Points the `leaf`-th leaf of the layout at the `to`-th pane (another, or the same). */
function relabel(s: SessionSnapshot, leaf: number, to: number): void {
  const leaves: { pane: string }[] = [];
  const walk = (n: LayoutNode): void => { if (n.kind === 'pane') leaves.push(n); else { walk(n.a); walk(n.b); } };
  for (const w of s.windows) walk(w.layout);
  leaves[leaf % leaves.length].pane = s.panes[to % s.panes.length].id;
}

check({
  id: 'snapshot-mutated',
  what: 'valid session files with hostile text, mutated at random: a snapshot that keeps its invariants (no control characters, layout matches panes), or INVALID_ARGUMENT',
  args: [snapshot, fc.array(mutation, { maxLength: 3 }), fc.option(fc.tuple(fc.nat(), fc.nat()))],
  property: (s: SessionSnapshot, mutations: Parameters<typeof mutate>[1][], leaf: [number, number] | null) => {
    const raw = JSON.parse(JSON.stringify(s)) as SessionSnapshot;
    if (leaf) relabel(raw, ...leaf);
    for (const m of mutations) mutate(raw, m);
    readBack(raw);
  },
});

let dir: string;
check({
  id: 'session-file-read',
  what: 'session files of random bytes, JSON or truncated snapshots read from disk: a snapshot that keeps its invariants, or INVALID_ARGUMENT',
  args: [fc.oneof(fc.uint8Array({ maxLength: 64 }).map((b) => [...b]), snapshot.map((s) => JSON.stringify(s)), fc.tuple(snapshot, fc.nat()).map(([s, n]) => JSON.stringify(s).slice(0, n)))],
  cases: 2000,
  around: {
    before: () => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thurm-hardening-')); },
    after: () => fs.rmSync(dir, { recursive: true, force: true }),
  },
  property: (content: number[] | string) => {
    const file = path.join(dir, 'session.json');
    fs.writeFileSync(file, typeof content === 'string' ? content : Buffer.from(content));
    let s: SessionSnapshot;
    try {
      s = readSnapshot(file);
    } catch (err) {
      invariant(err instanceof ThurmError && err.code === 'INVALID_ARGUMENT', `threw ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
      return;
    }
    checkResult(s);
  },
});
