// Capabilities of the outer terminal from attach facts and terminfo entries captured with
// `infocmp -x -1 TERM` (spec/fixtures/terminfo/, the lines that matter), and from TERM alone.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { grantsTruecolor, outerTerminal, truecolorQuery } from '../../lib/ui/outer-terminal.js';
import { decodeString, parseInfocmp, terminfo } from '../../lib/ui/terminfo.js';
import { ROOT } from '../helpers/thurm-env.js';

const fixture = (term: string) => parseInfocmp(fs.readFileSync(path.join(ROOT, 'spec', 'fixtures', 'terminfo', `${term}.txt`), 'utf8'));

test('terminfo notation is decoded: \\E, ^X, escaped commas, octal and \\s', (t) => {
  t.is(decodeString('\\E(B\\E)0'), '\x1b(B\x1b)0');
  t.is(decodeString('^N^O^?'), '\x0e\x0f\x7f');
  t.is(decodeString('++\\,\\,--'), '++,,--');
  t.is(decodeString('\\200\\s\\^\\\\'), '\x80 ^\\');
});

test('infocmp output gives booleans, numbers (hex too) and strings, cancelled ones left out', (t) => {
  const info = parseInfocmp('#\tcomment\nx|y,\n\tam,\n\tXT,\n\tcolors#0x100,\n\tpairs#64,\n\tacsc=++\\,\\,--,\n\tsmacs=^N,\n\tkf1@,\n');
  t.deepEqual([...info.bools], ['am', 'XT']);
  t.deepEqual([...info.numbers], [['colors', 256], ['pairs', 64]]);
  t.deepEqual([...info.strings], [['acsc', '++,,--'], ['smacs', '\x0e']]);
});

test('a TERM that is not a terminfo name is never looked up', (t) => {
  t.is(terminfo('-x'), null);
  t.is(terminfo('../../etc/passwd'), null);
  t.is(terminfo('no-such-terminal-anywhere'), null);
});

/** [TERM, colours with COLORTERM unset, ACS in and out, OSC strings]. */
const entries: [string, 256 | 16 | 8 | 0, string | null, boolean][] = [
  ['xterm', 8, '\x1b(0 \x1b(B', true],
  ['xterm-256color', 256, '\x1b(0 \x1b(B', true],
  ['screen', 8, '\x0e \x0f', false],
  ['tmux-256color', 256, '\x0e \x0f', true],
  ['linux', 8, '\x0e \x0f', false],
  ['vt100', 0, '\x0e \x0f', false],
];
for (const [term, colors, acs, osc] of entries) {
  test(`${term}: ${colors || 'no'} colours, ACS ${JSON.stringify(acs)} when not UTF-8, ${osc ? 'with' : 'no'} OSC strings or links`, (t) => {
    const outer = outerTerminal({ term, truecolor: false, utf8: false }, 'auto', fixture(term));
    t.is(outer.colors, colors);
    t.is(outer.acs && `${outer.acs.enter} ${outer.acs.exit}`, acs);
    t.is(outer.osc, osc);
    t.is(outer.hyperlinks, osc);
    t.is(outerTerminal({ term, truecolor: true, utf8: true }, 'auto', fixture(term)).colors, 'truecolor');
    t.is(outerTerminal({ term, truecolor: false, utf8: true }, 'auto', fixture(term)).acs, null, 'UTF-8 draws lines in Unicode');
  });
}

test('screen and vt100 designate the graphics set once (enacs); linux maps ACS characters through its acsc', (t) => {
  t.is(outerTerminal({ term: 'screen', truecolor: false, utf8: false }, 'auto', fixture('screen')).acs?.enable, '\x1b(B\x1b)0');
  t.is(outerTerminal({ term: 'linux', truecolor: false, utf8: false }, 'auto', fixture('linux')).acs?.enable, '\x1b)0');
  t.is(outerTerminal({ term: 'linux', truecolor: false, utf8: false }, 'auto', fixture('linux')).acs?.chars.get('q'), 'q');
});

test('terminfo Tc, RGB or a 24-bit colors count mean truecolor; [ui] truecolor overrides both ways', (t) => {
  const facts = { term: 'x', truecolor: false, utf8: true };
  t.is(outerTerminal(facts, 'auto', parseInfocmp('\tTc,\n\tcolors#0x100,\n')).colors, 'truecolor');
  t.is(outerTerminal(facts, 'auto', parseInfocmp('\tRGB,\n\tcolors#8,\n')).colors, 'truecolor');
  t.is(outerTerminal(facts, 'auto', parseInfocmp('\tcolors#0x1000000,\n')).colors, 'truecolor');
  t.is(outerTerminal(facts, 'off', parseInfocmp('\tTc,\n\tcolors#0x1000000,\n')).colors, 256);
  t.is(outerTerminal({ ...facts, truecolor: true }, 'off', fixture('xterm')).colors, 8);
  t.is(outerTerminal(facts, 'on', fixture('vt100')).colors, 'truecolor');
});

test('an entry without acsc draws lines in ASCII', (t) => {
  t.is(outerTerminal({ term: 'x', truecolor: false, utf8: false }, 'auto', parseInfocmp('\tcolors#8,\n')).acs, null);
});

/** Without an entry on the server: [TERM, colours, ACS with ESC ( 0, OSC strings]. */
const guesses: [string, 'truecolor' | 256 | 16 | 8 | 0, boolean, boolean][] = [
  ['xterm-kitty', 8, true, true],
  ['alacritty-256color', 256, true, true],
  ['foot-direct', 'truecolor', true, true],
  ['rxvt-unicode-88color', 16, true, true],
  ['screen.xterm-256color', 256, true, false],
  ['linux', 8, true, false],
  ['vt220', 0, true, false],
  ['dumb', 0, false, false],
];
for (const [term, colors, acs, osc] of guesses) {
  test(`${term} without terminfo is guessed from its name: ${colors || 'no'} colours, ${acs ? 'ACS' : 'ASCII'}, ${osc ? 'OSC' : 'no OSC'}`, (t) => {
    const outer = outerTerminal({ term, truecolor: false, utf8: false }, 'auto', null);
    t.is(outer.colors, colors);
    t.is(outer.acs?.enter ?? null, acs ? '\x1b(0' : null);
    t.is(outer.osc, osc);
  });
}

test('XTGETTCAP asks for Tc and RGB apart, only when nothing said truecolor and the terminal parses such strings', (t) => {
  const xterm = outerTerminal({ term: 'xterm-256color', truecolor: false, utf8: true }, 'auto', fixture('xterm-256color'));
  t.is(truecolorQuery(xterm, 'auto'), '\x1bP+q5463\x1b\\\x1bP+q524742\x1b\\');
  t.is(truecolorQuery(xterm, 'off'), '');
  t.is(truecolorQuery({ ...xterm, colors: 'truecolor' }, 'auto'), '');
  t.is(truecolorQuery(outerTerminal({ term: 'linux', truecolor: false, utf8: true }, 'auto', fixture('linux')), 'auto'), '');
});

const answers: [string, string, boolean][] = [
  ['Tc granted', '\x1bP1+r5463\x1b\\', true],
  ['RGB granted with a value', '\x1bP1+r524742=382F382F38\x1b\\', true],
  ['Tc among other names', '\x1bP1+r636F6C6F7273=323536;5463\x1b\\', true],
  ['a name refused', '\x1bP0+r5463\x1b\\', false],
  ['another capability granted', '\x1bP1+r636F6C6F7273=323536\x1b\\', false],
  ['a malformed answer', '\x1bP1+r54\x1b[63\x1b\\', false],
];
for (const [what, answer, granted] of answers) {
  test(`an XTGETTCAP answer with ${what} ${granted ? 'grants' : 'does not grant'} truecolor`, (t) => t.is(grantsTruecolor(answer), granted));
}
