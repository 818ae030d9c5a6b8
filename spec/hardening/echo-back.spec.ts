// Echo-back: everything a pane's emulator may send to its program on its own, which the program
// reads as typed input. Each reply must be in REPLIES (a fixed form, numbers at most) and none
// may carry text the program controls (a title, a DECRQSS or XTGETTCAP payload): a title that
// came back holding `\r` and a command would be run by the shell. A new reply fails here until
// it is added to the list.
import test from 'ava';
import fc from 'fast-check';
import { Pane, type PaneHooks, type PaneOptions } from '../../lib/session/pane.js';
import { FakePty } from '../helpers/fake-pty.js';
import { check, hostileStream, invariant, parseNow, streamBytes, type StreamPiece } from '../helpers/hardening.js';
import { ROOT } from '../helpers/thurm-env.js';
import fs from 'node:fs';

const VERSION = (JSON.parse(fs.readFileSync(`${ROOT}/package.json`, 'utf8')) as { version: string }).version;
const FEATURES = '?:states=idle,working,done,blocked,error:kinds=permission,question,auth';

/** Every reply the emulator may send: its name and its only form. Numbers are all a program may vary. */
const REPLIES: [string, RegExp][] = [
  ['DA1', /^\x1b\[\?1;2c$/],
  ['DA2', /^\x1b\[>0;276;0c$/],
  ['DSR 5 (status)', /^\x1b\[0n$/],
  ['DSR 6 (cursor position)', /^\x1b\[\d{1,4};\d{1,4}R$/],
  ['DECXCPR (cursor position)', /^\x1b\[\?\d{1,4};\d{1,4}R$/],
  ['DECRQM, DEC private mode', /^\x1b\[\?\d{1,10};[0-4]\$y$/],
  ['DECRQM, ANSI mode', /^\x1b\[\d{1,10};[0-4]\$y$/],
  ['DECRQSS refused', /^\x1bP0\$r\x1b\\$/],
  ['DECRQSS SGR', /^\x1bP1\$r[0-9;:]{0,80}m\x1b\\$/],
  ['DECRQSS DECSTBM', /^\x1bP1\$r\d{1,4};\d{1,4}r\x1b\\$/],
  ['DECRQSS DECSCUSR', /^\x1bP1\$r\d q\x1b\\$/],
  ['DECRQSS DECSCL', /^\x1bP1\$r6[1-5];[0-2]"p\x1b\\$/],
  ['DECRQSS DECSCA', /^\x1bP1\$r[0-2]"q\x1b\\$/],
  ['XTVERSION', new RegExp(`^\\x1bP>\\|thurm ${VERSION.replace(/\./g, '\\.')}\\x1b\\\\$`)],
  ['OSC 7501 feature answer', new RegExp(`^\\x1b\\]7501;${FEATURES.replace(/[?]/g, '\\?')}(\\x07|\\x1b\\\\)$`)],
  ['kitty keyboard flags', /^\x1b\[\?\d{1,3}u$/],
];

const EVIL = 'ZQX\r rm -rf ~';
const hostileScreen = `\x1b]2;${EVIL}\x07\x1b]1;${EVIL}\x07\x1b]0;${EVIL}\x1b\\${EVIL}\r\n`;

let fake: FakePty;
let pane: Pane;
const hooks: PaneHooks = { output() {}, title() {}, exit() {}, statusChanged() {}, notify() {}, watched: () => false, clipboard() {} };
function open(): void {
  fake = new FakePty();
  const opts: PaneOptions = { id: '1', argv: ['sh'], cwd: '/', cols: 80, rows: 24, env: {}, scrollback: 10, detection: {} as PaneOptions['detection'], spawn: fake.spawn };
  pane = new Pane(opts, hooks);
}

/** What the pane sends its program for `data`, printed as a program prints it. */
function replies(data: Uint8Array): string[] {
  fake.writes.length = 0;
  const parsed = pane.status.scan(data);
  parseNow(pane.term, data);
  parsed();
  return fake.writes.filter((w) => w.kind === 'reply').map((w) => w.data);
}

function checkReply(reply: string): void {
  invariant(REPLIES.some(([, form]) => form.test(reply)), `a reply not in the list: ${JSON.stringify(reply)}`);
  invariant(!reply.includes('ZQX') && !reply.includes(Buffer.from('ZQX').toString('hex')), `a reply carrying program text: ${JSON.stringify(reply)}`);
}

/** Each query thurm's panes may be sent, and what they answer (nothing, for most window reports). */
const QUERIES: [string, string, string[]][] = [
  ['DA1', '\x1b[c', ['\x1b[?1;2c']],
  ['DA2', '\x1b[>c', ['\x1b[>0;276;0c']],
  ['DA3 (unit id): no answer', '\x1b[=c', []],
  ['DSR 5', '\x1b[5n', ['\x1b[0n']],
  ['DSR 6', '\x1b[H\x1b[6n', ['\x1b[1;1R']],
  ['DECXCPR', '\x1b[3;4H\x1b[?6n', ['\x1b[?3;4R']],
  ['DECRQM 2026 (synchronized output)', '\x1b[?2026$p', ['\x1b[?2026;2$y']],
  ['DECRQM 25 (cursor shown)', '\x1b[?25$p', ['\x1b[?25;1$y']],
  ['DECRQM 2004 (bracketed paste)', '\x1b[?2004$p', ['\x1b[?2004;2$y']],
  ['DECRQM 1049 (alternate screen)', '\x1b[?1049$p', ['\x1b[?1049;2$y']],
  ['DECRQM of an unknown mode', '\x1b[?9999$p', ['\x1b[?9999;0$y']],
  ['DECRQM ANSI 4 (insert mode)', '\x1b[4$p', ['\x1b[4;2$y']],
  ['DECRQSS SGR', '\x1bP$qm\x1b\\', ['\x1bP1$r0m\x1b\\']],
  ['DECRQSS DECSTBM', '\x1bP$qr\x1b\\', ['\x1bP1$r1;24r\x1b\\']],
  ['DECRQSS DECSCUSR', '\x1bP$q q\x1b\\', ['\x1bP1$r2 q\x1b\\']],
  ['DECRQSS of a setting the program names is refused without naming it', `\x1bP$q${EVIL}\x1b\\`, ['\x1bP0$r\x1b\\']],
  ['XTVERSION', '\x1b[>q', [`\x1bP>|thurm ${VERSION}\x1b\\`]],
  ['CSI 21 t (title report): no answer', '\x1b[21t', []],
  ['CSI 20 t (icon label report): no answer', '\x1b[20t', []],
  ['CSI 18 t (text area size): no answer', '\x1b[18t', []],
  ['CSI 14 t (window size in pixels): no answer', '\x1b[14t', []],
  ['OSC 10 (foreground colour): no answer', '\x1b]10;?\x1b\\', []],
  ['OSC 11 (background colour): no answer', '\x1b]11;?\x07', []],
  ['OSC 12 (cursor colour): no answer', '\x1b]12;?\x07', []],
  ['OSC 4 (palette colour): no answer', '\x1b]4;1;?\x07', []],
  ['OSC 52 clipboard read: no answer', '\x1b]52;c;?\x07', []],
  ['XTGETTCAP: no answer (it would name the capability asked for)', `\x1bP+q${Buffer.from('ZQX').toString('hex')}\x1b\\`, []],
  ['OSC 7501 feature query, ST', '\x1b]7501;?\x1b\\', [`\x1b]7501;${FEATURES}\x1b\\`]],
  ['OSC 7501 feature query, BEL', '\x1b]7501;?\x07', [`\x1b]7501;${FEATURES}\x07`]],
  ['kitty keyboard flags (CSI ? u)', '\x1b[?u', ['\x1b[?0u']],
];

for (const [name, query, expected] of QUERIES) {
  test(`echo-back: ${name}`, (t) => {
    open();
    t.teardown(() => pane.dispose());
    replies(Buffer.from(hostileScreen));
    const got = replies(Buffer.from(query));
    t.deepEqual(got, expected);
    for (const r of got) t.notThrows(() => checkReply(r));
  });
}

// ---- any mix of queries, with parameters and payloads the program picks ----

const num = fc.oneof(fc.nat(3000), fc.constantFrom(0, 1, 2026, 2147483647, 4294967296, 99999999999)).map(String);
const text = fc.constantFrom('ZQX', EVIL, 'ZQX\x07', 'ZQX\x1b\\', '5a5158');
const query = fc.oneof(
  fc.constantFrom('\x1b[c', '\x1b[0c', '\x1b[>c', '\x1b[>0c', '\x1b[=c', '\x1b[5n', '\x1b[6n', '\x1b[?6n', '\x1b[>q', '\x1b[>0q', '\x1b[?u', '\x1b]7501;?\x07', '\x1b]7501;?\x1b\\', '\x1b]7501; ? \x07'),
  fc.tuple(fc.constantFrom('?', ''), num).map(([p, n]) => `\x1b[${p}${n}$p`),
  fc.tuple(fc.oneof(fc.constantFrom('11', '13', '14', '15', '16', '18', '19', '20', '21', '22;0', '23;0'), num), fc.option(num)).map(([a, b]) => `\x1b[${a}${b === null ? '' : `;${b}`}t`),
  fc.constantFrom('m', 'r', ' q', '"p', '"q', 's', 't', '$}', '*x').map((s) => `\x1bP$q${s}\x1b\\`),
  text.map((s) => `\x1bP$q${s}\x1b\\`),
  text.map((s) => `\x1bP+q${Buffer.from(s).toString('hex')};${s}\x1b\\`),
  fc.tuple(fc.constantFrom('10', '11', '12', '4;1', '4;255', '52;c', '17', '19', '7501'), fc.constantFrom('?', 'ZQX', '?;ZQX')).map(([o, q]) => `\x1b]${o};${q}\x07`),
  fc.tuple(num, num).map(([row, col]) => `\x1b[${row};${col}H\x1b[6n`),
  fc.constantFrom('\x1b[38;2;1;2;3m\x1b[4:3m', '\x1b[1;5r', '\x1b[5 q', '\x1b[>1u', '\x1b[=5;1u', '\x1b[?1049h', '\x1b[?2026h', '\x1bc', '\x1b[!p'),
  text.map((s) => `\x1b]2;${s}\x07\x1b]1;${s}\x07${s}`),
);

check({
  id: 'echo-back',
  what: 'random mixes of every known query, with parameters and payloads the program picks, after a hostile title: each reply in the list, none carrying program text',
  args: [fc.array(query, { minLength: 1, maxLength: 12 })],
  around: { before: open, after: () => pane.dispose() },
  property: (queries: string[]) => {
    for (const r of replies(Buffer.from(hostileScreen + queries.join('')))) checkReply(r);
    parseNow(pane.term, Buffer.from('\x18\x1b[!p'));
  },
});

// ---- and whatever else a program may print: no sequence makes a reply the list lacks ----

check({
  id: 'echo-back-streams',
  what: 'hostile byte streams of every sequence kind (random parameters, cut, unended, invalid UTF-8), after a hostile title: each reply in the list, none carrying program text',
  args: [hostileStream(4096)],
  around: { before: open, after: () => pane.dispose() },
  property: (pieces: StreamPiece[]) => {
    for (const r of replies(Buffer.concat([Buffer.from(hostileScreen), streamBytes(pieces)]))) checkReply(r);
    parseNow(pane.term, Buffer.from('\x18\x1bc'));
  },
});
