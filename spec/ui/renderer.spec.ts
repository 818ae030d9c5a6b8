import test from 'ava';
import xtermHeadless from '@xterm/headless';
import { blessedStyle, StyleCache, styleOf } from '../../lib/ui/cell-style.js';
import { LINK_MARK } from '../../lib/ui/links.js';
import type { OuterTerminal } from '../../lib/ui/outer-terminal.js';
import { CONTINUATION, renderDiff, type Cell, type Line } from '../../lib/ui/renderer.js';
import { TerminalOutput } from '../../lib/ui/terminal-output.js';

const { Terminal } = xtermHeadless;

/** Cells for plain text, every cell in `attr` (wide characters need their continuation cell added by hand). */
const row = (text: string, attr: Cell[0] = ''): Cell[] => [...text].map((ch) => [attr, ch]);
const line = (cells: Cell[], dirty = true): Line => Object.assign(cells.map((c) => [...c] as Cell), { dirty });
const screen = (...rows: Cell[][]): Line[] => rows.map((r) => line(r));

test('a dirty line that matches what the client shows produces no output', (t) => {
  t.is(renderDiff(screen(row('hello'), row('world')), screen(row('hello'), row('world'))), '');
});

test('a changed cell is written with a cursor move, its full style and a reset', (t) => {
  const olines = screen(row('hello'), row('world'));
  const lines = screen(row('hello'), row('world'));
  lines[1][3] = ['1;31', 'X'];
  t.is(renderDiff(lines, olines), '\x1b[2;4H\x1b[0;1;31mX\x1b[0m');
});

test('adjacent changed cells share one cursor move and one style', (t) => {
  const lines = screen(row('abcd'));
  lines[0][1] = ['4', 'X'];
  lines[0][2] = ['4', 'Y'];
  t.is(renderDiff(lines, screen(row('abcd'))), '\x1b[1;2H\x1b[0;4mXY\x1b[0m');
});

test('a cell with a blessed packed attribute is written in its SGR form', (t) => {
  const lines = screen(row('a'));
  lines[0][0] = [(1 << 18) | (2 << 9) | 0x1ff, 'a'];
  t.is(renderDiff(lines, screen(row('a'))), '\x1b[1;1H\x1b[0;1;32ma\x1b[0m');
});

test('a wide character is written once, not followed by its continuation', (t) => {
  const lines = screen([['', 'a'], ['', '日'], ['', CONTINUATION], ['', 'b']]);
  const olines = screen(row('a  b'));
  t.is(renderDiff(lines, olines), '\x1b[0m\x1b[1;3H \x1b[1;2H日\x1b[0m');
  t.deepEqual(olines[0].slice(0, 4), [['', 'a'], ['', '日'], ['', CONTINUATION], ['', 'b']]);
});

test('the cell after a wide character is placed explicitly, whatever width the terminal gave it', (t) => {
  const lines = screen([['', '日'], ['', CONTINUATION], ['', 'x']]);
  t.is(renderDiff(lines, screen(row('   '))), '\x1b[0m\x1b[1;2H \x1b[1;1H日\x1b[1;3Hx\x1b[0m');
});

/** [where, new cells, what the client shows, expected bytes]. */
const orphans: [string, Cell[], Cell[], string][] = [
  ['at the start of a line', [['', CONTINUATION], ['', 'b']], row('zb'), '\x1b[1;1H\x1b[0m \x1b[0m'],
  ['after another continuation', [['', '日'], ['', CONTINUATION], ['', CONTINUATION]], [['', '日'], ['', CONTINUATION], ['', 'z']], '\x1b[1;3H\x1b[0m \x1b[0m'],
];
for (const [where, cells, shown, expected] of orphans) {
  test(`an orphan continuation ${where} is drawn as a blank`, (t) => {
    t.is(renderDiff(screen(cells), screen(shown)), expected);
  });
}

test('olines is brought up to date, so the same frame drawn again produces nothing', (t) => {
  const olines = screen(row('....'), row('....'));
  const lines = screen([['', '日'], ['', CONTINUATION], ['31', 'x'], ['', ' ']], row('.ab.', '7'));
  t.not(renderDiff(lines, olines), '');
  for (const l of lines) l.dirty = true;
  t.is(renderDiff(lines, olines), '');
});

test('lines that are not dirty, or that the client has no row for, are skipped', (t) => {
  const lines = [line(row('new'), false), line(row('new'))];
  t.is(renderDiff(lines, [line(row('old'))]), '');
});

const packed: [string, number, string][] = [
  ['default colours and no flags', (0x1ff << 9) | 0x1ff, ''],
  ['bold underline red on blue', ((1 | 2) << 18) | (1 << 9) | 4, '1;4;31;44'],
  ['blink inverse invisible', ((4 | 8 | 16) << 18) | (0x1ff << 9) | 0x1ff, '5;7;8'],
  ['a bright foreground and background', (9 << 9) | 12, '91;104'],
  ['256-colour foreground and background', (200 << 9) | 17, '38;5;200;48;5;17'],
];
for (const [what, attr, style] of packed) {
  test(`blessed ${what} is the SGR ${JSON.stringify(style)}`, (t) => t.is(blessedStyle(attr), style));
}

/** The style of every cell on the first row after writing `data` to a headless xterm. */
async function stylesOf(data: string): Promise<{ direct: string[]; cached: string[] }> {
  const term = new Terminal({ cols: 20, rows: 5, allowProposedApi: true });
  await new Promise<void>((resolve) => term.write(data, resolve));
  const cache = new StyleCache();
  const direct: string[] = [];
  const cached: string[] = [];
  const buf = term.buffer.active.getLine(0)!;
  for (let x = 0; x < [...data.replace(/\x1b\[[0-9;]*m/g, '')].length; x++) {
    const cell = buf.getCell(x)!;
    direct.push(styleOf(cell));
    cached.push(cache.of(cell));
  }
  term.dispose();
  return { direct, cached };
}

const xtermStyles: [string, string, string[]][] = [
  ['bold italic red', '\x1b[1;3;31mA\x1b[0mb', ['1;3;31', '']],
  ['dim strikethrough', '\x1b[2;9mA', ['2;9']],
  ['underline inverse overline', '\x1b[4;7;53mA', ['4;7;53']],
  ['bright and 256-colour palettes', '\x1b[91;48;5;200mA', ['91;48;5;200']],
  ['truecolor (kept; the renderer reduces it per client)', '\x1b[38;2;10;20;30;48;2;255;0;0mA', ['38;2;10;20;30;48;2;255;0;0']],
  ['cells differing only in background colour or flags', '\x1b[31mA\x1b[2mB\x1b[22;3mC\x1b[23;44mD\x1b[45mE', ['31', '2;31', '3;31', '31;44', '31;45']],
  ['cells of different styles side by side', '\x1b[31mA\x1b[32mB\x1b[1;31mC\x1b[31;22mD', ['31', '32', '1;31', '31']],
];
for (const [what, data, expected] of xtermStyles) {
  test(`an xterm cell in ${what} has the style ${expected.join(' | ')}, cached or not`, async (t) => {
    const { direct, cached } = await stylesOf(data);
    t.deepEqual(direct, expected);
    t.deepEqual(cached, expected);
  });
}

test('a cell followed by a continuation is drawn as one wide character, its second column blanked first', (t) => {
  const olines = screen([['', 'a'], ['', 'b']]);
  const lines = screen([['', '漢'], ['', CONTINUATION]]);
  t.is(renderDiff(lines, olines), '\x1b[0m\x1b[1;2H \x1b[1;1H漢\x1b[0m');
});

/** What an outer terminal gets: [what, outer, cells, expected bytes]. */
const vt100Acs = { enable: '', enter: '\x0e', exit: '\x0f', chars: new Map([['q', 'q'], ['x', 'x'], ['`', '`']]) };
const base = { term: 't', colors: 'truecolor' as const, utf8: true, acs: null, osc: true, hyperlinks: true };
const outputs: [string, OuterTerminal, Cell[], string][] = [
  ['a truecolor cell on 8 colours is its nearest colour, bright as bold', { ...base, colors: 8 }, [['38;2;255;0;0', 'X']], '\x1b[1;1H\x1b[0;1;31mX\x1b[0m'],
  ['a rule on a non-UTF-8 terminal with ACS is one run in the graphics set', { ...base, utf8: false, acs: vt100Acs }, row('a──│b'), '\x1b[1;1H\x1b[0ma\x0eqqx\x0fb\x1b[0m'],
  ['a rule on a terminal without ACS is ASCII', { ...base, utf8: false }, row('┌─┐'), '\x1b[1;1H\x1b[0m+-+\x1b[0m'],
  ['a symbol that the terminal\'s acsc lacks is its ASCII form', { ...base, utf8: false, acs: vt100Acs }, row('◆▒'), '\x1b[1;1H\x1b[0m\x0e`\x0f:\x1b[0m'],
  ['pane text that is not ASCII is ? on a non-UTF-8 terminal', { ...base, utf8: false }, row('né'), '\x1b[1;1H\x1b[0mn?\x1b[0m'],
  ['a wide character is ?? there, and the next cell stays in its column', { ...base, utf8: false }, [['', '日'], ['', CONTINUATION], ['', 'x']], '\x1b[0m\x1b[1;2H \x1b[1;1H??\x1b[1;3Hx\x1b[0m'],
  ['UTF-8 is sent as it is', base, row('é─'), '\x1b[1;1H\x1b[0mé─\x1b[0m'],
];
for (const [what, outer, cells, expected] of outputs) {
  test(`renderDiff: ${what}`, (t) => {
    t.is(renderDiff(screen(cells), screen(row(' '.repeat(cells.length))), new TerminalOutput(outer)), expected);
  });
}

test('linked cells are wrapped in one OSC 8 link that closes before the next unlinked cell', (t) => {
  const link = `31${LINK_MARK}id=p-1;https://example.com/a`;
  const cells: Cell[] = [['', 'a'], [link, 'L'], [link, 'K'], ['31', 'b']];
  t.is(
    renderDiff(screen(cells), screen(row('    ')), new TerminalOutput(base)),
    '\x1b[1;1H\x1b[0ma\x1b[0;31m\x1b]8;id=p-1;https://example.com/a\x1b\\LK\x1b[0;31m\x1b]8;;\x1b\\b\x1b[0m',
  );
});

test('a link at the end of a frame is closed, and a terminal without OSC 8 gets only the colours', (t) => {
  const cells: Cell[] = [[`${LINK_MARK}id=p-1;https://example.com/`, 'L']];
  t.is(renderDiff(screen(cells), screen(row(' ')), new TerminalOutput(base)), '\x1b[1;1H\x1b[0m\x1b]8;id=p-1;https://example.com/\x1b\\L\x1b]8;;\x1b\\\x1b[0m');
  t.is(renderDiff(screen(cells), screen(row(' ')), new TerminalOutput({ ...base, hyperlinks: false })), '\x1b[1;1H\x1b[0mL\x1b[0m');
});
