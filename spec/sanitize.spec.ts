import test from 'ava';
import { MAX_TITLE, MAX_URI, printable, safeJson, safeUri, sanitizeLine, sanitizeText } from '../lib/sanitize.js';

const removed: [string, string, string][] = [
  ['C0 controls and DEL', 'a\x00b\x07c\x1b[31md\x7fe\r\n', 'abc[31mde'],
  ['tab', 'a\tb', 'ab'],
  ['C1 controls (CSI, NEL)', 'a\u009b31mb\u0085c', 'a31mbc'],
  ['a right-to-left override', 'invoice\u202Efdp.exe', 'invoicefdp.exe'],
  ['left-to-right isolates and their pop', '\u2066ab\u2069c', 'abc'],
  ['bidi marks and embeddings', '\u200Ea\u200F\u202Ab\u202C\u061C', 'ab'],
  ['zero-width space, joiner and non-joiner', 'a\u200Bb\u200Cc\u200Dd\u2060e', 'abcde'],
  ['the byte order mark', '\uFEFFtitle', 'title'],
  ['the object replacement character', 'a\uFFFCb', 'ab'],
];
for (const [what, input, expected] of removed) {
  test(`${what} are removed from labels`, (t) => t.is(sanitizeText(input), expected));
}

const kept: [string, string][] = [
  ['CJK', '日本語のタイトル'],
  ['emoji outside the BMP', '🚀 build 🐛'],
  ['accented letters and combining marks', 'café e\u0301'],
  ['plain ASCII with punctuation', 'vim ~/src/main.ts [+]'],
];
for (const [what, input] of kept) {
  test(`${what} is kept as it is`, (t) => t.is(sanitizeText(input), input));
}

test('text of exactly the cap is kept whole, counting code points not UTF-16 units', (t) => {
  const text = '🚀'.repeat(5);
  t.is(sanitizeText(text, 5), text);
  t.is(sanitizeText('x'.repeat(MAX_TITLE)), 'x'.repeat(MAX_TITLE));
});

test('text one code point past the cap loses its last code point', (t) => {
  t.is(sanitizeText('🚀'.repeat(6), 5), '🚀'.repeat(5));
  t.is(sanitizeText('x'.repeat(MAX_TITLE + 1)), 'x'.repeat(MAX_TITLE));
});

test('the cap counts what is left after removing unsafe characters', (t) => {
  t.is(sanitizeText('\u200Babc\u200B', 3), 'abc');
});

test('soft hyphens, tag characters and line separators are removed too', (t) => {
  t.is(sanitizeText('a\u00adb\u{E0041}c\u2028d\u034fe'), 'abcde');
});

const shown: [string, string, string][] = [
  ['an escape sequence and a bell', 'evil\x1b]0;pwned\x07', 'evil\\x1b]0;pwned\\x07'],
  ['a newline, a carriage return and a tab', 'a\nb\rc\td', 'a\\nb\\rc\\td'],
  ['a C1 CSI', 'a\u009b31m', 'a\\x9b31m'],
  ['a right-to-left override', 'invoice\u202Efdp.exe', 'invoice\\u{202e}fdp.exe'],
  ['a tag character outside the BMP', 'a\u{e0041}', 'a\\u{e0041}'],
];
for (const [what, input, expected] of shown) {
  test(`printable shows ${what} as escapes`, (t) => t.is(printable(input), expected));
}

test('printable keeps plain and wide text as it is', (t) => t.is(printable('日本 🚀 ~/src [+]'), '日本 🚀 ~/src [+]'));

// 👩‍💻 (woman, ZWJ, laptop) and می‌خواهم (Persian, with a ZWNJ): the joiners are the text.
const JOINED = ['👩\u200d💻', 'می\u200cخواهم'];
test('zero-width joiners and non-joiners are kept in screen text, printable and safeJson (not in labels)', (t) => {
  for (const text of JOINED) {
    t.is(sanitizeLine(text, 100), text);
    t.is(printable(text), text);
    t.is(safeJson(JSON.stringify(text)), JSON.stringify(text));
  }
});

test('safeJson escapes C1, bidi and tag characters and stays the same JSON', (t) => {
  const value = { cwd: '/tmp/a\u009b\u202e\u{e0041}\nb', argv: ['x\u0085'] };
  const json = safeJson(JSON.stringify(value, null, 2));
  t.false(/[\u007f-\u009f\u202e]|\u{e0041}/u.test(json));
  t.deepEqual(JSON.parse(json), value);
});

/** [what, a link's URI from a program, what is passed on (null: no link)]. */
const uris: [string, string, string | null][] = [
  ['a plain https URI is kept', 'https://example.com/a?b=c;d#e', 'https://example.com/a?b=c;d#e'],
  ['a file URI of ls --hyperlink is kept', 'file://host/home/me/a%20b.txt', 'file://host/home/me/a%20b.txt'],
  ['characters that are not ASCII are percent-encoded', 'https://example.com/café', 'https://example.com/caf%C3%A9'],
  ['a bidi override is percent-encoded, so it is inert', 'https://example.com/\u202egnp.exe', 'https://example.com/%E2%80%AEgnp.exe'],
  ['text without a scheme is no link', 'example.com/a', null],
  ['an ESC (that could end the sequence) makes no link', 'https://example.com/\x1b]8;;\x1b\\', null],
  ['a C1 CSI makes no link', 'https://example.com/\u009b2J', null],
  ['a space makes no link', 'https://example.com/a b', null],
  ['a lone surrogate makes no link', 'https://example.com/\ud800', null],
  ['a URI over the limit makes no link', `https://example.com/${'a'.repeat(MAX_URI)}`, null],
  ['a URI that the encoding makes too long makes no link', `https://e/${'é'.repeat(MAX_URI / 4)}`, null],
  ['a javascript: URI (run by terminals built on a browser) makes no link', 'javascript:alert(document.cookie)', null],
  ['a script scheme in any case makes no link', 'JavaScript:alert(1)', null],
  ['a vbscript: URI makes no link', 'vbscript:msgbox(1)', null],
  ['a data: URI (a page of its own) makes no link', 'data:text/html;base64,PHNjcmlwdD4=', null],
  ['a blob: URI makes no link', 'blob:https://example.com/1234', null],
  ['a mailto: URI is kept', 'mailto:me@example.com', 'mailto:me@example.com'],
];
for (const [what, uri, expected] of uris) {
  test(`safeUri: ${what}`, (t) => t.is(safeUri(uri), expected));
}
