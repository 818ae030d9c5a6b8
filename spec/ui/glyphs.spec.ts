import test from 'ava';
import { acsOf, asciiOf } from '../../lib/ui/glyphs.js';

/** [character, its VT100 graphics character, its ASCII form]. */
const table: [string, string | null, string][] = [
  ['─', 'q', '-'], ['━', 'q', '-'], ['│', 'x', '|'], ['┃', 'x', '|'], ['┌', 'l', '+'], ['┘', 'j', '+'], ['╭', 'l', '+'],
  ['├', 't', '+'], ['┤', 'u', '+'], ['┬', 'w', '+'], ['┴', 'v', '+'], ['┼', 'n', '+'], ['═', 'q', '-'], ['║', 'x', '|'],
  ['◆', '`', '*'], ['▒', 'a', ':'], ['°', 'f', "'"], ['·', '~', 'o'],
  ['✖', null, 'x'], ['▶', null, '>'], ['✔', null, 'v'], ['○', null, 'o'], ['█', null, '#'], ['░', null, '.'], ['…', null, '.'],
  ['é', null, '?'], ['e\u0301', null, '?'], ['a', null, 'a'], ['~', null, '~'],
];
for (const [ch, acs, ascii] of table) {
  test(`${JSON.stringify(ch)} is ${acs === null ? 'not in the ACS' : `ACS ${acs}`} and ${JSON.stringify(ascii)} in ASCII`, (t) => {
    t.is(acsOf(ch), acs);
    t.is(asciiOf(ch, 1), ascii);
  });
}

test('a wide character without an ASCII form is one ? per column, so the row keeps its length', (t) => {
  t.is(asciiOf('日', 2), '??');
  t.is(asciiOf('😀', 2), '??');
});
