import test from 'ava';
import { InputParser, keyName, type InputToken } from '../../lib/ui/input.js';

const key = (seq: string): InputToken => ({ kind: 'key', seq });
const feedAll = (p: InputParser, chunks: (string | Buffer)[]) => chunks.flatMap((c) => p.feed(c));

const oneChunk: [string, string, InputToken[]][] = [
  ['typed text becomes one key per character', 'ab%', [key('a'), key('b'), key('%')]],
  ['an emoji is one key, not two halves', 'a🚀', [key('a'), key('🚀')]],
  ['a CSI cursor key is one key', 'x\x1b[Ay', [key('x'), key('\x1b[A'), key('y')]],
  ['a modified cursor key keeps its parameters', '\x1b[1;5A', [key('\x1b[1;5A')]],
  ['a CSI function key ends at its final byte', '\x1b[15~\x1b[5~', [key('\x1b[15~'), key('\x1b[5~')]],
  ['an SS3 key is three bytes', '\x1bOPq', [key('\x1bOP'), key('q')]],
  ['ESC before a character is a meta key', '\x1bx\x1b%', [key('\x1bx'), key('\x1b%')]],
  ['ESC before an emoji is a meta key holding the whole emoji', '\x1b🚀a', [key('\x1b🚀'), key('a')]],
  ['ESC before ESC is a plain Escape', '\x1b\x1bx', [key('\x1b'), key('\x1bx')]],
  ['control characters are keys', '\x02\r', [key('\x02'), key('\r')]],
  ['an SGR mouse press has 0-based coordinates', '\x1b[<0;10;5M', [{ kind: 'mouse', button: 0, x: 9, y: 4, release: false }]],
  ['an SGR mouse release is marked as one', '\x1b[<2;1;1m', [{ kind: 'mouse', button: 2, x: 0, y: 0, release: true }]],
  ['a wheel event keeps its button bits', '\x1b[<65;3;7M', [{ kind: 'mouse', button: 65, x: 2, y: 6, release: false }]],
  ['a bracketed paste is one token, escapes and all', 'a\x1b[200~x\x1b[Ay\r\x1b[201~b', [key('a'), { kind: 'paste', text: 'x\x1b[Ay\r' }, key('b')]],
  ['an empty paste is still a paste', '\x1b[200~\x1b[201~', [{ kind: 'paste', text: '' }]],
  ['an XTGETTCAP answer is one capability token', 'a\x1bP1+r5463\x1b\\b', [key('a'), { kind: 'capability', seq: '\x1bP1+r5463\x1b\\' }, key('b')]],
  ['a refusal (0 + r) is one too', '\x1bP0+r\x1b\\', [{ kind: 'capability', seq: '\x1bP0+r\x1b\\' }]],
  ['Alt+Shift+P is a meta key, not the start of an answer', '\x1bPx\x1bP1-', [key('\x1bP'), key('x'), key('\x1bP'), key('1'), key('-')]],
];
for (const [title, input, expected] of oneChunk) {
  test(title, (t) => {
    const p = new InputParser();
    t.deepEqual(p.feed(input), expected);
    t.false(p.hasPending);
  });
}

const split: [string, (string | Buffer)[], InputToken[]][] = [
  ['a CSI cut between chunks is one key', ['\x1b[1;', '5A'], [key('\x1b[1;5A')]],
  ['an XTGETTCAP answer cut between chunks is one token', ['\x1bP1+', 'r524742\x1b', '\\'], [{ kind: 'capability', seq: '\x1bP1+r524742\x1b\\' }]],
  ['a mouse event cut between chunks is one event', ['\x1b[<0;1', '2;3M'], [{ kind: 'mouse', button: 0, x: 11, y: 2, release: false }]],
  ['a paste over several chunks is one token', ['\x1b[200~hel', 'lo ', 'world\x1b[201~'], [{ kind: 'paste', text: 'hello world' }]],
  ['a paste start marker cut between chunks still starts a paste', ['\x1b[20', '0~hi\x1b[201~'], [{ kind: 'paste', text: 'hi' }]],
  ['a paste end marker cut between chunks ends the paste', ['\x1b[200~abc\x1b[2', '01', '~d'], [{ kind: 'paste', text: 'abc' }, key('d')]],
  ['what only looks like the start of an end marker stays in the paste', ['\x1b[200~a\x1b[20', '0x\x1b[201~'], [{ kind: 'paste', text: 'a\x1b[200x' }]],
  ['a two-byte character cut between buffers is one key', [Buffer.from([0xc3]), Buffer.from([0xa9, 0x61])], [key('é'), key('a')]],
  ['a four-byte emoji in three buffers is one key', [Buffer.from([0xf0, 0x9f]), Buffer.from([0x9a]), Buffer.from([0x80])], [key('🚀')]],
  ['a CJK character cut inside a paste is kept whole', [Buffer.from('\x1b[200~日'), Buffer.from([0xe6]), Buffer.from([0x9c, 0xac, 0x1b]), Buffer.from('[201~')], [{ kind: 'paste', text: '日本' }]],
];
for (const [title, chunks, expected] of split) {
  test(title, (t) => {
    const p = new InputParser();
    t.deepEqual(feedAll(p, chunks), expected);
    t.false(p.hasPending);
  });
}

test('a lone ESC waits, and flush turns it into the Escape key', (t) => {
  const p = new InputParser();
  t.deepEqual(p.feed('a\x1b'), [key('a')]);
  t.true(p.hasPending);
  t.deepEqual(p.flush(), [key('\x1b')]);
  t.false(p.hasPending);
  t.deepEqual(p.flush(), []);
});

test('a lone ESC followed by a character in the next chunk is a meta key', (t) => {
  const p = new InputParser();
  t.deepEqual(feedAll(p, ['\x1b', 'x']), [key('\x1bx')]);
});

test('flushing a cut CSI types its characters as they are', (t) => {
  const p = new InputParser();
  t.deepEqual(p.feed('\x1b[1;'), []);
  t.true(p.hasPending);
  t.deepEqual(p.flush(), [key('\x1b'), key('['), key('1'), key(';')]);
});

test('an unfinished paste, even one ending in part of its end marker, is not pending keys', (t) => {
  const p = new InputParser();
  t.deepEqual(p.feed('\x1b[200~abc\x1b[20'), []);
  t.false(p.hasPending);
});

const names: [string, string][] = [
  ['\x1b[A', 'Up'],
  ['\x1bOA', 'Up'],
  ['\x1b[1;5A', 'C-Up'],
  ['\x1b[1;3D', 'M-Left'],
  ['\x1b[1;2B', 'S-Down'],
  ['\x1b[1;6C', 'C-S-Right'],
  ['\x02', 'C-b'],
  ['\0', 'C-Space'],
  ['\r', 'Enter'],
  ['\t', 'Tab'],
  ['\x1b', 'Escape'],
  ['\x7f', 'BSpace'],
  [' ', 'Space'],
  ['\x1bx', 'M-x'],
  ['\x1b\x02', 'M-C-b'],
  ['%', '%'],
  ['\x1b[15~', '\x1b[15~'],
];
for (const [seq, name] of names) {
  test(`the key ${JSON.stringify(seq)} is named ${name}`, (t) => t.is(keyName(seq), name));
}

test('keyName spells the control keys past C-z as tmux does', (t) => {
  t.deepEqual(['\x1c', '\x1d', '\x1e', '\x1f'].map(keyName), ['C-\\', 'C-]', 'C-^', 'C-_']);
});

test('a paste whose end marker never comes is handed on in parts, and once given up on, keys are keys again', (t) => {
  const p = new InputParser();
  const huge = 'x'.repeat(200 * 1024);
  const parts: string[] = [];
  // In chunks of 4 KiB, as a terminal sends it.
  for (let i = 0; i < huge.length; i += 4096) {
    for (const tok of p.feed(`${i === 0 ? '\x1b[200~' : ''}${huge.slice(i, i + 4096)}`)) {
      t.is(tok.kind, 'paste');
      if (tok.kind === 'paste') parts.push(tok.text);
    }
  }
  t.true(p.pasting);
  t.true(parts.length >= 3, `handed on in ${parts.length} parts`);
  t.true(parts.every((text) => text.length <= 64 * 1024 + 4096), 'no part over the bound');
  const rest = p.endPaste();
  t.is(parts.join('') + (rest[0]?.kind === 'paste' ? rest[0].text : ''), huge, 'the whole paste, in order');
  t.false(p.pasting);
  t.deepEqual(p.feed('\x02c'), [{ kind: 'key', seq: '\x02' }, { kind: 'key', seq: 'c' }], 'the prefix key works again');
});
