// The property checks of the hardening suite (spec/hardening/): how many generated cases each
// runs, the failing inputs kept as fixtures and replayed first, and the figures that
// `npm run test:hardening` turns into docs/reliability.md.
//
// THURM_HARDENING_CASES=N runs N cases per check; THURM_HARDENING=full means 100,000; otherwise
// (`npm test`) 5,000 (fewer for a check that says so), each with a fixed seed so a run is the
// same every time. A full run draws a new seed per check (THURM_HARDENING_SEED fixes it) and the
// report says which.
// A failure prints the fixture entry that replays it; THURM_HARDENING_RECORD=1 appends it to
// spec/fixtures/hardening/<id>.json as well.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import fc from 'fast-check';
import type { PaneTerminal } from '../../lib/term/pane-terminal.js';
import { xtermCore } from '../../lib/term/xterm-internals.js';
import { ROOT } from './thurm-env.js';

const FULL_CASES = 100_000;
const FAST_CASES = 5000;

export const FULL = process.env.THURM_HARDENING === 'full';
export const CASES = Number(process.env.THURM_HARDENING_CASES) || (FULL ? FULL_CASES : FAST_CASES);

/** One failing input kept for good: the check replays it before it generates anything. */
export interface Fixture<Ts> {
  why: string;
  found: string;
  seed: number;
  input: Ts;
}

export interface Check<Ts extends [unknown, ...unknown[]]> {
  /** Names the check in the report and its fixture file (spec/fixtures/hardening/<id>.json). */
  id: string;
  /** What is generated and what must hold, in a few words (the report's row). */
  what: string;
  args: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> };
  /** Throws when an invariant breaks. Inputs are JSON values, so a failing one can be a fixture. */
  property(...args: Ts): void | Promise<void>;
  /** Fewer cases in `npm test` when each costs much more than most; a full run gives every check CASES. */
  cases?: number;
  /** Fewer in a full run too, for a check that is not a parser and whose case is a whole session (milliseconds each). */
  fullCases?: number;
  /** Set up before the first case and taken down after the last (a terminal, a Mux). */
  around?: { before(): void | Promise<void>; after(): void | Promise<void> };
}

export function fixturePath(id: string): string {
  return path.join(ROOT, 'spec', 'fixtures', 'hardening', `${id}.json`);
}

function fixtures<Ts>(id: string): Fixture<Ts>[] {
  const file = fixturePath(id);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Fixture<Ts>[]) : [];
}

/** One entry a line, so a fixture file reads as a list. */
export function formatFixtures(entries: Fixture<unknown>[]): string {
  return `[\n${entries.map((e) => `  ${JSON.stringify(e)}`).join(',\n')}\n]\n`;
}

/** A seed per check: fixed for `npm test`, drawn anew for a full run. */
function seedOf(id: string): number {
  if (process.env.THURM_HARDENING_SEED) return Number(process.env.THURM_HARDENING_SEED);
  if (FULL) return Math.floor(Math.random() * 2 ** 31);
  let h = 0;
  for (const c of id) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

/** One line per check for the report (see spec/hardening/run.ts). */
export function record(line: Record<string, unknown>): void {
  const file = process.env.THURM_HARDENING_RESULTS;
  if (file) fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
}

function describe(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

/** Registers an ava test that replays the check's fixtures, then runs its generated cases. */
export function check<Ts extends [unknown, ...unknown[]]>(c: Check<Ts>): void {
  const cases = FULL ? Math.min(CASES, c.fullCases ?? CASES) : process.env.THURM_HARDENING_CASES ? CASES : c.cases ?? CASES;
  const kept = fixtures<Ts>(c.id);
  // Serial: checks of one file may share a terminal or a Mux between their cases.
  test.serial(`${c.id}: ${c.what} (${cases} generated cases, ${kept.length} fixtures)`, async (t) => {
    const started = performance.now();
    const seed = seedOf(c.id);
    await c.around?.before();
    // AVA's failed assertions throw: failures are collected and told at the end.
    const failures: string[] = [];
    try {
      for (const f of kept) {
        try {
          await c.property(...f.input);
        } catch (err) {
          failures.push(`fixture "${f.why}" fails again: ${describe(err)}`);
        }
      }
      if (failures.length && process.env.THURM_HARDENING_RECORD !== '1') return t.fail(failures.join('\n'));
      const property = fc.asyncProperty(...(c.args as unknown as [fc.Arbitrary<unknown>]), async (...args: unknown[]) => {
        await c.property(...(args as Ts));
      });
      const run = await fc.check(property, { numRuns: cases, seed });
      const ms = Math.round(performance.now() - started);
      record({ id: c.id, what: c.what, cases: run.numRuns, planned: cases, fixtures: kept.length, passed: !run.failed, seed, ms });
      if (run.failed) {
        const entry: Fixture<Ts> = {
          why: describe(run.errorInstance).slice(0, 300),
          found: new Date().toISOString().slice(0, 10),
          seed,
          input: run.counterexample as Ts,
        };
        if (process.env.THURM_HARDENING_RECORD === '1') {
          fs.mkdirSync(path.dirname(fixturePath(c.id)), { recursive: true });
          fs.writeFileSync(fixturePath(c.id), formatFixtures([...fixtures(c.id), entry]));
        }
        failures.push(`${describe(run.errorInstance)}\nafter ${run.numRuns} cases (seed ${seed}, path ${run.counterexamplePath}); `
          + `to keep it, add to ${path.relative(ROOT, fixturePath(c.id))}:\n${JSON.stringify(entry)}`);
      }
      if (failures.length) t.fail(failures.join('\n'));
      // The fixtures held (above); so did every case the title counts.
      else t.is(run.numRuns, cases, 'generated cases that ran and held');
    } finally {
      await c.around?.after();
    }
  });
}

/** Fails a property with a message that names what broke. */
export function invariant(ok: unknown, what: string): asserts ok {
  if (!ok) throw new Error(what);
}

// ---- arbitraries shared by several checks ----

/** A byte, most often one that matters to terminal parsers (ESC, BEL, CAN, ST, C1 leads, digits). */
export const byte = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 255 }) },
  { weight: 3, arbitrary: fc.constantFrom(0x1b, 0x07, 0x18, 0x1a, 0x5c, 0x5d, 0x5b, 0x3b, 0x3f, 0xc2, 0x9c, 0x9d, 0x80, 0xe2, 0xf0, 0xff) },
  { weight: 2, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
);

/** Bytes as a JSON array of numbers (so a failing input can be kept as a fixture). */
export const bytes = (maxLength = 200) => fc.array(byte, { maxLength });

/** Bytes built from pieces a hostile program would use: sequence starts, terminators, text. */
export const terminalBytes = (pieces: string[], maxLength = 40) => fc.array(
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...pieces).map((s) => [...Buffer.from(s, 'latin1')]) },
    { weight: 2, arbitrary: bytes(8) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }).map((s) => [...Buffer.from(s, 'utf8')]) },
  ),
  { maxLength },
).map((parts) => parts.flat());

/** Where to cut `length` bytes into chunks: sorted, distinct offsets inside it. */
export function cuts(data: number[] | Uint8Array, at: number[]): Buffer[] {
  const offsets = [...new Set(at.map((n) => n % (data.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const o of [...offsets, data.length]) {
    if (o > from) chunks.push(Buffer.from(data.slice(from, o)));
    from = Math.max(from, o);
  }
  return chunks;
}

/**
 * Parses `data` at once with the pane emulator's own parser (xterm's writeSync, the same parser
 * its write queue runs on a timer, which costs about 1.5 ms a case here).
 */
export function parseNow(term: PaneTerminal, data: Uint8Array): void {
  xtermCore(term.xterm).writeSync(data);
}

/**
 * One piece of a hostile byte stream: `head`, then `fill` times `A`, then `tail` (latin1), so a
 * 1 MB body stays a small fixture. Heads are whole or cut sequences of every kind a parser
 * meets: CSI with any prefix, parameters (huge ones, sub-parameters) and final; OSC of known and
 * unknown numbers; DCS, APC, PM and SOS strings; lone escapes; invalid UTF-8; plain text.
 */
export type StreamPiece = [head: string, fill: number, tail: string];

const latin1 = (s: string) => Buffer.from(s, 'utf8').toString('latin1');
const count = fc.oneof(fc.nat(10), fc.nat(400), fc.constantFrom(0, 1, 65535, 65536, 2147483647, 4294967295, 99999999999)).map(String);
const params = fc.array(fc.oneof(count, fc.tuple(count, count).map(([a, b]) => `${a}:${b}`), fc.constant('')), { maxLength: 12 }).map((p) => p.join(';'));
const stringBody = fc.string({
  unit: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(';', ':', '?', '=', 'a', ' ', '0', '\x1b', '\x07', '\x9c', '\x18', '\x1a', '\xff', '\xc2', '\x9b') },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 255 }).map((c) => String.fromCharCode(c)) },
  ),
  maxLength: 30,
});
/** How a string sequence ends: BEL, ST (7-bit and C1), not at all, or cancelled (CAN, SUB). */
const stringEnd = fc.constantFrom('\x07', '\x1b\\', '\xc2\x9c', '\x9c', '', '\x18', '\x1a');
const pieceHead = fc.oneof(
  // Plain CSI whose cost may grow with its count (scroll, insert, delete, erase, repeat, tabs).
  fc.tuple(count, fc.constantFrom('S', 'T', 'L', 'M', '@', 'P', 'X', 'b', 'Z', 'I', 'E', 'F', 'A', 'B', 'C', 'D', 'J', 'K', 'G', 'd'))
    .map(([n, final]) => [`\x1b[${n}${final}`, '']),
  fc.tuple(fc.constantFrom('', '?', '>', '=', '<'), params, fc.constantFrom('', '', ' ', '!', '"', '$', "'", '*'), fc.integer({ min: 0x40, max: 0x7e }))
    .map(([prefix, p, mid, final]) => [`\x1b[${prefix}${p}${mid}${String.fromCharCode(final)}`, '']),
  fc.tuple(fc.oneof(fc.constantFrom(0, 1, 2, 4, 7, 8, 9, 10, 11, 12, 52, 99, 104, 133, 777, 1337, 7501).map(String), count), stringBody, stringEnd)
    .map(([n, body, end]) => [`\x1b]${n};${body}`, end]),
  fc.tuple(params, fc.constantFrom('$q', '+q', 'q', '|', '{', ''), stringBody, stringEnd).map(([p, f, body, end]) => [`\x1bP${p}${f}${body}`, end]),
  fc.tuple(fc.constantFrom('\x1b_', '\x1b^', '\x1bX', '\x9f', '\x9e'), stringBody, stringEnd).map(([start, body, end]) => [`${start}${body}`, end]),
  fc.integer({ min: 0x20, max: 0x7e }).map((c) => [`\x1b${String.fromCharCode(c)}`, '']),
  fc.constantFrom('\xff', '\xfe', '\xc0\xaf', '\xe6\xbc', '\xed\xa0\x80', '\xf4\x90\x80\x80', '\x80', '\xf8\x88\x80\x80\x80', '\xe2\x80').map((s) => [s, '']),
  fc.string({ maxLength: 16 }).map((s) => [latin1(s), '']),
  bytes(12).map((b) => [Buffer.from(b).toString('latin1'), '']),
);

/** A hostile stream of pieces; now and then one is a body of up to `maxFill` bytes. */
export const hostileStream = (maxFill: number, maxLength = 24) => fc.array(
  fc.tuple(pieceHead, fc.oneof({ weight: 60, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: maxFill }) }))
    .map(([[head, tail], fill]): StreamPiece => [head, fill, tail]),
  { maxLength },
);

/** The bytes of a hostile stream. */
export function streamBytes(pieces: StreamPiece[]): Buffer {
  return Buffer.concat(pieces.map(([head, fill, tail]) => Buffer.from(`${head}${'A'.repeat(fill)}${tail}`, 'latin1')));
}
