import test from 'ava';
import { ThrottledLog } from '../../lib/log.js';
import { OscFramingScanner } from '../../lib/status/osc-framing.js';
import { PaneTerminal } from '../../lib/term/pane-terminal.js';
import { parseNow } from '../helpers/hardening.js';

const ST = '\x1b\\';
const BEL = '\x07';
const bytes = (s: string) => Buffer.from(s, 'latin1');

/** A scanner that has seen `raw` (a latin1 string, so '\xc2\x9d' is the two bytes C2 9D). */
function scanned(...chunks: string[]): OscFramingScanner {
  const scanner = new OscFramingScanner();
  for (const chunk of chunks) scanner.scan(bytes(chunk));
  return scanner;
}

const framing = (scanner: OscFramingScanner, body: string) => {
  const f = scanner.take(body);
  return f && { body: f.body.toString('latin1'), terminator: f.terminator, length: f.length };
};

test('a sequence ended by BEL is framed with its terminator and whole length', (t) => {
  t.deepEqual(framing(scanned(`\x1b]7501;state=done${BEL}`), 'state=done'), { body: 'state=done', terminator: 'bel', length: 18 });
});

test('a sequence ended by ESC backslash is framed as ST with both terminator bytes counted', (t) => {
  t.deepEqual(framing(scanned(`\x1b]7501;state=done${ST}`), 'state=done'), { body: 'state=done', terminator: 'st', length: 19 });
});

test('a sequence fed one byte per scan is framed as if it came at once', (t) => {
  const chunks = [...`text\x1b]7501;state=working:app=sync${ST}more`];
  t.deepEqual(framing(scanned(...chunks), 'state=working:app=sync'), { body: 'state=working:app=sync', terminator: 'st', length: 31 });
});

test('an ESC that is not ST ends the body early and the body is kept', (t) => {
  const scanner = scanned(`\x1b]7501;state=done\x1b[0m`);
  t.deepEqual(framing(scanner, 'state=done'), { body: 'state=done', terminator: 'esc', length: 18 });
});

test('an OSC that an ESC cut short does not swallow the OSC 7501 starting at that ESC', (t) => {
  const scanner = scanned(`\x1b]7501;state=working\x1b]7501;state=done${BEL}`);
  t.is(framing(scanner, 'state=working')?.terminator, 'esc');
  t.deepEqual(framing(scanner, 'state=done'), { body: 'state=done', terminator: 'bel', length: 18 });
});

for (const [name, abort] of [['CAN', '\x18'], ['SUB', '\x1a']]) {
  test(`${name} aborts the sequence, which then has no framing`, (t) => {
    const scanner = scanned(`\x1b]7501;state=done${abort}${BEL}`);
    t.is(scanner.take('state=done'), null);
  });
}

test('a sequence after an aborted one is framed normally', (t) => {
  const scanner = scanned(`\x1b]7501;state=do\x18ne\x1b]7501;state=idle${BEL}`);
  t.deepEqual(framing(scanner, 'state=idle'), { body: 'state=idle', terminator: 'bel', length: 18 });
});

const notOurs: [string, string, string][] = [
  ['OSC 750;', `\x1b]750;state=done${BEL}`, 'state=done'],
  ['OSC 75010;', `\x1b]75010;state=done${BEL}`, 'state=done'],
  ['OSC 7501 followed by a body without a semicolon', `\x1b]7501state=done${BEL}`, 'state=done'],
  ['OSC 0 (a window title)', `\x1b]0;7501;state=done${BEL}`, 'state=done'],
];
for (const [name, raw, body] of notOurs) {
  test(`${name} produces no framing`, (t) => t.is(scanned(raw).take(body), null));
}

test('a C1 OSC ended by a C1 ST is framed as ST, each counted as two bytes', (t) => {
  t.deepEqual(framing(scanned(`\xc2\x9d7501;state=done\xc2\x9c`), 'state=done'), { body: 'state=done', terminator: 'st', length: 19 });
});

test('a C1 OSC may end with BEL', (t) => {
  t.deepEqual(framing(scanned(`\xc2\x9d7501;?${BEL}`), '?'), { body: '?', terminator: 'bel', length: 9 });
});

// Regression: the emulator drops a UTF-8 lead byte C2 that no continuation byte follows and
// then sees ESC \ (or BEL) as the terminator; the scanner must end the body there too.
test('a stray C2 byte before the terminator ends the body where the emulator ends it', (t) => {
  t.deepEqual(framing(scanned(`\x1b]7501;?\xc2${ST}`), '?'), { body: '?', terminator: 'st', length: 11 });
});

test('other C0 controls inside the body are dropped from it but counted in the length', (t) => {
  t.deepEqual(framing(scanned(`\x1b]7501;state=\x01do\x0ane\t${BEL}`), 'state=done'), { body: 'state=done', terminator: 'bel', length: 21 });
});

const limits: [string, string, number, number][] = [
  ['BEL', BEL, 4096, 4088],
  ['BEL', BEL, 4097, 4089],
  ['ST', ST, 4096, 4087],
  ['ST', ST, 4097, 4088],
];
for (const [name, terminator, length, bodyLength] of limits) {
  test(`a sequence of ${length} bytes ended by ${name} reports a length of ${length}`, (t) => {
    const body = `state=working:pad=${'a'.repeat(bodyLength - 18)}`;
    const f = scanned(`\x1b]7501;${body}${terminator}`).take(body);
    t.is(f?.length, length);
    t.is(f?.body.length, bodyLength);
  });
}

test('take finds a sequence by its body and drops the older ones it passes', (t) => {
  const scanner = scanned(`\x1b]7501;state=idle${BEL}\x1b]7501;state=done${ST}\x1b]7501;?${BEL}`);
  t.is(framing(scanner, 'state=done')?.terminator, 'st');
  t.is(framing(scanner, '?')?.terminator, 'bel');
  t.is(scanner.take('state=idle'), null);
});

test('take returns each framing once, in order, for repeated identical bodies', (t) => {
  const scanner = scanned(`\x1b]7501;?${BEL}\x1b]7501;?${ST}`);
  t.is(scanner.take('?')?.terminator, 'bel');
  t.is(scanner.take('?')?.terminator, 'st');
  t.is(scanner.take('?'), null);
});

// What waits for the emulator's hook is bounded by what the emulator has not parsed yet: once a
// chunk is parsed, framings that ended in it and were not taken go. Each case scans `chunks`,
// takes `taken` (as the hook would), marks the first `parsed` chunks parsed and counts what is left.
const lifetimes: { name: string; chunks: string[]; taken?: string; parsed: number; left: number }[] = [
  { name: 'a framing the hook did not take goes once its chunk is parsed', chunks: [`\x1b]7501;state=\xff\xfedone${BEL}`], parsed: 1, left: 0 },
  { name: 'a framing waits while its chunk is not parsed yet', chunks: [`\x1b]7501;state=\xffdone${BEL}`], parsed: 0, left: 1 },
  { name: 'a framing from a later chunk outlives the parse of an earlier one', chunks: [`\x1b]7501;\xff${BEL}`, `\x1b]7501;?${BEL}`], parsed: 1, left: 1 },
  { name: 'a sequence split over chunks belongs to the chunk that ends it', chunks: [`\x1b]7501;sta`, `te=\xffdone${BEL}`], parsed: 1, left: 1 },
  { name: 'a taken framing and the unmatched ones before it go at once', chunks: [`\x1b]7501;\xff${BEL}\x1b]7501;?${BEL}\x1b]7501;\xfe${BEL}`], taken: '?', parsed: 0, left: 1 },
];
for (const c of lifetimes) {
  test(c.name, (t) => {
    const scanner = new OscFramingScanner();
    const parsed = c.chunks.map((chunk) => scanner.scan(bytes(chunk)));
    if (c.taken !== undefined) t.truthy(scanner.take(c.taken));
    for (const done of parsed.slice(0, c.parsed)) done();
    t.is(scanner.pending, c.left);
  });
}

test('a stream of bodies the emulator drops never grows the queue past one chunk', (t) => {
  const scanner = new OscFramingScanner();
  let most = 0;
  for (let i = 0; i < 1000; i++) {
    const parsed = scanner.scan(bytes(`\x1b]7501;state=\xff${BEL}`.repeat(100)));
    most = Math.max(most, scanner.pending);
    parsed();
  }
  t.is(most, 100);
  t.is(scanner.pending, 0);
});

// Found by spec/hardening/osc-framing.spec.ts: the scanner must frame exactly the bodies the
// emulator hands to its hook. Each case is checked against a pane's real emulator too.
const likeTheEmulator: { name: string; chunks: string[]; body: string | null; terminator?: string; length?: number }[] = [
  { name: 'a leading zero in the identifier is still OSC 7501', chunks: [`\x1b]07501;state=done${BEL}`], body: 'state=done', terminator: 'bel', length: 19 },
  { name: 'invalid UTF-8 in the body is dropped from it but counted', chunks: [`\x1b]7501;state=\xff\xfedone${BEL}`], body: 'state=done', terminator: 'bel', length: 20 },
  { name: 'a BOM in the body is dropped from it but counted', chunks: [`\x1b]7501;?\xef\xbb\xbf${ST}`], body: '?', terminator: 'st', length: 13 },
  { name: 'a character cut between chunks is finished as the emulator finishes it, even when it loses it', chunks: [`\x1b]7501;A\xe2\x80`, `\x94B${BEL}`], body: 'AB', terminator: 'bel', length: 13 },
  { name: 'a four-byte character cut between chunks is kept', chunks: [`\x1b]7501;A\xf0\x9f`, `\x9a\x80B${BEL}`], body: 'A\u{1f680}B', terminator: 'bel', length: 14 },
  { name: 'a C1 OSC inside a body abandons it and starts the next sequence', chunks: [`\x1b]7501;state=working\xc2\x9d7501;state=done${BEL}`], body: 'state=done', terminator: 'bel', length: 18 },
  { name: 'a C1 OSC after a stray C2 byte starts a sequence', chunks: [`\xc2\xc2\x9d7501;?${BEL}`], body: '?', terminator: 'bel', length: 9 },
  { name: 'a C1 OSC right after an ESC starts a sequence', chunks: [`\x1b\xc2\x9d7501;?${BEL}`], body: '?', terminator: 'bel', length: 9 },
  { name: 'ESC ] with a dropped byte between still starts a sequence', chunks: [`\x1b\xff]7501;?${BEL}`], body: '?', terminator: 'bel', length: 9 },
  { name: 'ESC ] with a C0 control between still starts a sequence', chunks: [`\x1b\n]7501;?${BEL}`], body: '?', terminator: 'bel', length: 9 },
  { name: 'OSC 7501 without a semicolon is handed over with an empty body', chunks: [`\x1b]7501${BEL}`], body: '', terminator: 'bel', length: 7 },
  { name: 'a C1 control such as NEL inside a body abandons it', chunks: [`\x1b]7501;state=\xc2\x85done${BEL}`], body: null },
];
for (const c of likeTheEmulator) {
  test(c.name, (t) => {
    const term = new PaneTerminal({ cols: 20, rows: 4, scrollback: 0, log: new ThrottledLog('', () => {}) });
    t.teardown(() => term.dispose());
    const scanner = new OscFramingScanner();
    const handed: string[] = [];
    const framed: unknown[] = [];
    term.registerOsc(7501, (body) => {
      handed.push(body);
      const f = scanner.take(body);
      framed.push(f && { body: f.body.toString('utf8'), terminator: f.terminator, length: f.length });
      return true;
    });
    for (const chunk of c.chunks) {
      const parsed = scanner.scan(bytes(chunk));
      parseNow(term, bytes(chunk));
      parsed();
    }
    t.deepEqual(handed, c.body === null ? [] : [c.body]);
    t.deepEqual(framed, c.body === null ? [] : [{ body: c.body, terminator: c.terminator, length: c.length }]);
  });
}

test('an ESC that ends a chunk frames the body as ST at once: the hook takes it at the ESC', (t) => {
  const scanner = scanned(`\x1b]7501;?\x1b`);
  t.deepEqual(framing(scanner, '?'), { body: '?', terminator: 'st', length: 10 });
});

test('the byte after such an ESC makes it an early end when the hook has not taken it yet', (t) => {
  const scanner = scanned(`\x1b]7501;?\x1b`, '[0m');
  t.deepEqual(framing(scanner, '?'), { body: '?', terminator: 'esc', length: 9 });
});
