import test from 'ava';
import { encodeCursorKey, keyBytes, pasteBytes } from '../../lib/term/keys.js';

const normal = { applicationCursorKeysMode: false };
const application = { applicationCursorKeysMode: true };

const names: [string, string | null][] = [
  ['Enter', '\r'],
  ['Tab', '\t'],
  ['Escape', '\x1b'],
  ['Space', ' '],
  ['BSpace', '\x7f'],
  ['C-c', '\x03'],
  ['C-a', '\x01'],
  ['C-A', '\x01'],
  ['C-[', '\x1b'],
  ['C-Space', '\0'],
  ['C-?', '\x7f'],
  ['M-x', '\x1bx'],
  ['M-C-c', '\x1b\x03'],
  ['M-Enter', '\x1b\r'],
  ['F1', '\x1bOP'],
  ['F5', '\x1b[15~'],
  ['F12', '\x1b[24~'],
  ['PageUp', '\x1b[5~'],
  ['NPage', '\x1b[6~'],
  ['x', 'x'],
  ['%', '%'],
  ['é', 'é'],
  ['Hyper', null],
  ['F13', null],
  ['C-1', null],
  ['C-foo', null],
  ['M-Hyper', null],
  ['ab', null],
  ['', null],
];
for (const [name, bytes] of names) {
  test(`the key ${JSON.stringify(name)} is sent as ${JSON.stringify(bytes)}`, (t) => {
    t.is(keyBytes(name), bytes);
  });
}

const cursor: [string, string, string][] = [
  ['Up', '\x1b[A', '\x1bOA'],
  ['Down', '\x1b[B', '\x1bOB'],
  ['Left', '\x1b[D', '\x1bOD'],
  ['Home', '\x1b[H', '\x1bOH'],
];
for (const [name, inNormal, inApplication] of cursor) {
  test(`${name} is CSI in normal cursor mode and SS3 in application cursor mode`, (t) => {
    t.is(keyBytes(name), inNormal);
    t.is(keyBytes(name, normal), inNormal);
    t.is(keyBytes(name, application), inApplication);
    t.is(keyBytes(`M-${name}`, application), `\x1b${inApplication}`);
  });
}

const encoded: [string, string, boolean, string][] = [
  ['a normal Up becomes SS3 for an application-mode pane', '\x1b[A', true, '\x1bOA'],
  ['an SS3 End becomes CSI for a normal-mode pane', '\x1bOF', false, '\x1b[F'],
  ['a key already in the pane\'s mode is unchanged', '\x1bOC', true, '\x1bOC'],
  ['a modified cursor key is left alone', '\x1b[1;5A', true, '\x1b[1;5A'],
  ['a function key is left alone', '\x1bOP', false, '\x1bOP'],
  ['plain text is left alone', 'A', true, 'A'],
];
for (const [title, seq, app, expected] of encoded) {
  test(title, (t) => {
    t.is(encodeCursorKey(seq, { applicationCursorKeysMode: app }), expected);
  });
}

test('control and meta combine in either order', (t) => {
  t.is(keyBytes('C-M-x'), '\x1b\x18');
  t.is(keyBytes('M-C-x'), '\x1b\x18');
});

/** [what, pasted text, what the program gets in bracketed paste mode]. */
const pastes: [string, string, string][] = [
  ['plain text is bracketed', 'ls\n', '\x1b[200~ls\n\x1b[201~'],
  ['an end marker in the text is dropped', 'a\x1b[201~rm -rf ~\r', '\x1b[200~arm -rf ~\r\x1b[201~'],
  ['a start marker in the text is dropped', 'a\x1b[200~b', '\x1b[200~ab\x1b[201~'],
  ['a marker that dropping another puts together is dropped too', 'x\x1b[20\x1b[201~1~rm -rf ~\r', '\x1b[200~xrm -rf ~\r\x1b[201~'],
  ['markers nested three deep are all dropped', '\x1b[20\x1b[20\x1b[201~1~1~!', '\x1b[200~!\x1b[201~'],
  ['what only looks like a marker stays', '\x1b[20x~ \x1b[202~', '\x1b[200~\x1b[20x~ \x1b[202~\x1b[201~'],
];
for (const [what, text, expected] of pastes) {
  test(`pasteBytes: ${what}`, (t) => t.is(pasteBytes(text, { bracketedPasteMode: true }), expected));
}
