// Characters for a terminal whose locale is not UTF-8: box drawing and the VT100 symbols in
// its alternate character set (ACS) or in ASCII, thurm's own glyphs as ASCII look-alikes, and
// `?` for anything else, one per column, so no cell ever shifts. Pure tables; the renderer
// asks per cell.

/** Unicode characters that have a VT100 special graphics character (tmux's tty-acs.c, reversed). */
const ACS_OF: Record<string, string> = {};
const groups: [string, string][] = [
  ['q', '─━═╌╍┄┅┈┉╴╶╸╺╼╾'], ['x', '│┃║╎╏┆┇┊┋╵╷╹╻╽╿'],
  ['l', '┌┍┎┏╒╓╔╭'], ['k', '┐┑┒┓╕╖╗╮'], ['m', '└┕┖┗╘╙╚╰'], ['j', '┘┙┚┛╛╜╝╯'],
  ['t', '├┝┞┟┠┡┢┣╞╟╠'], ['u', '┤┥┦┧┨┩┪┫╡╢╣'], ['w', '┬┭┮┯┰┱┲┳╤╥╦'], ['v', '┴┵┶┷┸┹┺┻╧╨╩'],
  ['n', '┼┽┾┿╀╁╂╃╄╅╆╇╈╉╊╋╪╫╬'],
  ['`', '◆♦'], ['a', '▒'], ['f', '°'], ['g', '±'], ['~', '·'], ['y', '≤'], ['z', '≥'], ['{', 'π'], ['|', '≠'], ['}', '£'],
  ['o', '⎺'], ['p', '⎻'], ['r', '⎼'], ['s', '⎽'],
];
for (const [acs, chars] of groups) for (const ch of chars) ACS_OF[ch] = acs;

/** ASCII for each ACS character, as ncurses falls back when a terminal has no acsc. */
const ASCII_OF_ACS: Record<string, string> = {
  q: '-', x: '|', l: '+', k: '+', m: '+', j: '+', t: '+', u: '+', w: '+', v: '+', n: '+',
  '`': '+', a: ':', f: "'", g: '#', '~': 'o', y: '<', z: '>', '{': '*', '|': '!', '}': 'f', o: '-', p: '-', r: '-', s: '_',
};

/** thurm's own glyphs (states, progress bars, the ellipsis of cut text), shape kept in ASCII. */
const ASCII_LOOKALIKE: Record<string, string> = {
  '◆': '*', '✖': 'x', '▶': '>', '✔': 'v', '○': 'o', '█': '#', '░': '.', '…': '.', '\u00a0': ' ',
};

/** The VT100 graphics character that draws `ch`, or null when it has none. */
export function acsOf(ch: string): string | null {
  return ACS_OF[ch] ?? null;
}

/** `ch` in ASCII: itself, its look-alike, or `?` per column it takes. */
export function asciiOf(ch: string, width: number): string {
  if (ch.length === 1 && ch < '\x7f') return ch;
  const acs = ACS_OF[ch];
  return ASCII_LOOKALIKE[ch] ?? (acs ? ASCII_OF_ACS[acs] : '?'.repeat(Math.max(1, width)));
}
