// The OSC 7501 framing scanner against the emulator itself: the same bytes, cut into the same
// chunks, go to the scanner and to a pane's @xterm/headless terminal, and every body the
// emulator hands to the OSC 7501 hook must have the framing (terminator, length) it really had.
import fc from 'fast-check';
import { ThrottledLog } from '../../lib/log.js';
import { OscFramingScanner, type Framing } from '../../lib/status/osc-framing.js';
import { PaneTerminal } from '../../lib/term/pane-terminal.js';
import { check, cuts, invariant, parseNow, terminalBytes } from '../helpers/hardening.js';

let term: PaneTerminal;
let scanner = new OscFramingScanner();
let calls: { body: string; framing: Framing | null }[] = [];
const around = {
  before: () => {
    term = new PaneTerminal({ cols: 40, rows: 5, scrollback: 0, log: new ThrottledLog('', () => {}) });
    term.registerOsc(7501, (body) => {
      calls.push({ body, framing: scanner.take(body) });
      return true;
    });
  },
  after: () => term.dispose(),
};

/**
 * Feeds `data` as a pane does: each chunk is scanned when it arrives and parsed later, `lag`
 * saying how many chunks wait at each step; the scanner learns when each chunk is parsed.
 */
function feed(data: number[], at: number[], lag: number[]): void {
  scanner = new OscFramingScanner();
  calls = [];
  const waiting: { chunk: Buffer; parsed: () => void }[] = [];
  const parse = (n: number) => {
    for (const { chunk, parsed } of waiting.splice(0, n)) {
      parseNow(term, chunk);
      parsed();
    }
  };
  cuts(data, at).forEach((chunk, i) => {
    waiting.push({ chunk, parsed: scanner.scan(chunk) });
    parse(lag[i % Math.max(lag.length, 1)] ?? 1);
  });
  parse(waiting.length);
  // CAN ends whatever the case left open, and the emulator starts the next one in its ground state.
  const left = calls;
  parseNow(term, Buffer.from([0x18]));
  calls = left;
}

const PIECES = [
  '\x1b]7501;', '\x1b]', '7501;', '7501', '0', '\x1b]07501;', '\xc2\x9d7501;', '\xc2\x9d', '\x07', '\x1b\\', '\xc2\x9c', '\x18', '\x1a',
  '\x1b', '?', 'state=done', ';', '\xc2', '\xc2\x85', '\xe2\x80', '\xe2\x80\x94', '\xf0\x9f\x9a', '\xff', '\xef\xbb\xbf', '\x1bP', '\x1b_',
  '\x1b[', '\x00', '\n', '\x7f',
];

check({
  id: 'osc-framing-emulator',
  what: 'random output in random chunks: every body the emulator hands to the OSC 7501 hook was framed by the scanner, and nothing is left waiting',
  args: [terminalBytes(PIECES), fc.array(fc.nat(), { maxLength: 8 }), fc.array(fc.nat(3), { maxLength: 4 })],
  around,
  property: (data: number[], at: number[], lag: number[]) => {
    feed(data, at, lag);
    for (const c of calls) invariant(c.framing, `the emulator handed over ${JSON.stringify(c.body)}, which the scanner did not frame`);
    invariant(scanner.pending === 0, `${scanner.pending} framings left waiting after everything was parsed`);
  },
});

// ---- sequences whose framing is known from how they were written ----

/** Bytes the emulator drops from a body (invalid UTF-8, a BOM, C0 controls) but which count in its length. */
const NOISE = ['\xff', '\xfe', '\xc0\xaf', '\xed\xa0\x80', '\xf4\x90\x80\x80', '\xef\xbb\xbf', '\x00', '\x01', '\x0a', '\x0d', '\x1f'];
/** Body text that survives: ASCII and characters of two to four bytes (none a C1 control). */
const KEPT = fc.oneof(fc.stringMatching(/^[ -~]{1,12}$/), fc.constantFrom('é', 'Ā', '本', '€', '🚀', '\u00a0'));
const bodyParts = fc.array(fc.oneof({ weight: 3, arbitrary: KEPT.map((kept) => ({ raw: Buffer.from(kept, 'utf8').toString('latin1'), kept })) },
  { weight: 1, arbitrary: fc.constantFrom(...NOISE).map((raw) => ({ raw, kept: '' })) }), { maxLength: 10 });

interface Segment { raw: string; calls: { body: string; terminator: Framing['terminator']; length: number }[] }

const introducer = fc.constantFrom('\x1b]', '\xc2\x9d');
const ident = fc.constantFrom('7501;', '07501;', '0007501;');
const terminator = fc.constantFrom(['\x07', 'bel'], ['\x1b\\', 'st'], ['\xc2\x9c', 'st']) as fc.Arbitrary<[string, 'bel' | 'st']>;
const report: fc.Arbitrary<Segment> = fc.tuple(introducer, ident, bodyParts, terminator).map(([intro, id, parts, [end, kind]]) => {
  const raw = intro + id + parts.map((p) => p.raw).join('') + end;
  return { raw, calls: [{ body: parts.map((p) => p.kept).join(''), terminator: kind, length: raw.length }] };
});
const segment: fc.Arbitrary<Segment> = fc.oneof(
  { weight: 4, arbitrary: report },
  // A long report: over 4096 bytes, which ProgramStatus drops by this length.
  fc.tuple(introducer, fc.integer({ min: 4080, max: 4200 })).map(([intro, n]) => {
    const body = `state=done:pad=${'a'.repeat(n - 15)}`;
    return { raw: `${intro}7501;${body}\x07`, calls: [{ body, terminator: 'bel' as const, length: intro.length + 6 + body.length }] };
  }),
  // Ended by an ESC that starts another sequence (here SGR 0): the body and the ESC count.
  fc.tuple(introducer, bodyParts).map(([intro, parts]) => {
    const raw = `${intro}7501;${parts.map((p) => p.raw).join('')}`;
    return { raw: `${raw}\x1b[m`, calls: [{ body: parts.map((p) => p.kept).join(''), terminator: 'esc' as const, length: raw.length + 1 }] };
  }),
  // Aborted (CAN, SUB, or a C1 control such as NEL): the hook is never called.
  fc.tuple(introducer, bodyParts, fc.constantFrom('\x18', '\x1a', '\xc2\x85', '\xc2\x9b', '\xc2\x90')).map(([intro, parts, abort]) =>
    ({ raw: `${intro}7501;${parts.map((p) => p.raw).join('')}${abort}\x18`, calls: [] })),
  // Other sequences and text.
  fc.constantFrom('\x1b]0;7501;state=done\x07', '\x1b]750;state=done\x07', '\x1b]75010;x\x07', '\x1b[1;31m', '\x1bPq#0\x1b\\', '\x1b_x\x1b\\', 'plain text\r\n')
    .map((raw) => ({ raw, calls: [] })),
  KEPT.map((kept) => ({ raw: Buffer.from(kept, 'utf8').toString('latin1'), calls: [] })),
);

check({
  id: 'osc-framing-known',
  what: 'OSC 7501 sequences of known framing (BEL, ST, C1 ST, cut by ESC, aborted, over 4096 bytes, noise in the body) in random chunks: each framed exactly',
  args: [fc.array(segment, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 8 }), fc.array(fc.nat(3), { maxLength: 4 })],
  around,
  property: (segments: Segment[], at: number[], lag: number[]) => {
    feed([...Buffer.from(segments.map((s) => s.raw).join(''), 'latin1')], at, lag);
    const expected = segments.flatMap((s) => s.calls);
    const got = calls.map((c) => ({ body: c.body, terminator: c.framing?.terminator, length: c.framing?.length }));
    // An ESC at the end of a chunk that the emulator parsed before the next one came is framed
    // as ST (with its backslash), since the hook takes the body at the ESC.
    const same = (g: (typeof got)[number], e: (typeof expected)[number]) => g.body === e.body
      && ((g.terminator === e.terminator && g.length === e.length) || (e.terminator === 'esc' && g.terminator === 'st' && g.length === e.length + 1));
    invariant(got.length === expected.length && got.every((g, i) => same(g, expected[i])), `framed ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`);
  },
});
