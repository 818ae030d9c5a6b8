import test from 'ava';
import { LineEditor } from '../../lib/ui/line-editor.js';

/** Applies keys given as [name, bytes] pairs, or plain text typed a character at a time. */
function typed(start: string, ...keys: (string | [string, string])[]): LineEditor {
  const line = new LineEditor(start);
  for (const k of keys) {
    if (typeof k === 'string') for (const ch of k) line.key(ch, ch);
    else line.key(k[0], k[1]);
  }
  return line;
}

const LEFT: [string, string] = ['Left', '\x1b[D'];

test('a prompt starts with its text and the cursor at the end', (t) => {
  const line = new LineEditor('build');
  t.is(line.cursor, 5);
});

test('typing inserts at the cursor, BSpace deletes before it, Delete after it', (t) => {
  t.is(typed('buld', LEFT, LEFT, 'i').text, 'build');
  t.is(typed('abc', LEFT, ['BSpace', '\x7f']).text, 'ac');
  t.is(typed('abc', LEFT, LEFT, ['Delete', '\x1b[3~']).text, 'ac');
});

test('C-a and C-e go to the ends, C-u deletes before the cursor, C-k after it, C-w a word back', (t) => {
  t.is(typed('world', ['C-a', '\x01'], 'hello ').text, 'hello world');
  t.is(typed('one two', LEFT, LEFT, LEFT, ['C-u', '\x15']).text, 'two');
  t.is(typed('one two', ['C-a', '\x01'], ['C-k', '\x0b']).text, '');
  t.is(typed('one two  ', ['C-w', '\x17']).text, 'one ');
});

test('the cursor steps over a character outside the BMP whole', (t) => {
  const line = typed('a🚀b', LEFT, LEFT);
  t.is(line.cursor, 1);
  t.is(typed('a🚀', ['BSpace', '\x7f']).text, 'a');
});

test('keys that are neither editing nor text are left to the caller, and text stops at the limit', (t) => {
  t.false(new LineEditor().key('F5', '\x1b[15~'));
  const line = new LineEditor('', 3);
  for (const ch of 'abcd') line.key(ch, ch);
  t.is(line.text, 'abc');
});
