import test from 'ava';
import { encodeInput, legacyInput, typesItself } from '../../lib/term/key-encoding.js';
import { keyBytes } from '../../lib/term/keys.js';

const legacy = { applicationCursorKeysMode: false, kittyFlags: 0, modifyOtherKeys: 0 };
const kitty = { ...legacy, kittyFlags: 1 };
const mok1 = { ...legacy, modifyOtherKeys: 1 };
const mok2 = { ...legacy, modifyOtherKeys: 2 };

// [what the client's terminal sent, the pane's modes, what the pane gets]
const cases: [string, string, typeof legacy, string][] = [
  ['kitty Shift+Enter to a legacy pane is a plain CR', '\x1b[13;2u', legacy, '\r'],
  ['kitty Shift+Enter to a kitty pane stays CSI u', '\x1b[13;2u', kitty, '\x1b[13;2u'],
  ['kitty Shift+Enter to a modifyOtherKeys pane', '\x1b[13;2u', mok1, '\x1b[27;2;13~'],
  ['xterm Shift+Enter to a kitty pane', '\x1b[27;2;13~', kitty, '\x1b[13;2u'],
  ['xterm Ctrl+Enter to a modifyOtherKeys pane', '\x1b[27;5;13~', mok1, '\x1b[27;5;13~'],
  ['xterm Ctrl+Enter to a legacy pane', '\x1b[27;5;13~', legacy, '\r'],
  ['Alt+Enter (ESC CR) to a legacy pane', '\x1b\r', legacy, '\x1b\r'],
  ['Alt+Enter to a kitty pane', '\x1b\r', kitty, '\x1b[13;3u'],
  ['Escape and k in one read to a modifyOtherKeys 2 pane (vim) stay ESC k, as tmux sends them', '\x1bk', mok2, '\x1bk'],
  ['Escape and K in one read to a modifyOtherKeys 1 pane stay ESC K', '\x1bK', mok1, '\x1bK'],
  ['Alt+Enter (ESC CR) to a modifyOtherKeys 2 pane stays ESC CR', '\x1b\r', mok2, '\x1b\r'],
  ['Escape and Ctrl+a in one read to a modifyOtherKeys 2 pane: ESC, then Ctrl+a as the pane asked', '\x1b\x01', mok2, '\x1b\x1b[27;5;97~'],
  ['xterm Alt+k (CSI 27;3;107~) to a modifyOtherKeys 2 pane stays one key', '\x1b[27;3;107~', mok2, '\x1b[27;3;107~'],
  ['Escape and Up in one read to a pane in application cursor mode', '\x1b\x1b[A', { ...legacy, modifyOtherKeys: 2, applicationCursorKeysMode: true }, '\x1b\x1bOA'],
  ['Alt+x to a kitty pane', '\x1bx', kitty, '\x1b[120;3u'],
  ['Alt+Shift+a to a kitty pane', '\x1bA', kitty, '\x1b[97;4u'],
  ['kitty Alt+x to a legacy pane is ESC x', '\x1b[120;3u', legacy, '\x1bx'],
  ['Ctrl+c to a kitty pane', '\x03', kitty, '\x1b[99;5u'],
  ['Ctrl+c to a modifyOtherKeys 1 pane stays a control byte', '\x03', mok1, '\x03'],
  ['Ctrl+c to a modifyOtherKeys 2 pane', '\x03', mok2, '\x1b[27;5;99~'],
  ['kitty Ctrl+c (with Caps Lock) to a legacy pane', '\x1b[99;69u', legacy, '\x03'],
  ['Escape to a kitty pane', '\x1b', kitty, '\x1b[27u'],
  ['kitty Escape to a legacy pane', '\x1b[27u', legacy, '\x1b'],
  ['Shift+Tab to a kitty pane', '\x1b[Z', kitty, '\x1b[9;2u'],
  ['plain Enter to a kitty pane stays CR', '\r', kitty, '\r'],
  ['a shifted letter is text for every pane', 'A', kitty, 'A'],
  ['kitty keypad 5 to a legacy pane', '\x1b[57404u', legacy, '5'],
  ['a kitty release report is dropped', '\x1b[13;2:3u', legacy, '\x1b[13;2:3u'],
  ['Ctrl+F5 passes on as xterm sends it', '\x1b[15;5~', kitty, '\x1b[15;5~'],
  ['Shift+Up passes on', '\x1b[1;2A', legacy, '\x1b[1;2A'],
  ['Up becomes SS3 in application cursor mode', '\x1b[A', { ...legacy, applicationCursorKeysMode: true }, '\x1bOA'],
];
for (const [title, input, modes, expected] of cases) {
  test(title, (t) => {
    t.is(encodeInput(input, modes), expected);
  });
}

test('thurm\'s own keys are matched in legacy form: kitty Ctrl+b is the prefix C-b', (t) => {
  t.is(legacyInput('\x1b[98;5u'), '\x02');
  t.is(legacyInput('\x1b[27;5;98~'), '\x02');
  t.is(legacyInput('\x1b[5~'), '\x1b[5~');
});

const named: [string, typeof legacy, string][] = [
  ['S-Enter', legacy, '\r'],
  ['S-Enter', kitty, '\x1b[13;2u'],
  ['S-Enter', mok1, '\x1b[27;2;13~'],
  ['C-Enter', kitty, '\x1b[13;5u'],
  ['M-Enter', kitty, '\x1b[13;3u'],
  ['C-F5', legacy, '\x1b[15;5~'],
  ['S-F1', legacy, '\x1b[1;2P'],
  ['C-S-Up', legacy, '\x1b[1;6A'],
  ['S-Delete', legacy, '\x1b[3;2~'],
];
for (const [name, modes, expected] of named) {
  test(`thurm send --key ${name} to a pane with kitty flags ${modes.kittyFlags} and modifyOtherKeys ${modes.modifyOtherKeys} is ${JSON.stringify(expected)}`, (t) => {
    t.is(keyBytes(name, modes), expected);
  });
}

test('every printable ASCII character types itself in every key mode, as the fast path that skips encoding assumes', (t) => {
  const kittyAll = { ...legacy, kittyFlags: 31 };
  const cursorKeys = { ...legacy, applicationCursorKeysMode: true };
  for (let c = 0; c < 0x80; c++) {
    const ch = String.fromCharCode(c);
    if (!typesItself(ch)) continue;
    for (const modes of [legacy, kitty, kittyAll, mok1, mok2, cursorKeys]) t.is(encodeInput(ch, modes), ch, `${JSON.stringify(ch)} in ${JSON.stringify(modes)}`);
  }
  t.true(typesItself('a') && typesItself(' ') && typesItself('~'));
  t.false(typesItself('\r') || typesItself('\x7f') || typesItself('\x1b') || typesItself('é') || typesItself('ab'), 'keys that encodings change, and the rest, are encoded');
});
