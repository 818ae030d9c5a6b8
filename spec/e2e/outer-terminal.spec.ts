// What reaches a client follows its outer terminal: the real thurm attached under each TERM
// and locale, with one server for the file whose left pane prints a truecolour word, text
// that is not ASCII and an OSC 8 link. The harness terminal (@xterm/headless) reads it back.
import test from 'ava';
import { Connection } from '../../lib/cli/connection.js';
import { PROTOCOL_VERSION } from '../../lib/server/protocol.js';
import { linkIdOf, linkUri } from '../../lib/term/links.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

const SCRIPT = [
  "printf '\\033[38;2;255;0;0mRED\\033[0m\\n'",
  "printf 'caf\\303\\251 \\346\\227\\245\\346\\234\\254|end\\n'",
  "printf '\\033]8;;https://example.com/thurm\\033\\\\LINK\\033]8;;\\033\\\\|after\\n'",
  "printf 'READY\\n'",
  'exec cat',
].join('; ');

const env = new ThurmEnv();

test.before(async () => {
  await env.ok(['new', '-d', '--size', '100x29', '--', 'sh', '-c', SCRIPT]);
  await env.ok(['split', '--', 'sh', '-c', 'printf "right\\n"; exec cat']);
  await waitUntil(async () => (await env.capture('1')).includes('READY'), 'the left pane printed everything');
});

test.after.always(() => env.cleanup());

/** A client attached with this TERM, locale and COLORTERM, once it shows the whole left pane. */
async function attach(t: { teardown(fn: () => void): void }, term: string, lang: string, colorterm = ''): Promise<TestTerminal> {
  const client = new TestTerminal(process.execPath, [BIN, 'attach'], { ...env.env, TERM: term, LANG: lang, COLORTERM: colorterm }, 100, 30);
  t.teardown(() => client.kill());
  await client.waitFor((s) => s.includes('READY') && s.includes('[default]'), 'the attached screen');
  return client;
}

interface Expected {
  /** The SGR parameters RED is drawn with ('' for none). */
  red: string;
  /** How lines arrive: Unicode, the ACS after this switch, or ASCII. */
  lines: 'unicode' | 'ascii' | string;
  link: boolean;
}

const cases: [string, string, string, Expected][] = [
  ['xterm-256color', 'C.UTF-8', 'truecolor', { red: '38;2;255;0;0', lines: 'unicode', link: true }],
  ['xterm-256color', 'C.UTF-8', '', { red: '38;5;196', lines: 'unicode', link: true }],
  ['xterm', 'C.UTF-8', '', { red: '1;31', lines: 'unicode', link: true }],
  ['xterm', 'C', '', { red: '1;31', lines: '\x1b(0', link: true }],
  ['screen', 'C.UTF-8', '', { red: '1;31', lines: 'unicode', link: false }],
  ['tmux-256color', 'C.UTF-8', '', { red: '38;5;196', lines: 'unicode', link: true }],
  ['tmux-256color', 'POSIX', '', { red: '38;5;196', lines: '\x0e', link: true }],
  ['linux', 'C', '', { red: '1;31', lines: '\x0e', link: false }],
  ['vt100', 'C', '', { red: '', lines: '\x0e', link: false }],
  ['no-such-terminal', 'C', '', { red: '', lines: 'ascii', link: false }],
];

for (const [term, lang, colorterm, want] of cases) {
  const colours = want.red === '' ? 'no colours' : `RED as ${want.red}`;
  const lines = want.lines === 'unicode' ? 'Unicode lines' : want.lines === 'ascii' ? 'ASCII lines' : `ACS lines (${JSON.stringify(want.lines)})`;
  const title = `TERM=${term} LANG=${lang}${colorterm ? ` COLORTERM=${colorterm}` : ''}: ${colours}, ${lines}, ${want.link ? 'the link' : 'no link'}`;
  test.serial(title, async (t) => {
    const client = await attach(t, term, lang, colorterm);
    const raw = client.raw;
    // (Leaving the graphics set may come between the colour and the text.)
    t.true(raw.includes(`\x1b[0${want.red ? `;${want.red}` : ''}m${want.lines === '\x0e' ? '\x0f' : want.lines === '\x1b(0' ? '\x1b(B' : ''}RED`), 'RED in its reduced colour');
    if (want.red !== '38;2;255;0;0') t.false(raw.includes('38;2;'), 'no 24-bit colour');
    if (!want.red.startsWith('38;')) t.false(raw.includes('38;5;'), 'no 256-colour index');
    const at = client.find('RED')!;
    const red = client.cell(at.x, at.y);
    if (want.red === '') t.truthy(red.isFgDefault());
    else t.is(red.getFgColor(), want.red.startsWith('38;2') ? 0xff0000 : want.red.startsWith('38;5') ? 196 : 1);
    const screen = client.text();
    if (want.lines === 'unicode') {
      t.true(screen.includes('━') && screen.includes('│'), 'box drawing in Unicode');
      t.true(screen.includes('café 日本|end'));
    } else {
      t.false(/[^\x00-\x7f]/.test(raw), 'nothing but ASCII reaches a terminal whose locale is not UTF-8');
      t.true(screen.includes('caf? ????|end'), 'each column of text that is not ASCII is one ?');
      if (want.lines === 'ascii') t.regex(screen, /^-+ 1 .*-\|-+ 2 /m);
      else {
        t.true(raw.includes(`${want.lines}q`), 'the rule in the graphics set');
        t.regex(screen, /^─+ 1 .*│─+ 2 /m, 'which the terminal draws as lines');
      }
    }
    t.true(screen.includes('LINK|after'), 'the link takes its cells and no more');
    const link = client.find('LINK')!;
    const id = linkIdOf(client.cell(link.x, link.y));
    if (want.link) {
      t.regex(raw, /\x1b\]8;id=[\w-]+;https:\/\/example\.com\/thurm\x1b\\LINK\x1b\[0m\x1b\]8;;\x1b\\\|after/);
      t.is(linkUri(client.term, id), 'https://example.com/thurm');
      t.is(linkIdOf(client.cell(link.x + 4, link.y)), 0, 'the link ends with its text');
    } else {
      t.false(raw.includes('\x1b]8;'), 'no OSC 8 for a terminal that may print it');
      t.is(id, 0);
    }
    if (want.red === '') t.truthy(client.cell(0, 29).isInverse(), 'the status line in reverse video without colours');
  });
}

test.serial('OSC strings (the title) go only to terminals that parse them', async (t) => {
  const xterm = await attach(t, 'xterm', 'C.UTF-8');
  await waitUntil(() => xterm.raw.includes('\x1b]2;default: '), 'the title set');
  xterm.kill();
  const linux = await attach(t, 'linux', 'C.UTF-8');
  t.false(linux.raw.includes('\x1b]'), 'no OSC at all on the Linux console, which would print it');
});

test.serial('an attach request without the locale field (an older client) is drawn in UTF-8', async (t) => {
  const conn = await Connection.open(env.socket);
  t.teardown(() => conn.ws.terminate());
  let frames = '';
  conn.ws.on('message', (data, isBinary) => {
    if (isBinary) frames += data.toString();
  });
  await conn.request('attach', { version: PROTOCOL_VERSION, size: { cols: 100, rows: 30 }, term: 'vt100', truecolor: false });
  await waitUntil(() => frames.includes('READY'), 'a frame with the left pane');
  t.true(frames.includes('café'));
  t.true(frames.includes('│'));
});

test.serial('a terminal that answers XTGETTCAP for Tc is sent 24-bit colour from then on, and the answer never reaches a pane', async (t) => {
  const client = await attach(t, 'xterm-256color', 'C.UTF-8');
  t.true(client.raw.includes('\x1bP+q5463\x1b\\'), 'the query for Tc');
  t.false(client.raw.includes('38;2;'));
  // The harness terminal does not know XTGETTCAP: answer as one that does (a refusal first).
  client.write('\x1bP0+r524742\x1b\\\x1bP1+r5463\x1b\\');
  // The bytes arrive before the harness terminal has parsed them: wait for the parsed cell too.
  const redIsRgb = () => {
    const at = client.find('RED');
    return at !== null && client.cell(at.x, at.y).isFgRGB();
  };
  await waitUntil(() => client.raw.includes('\x1b[0;38;2;255;0;0mRED') && redIsRgb(), 'RED redrawn in 24-bit colour');
  t.true(client.raw.includes('\x1b[0;38;2;255;0;0mRED'));
  t.true(redIsRgb());
  client.write('typed\r');
  await waitUntil(async () => (await env.capture('2')).includes('typed'), 'the keys after the answer in the focused pane');
  t.false((await env.capture('2')).includes('+r'));
});

test.serial('no XTGETTCAP query goes to a terminal that would print it, or when COLORTERM already said truecolor', async (t) => {
  const linux = await attach(t, 'linux', 'C.UTF-8');
  t.false(linux.raw.includes('\x1bP'));
  linux.kill();
  const rich = await attach(t, 'xterm-256color', 'C.UTF-8', 'truecolor');
  t.false(rich.raw.includes('\x1bP'));
});
