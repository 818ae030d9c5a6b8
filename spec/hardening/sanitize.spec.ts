// Program text on its way out (issue 14): titles, status messages, notifications, the working
// directory and the command line of a pane's program, holding ESC, C0 and C1 controls (as code
// points and as raw bytes), bidi overrides, invisible characters, blessed tags, lone surrogates
// and up to 1 MB, reach a client's terminal and the CLI's human output only sanitised and capped.
// Property checks drive each sanitiser, then a real Mux, client screen and CLI print path; one
// trial does it through bin/thurm and reads the bytes an attached client and the CLI get.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import xtermHeadless from '@xterm/headless';
import fc from 'fast-check';
import type { Command, CommandContext } from '../../lib/commands/command.js';
import { dispatch } from '../../lib/commands/dispatch.js';
import { findCommand } from '../../lib/commands/index.js';
import type { Reply } from '../../lib/server/protocol.js';
import { MAX_SHOWN_COMMAND, MAX_TITLE, printable, printableLines, safeJson, sanitizeText } from '../../lib/sanitize.js';
import { DEFAULT_CONFIG } from '../../lib/session/config.js';
import type { MuxEvent } from '../../lib/session/events.js';
import { Mux } from '../../lib/session/mux.js';
import { charWidth, type Line } from '../../lib/ui/cells.js';
import { ClientScreen } from '../../lib/ui/client-screen.js';
import { DEFAULT_FACTS, outerTerminal } from '../../lib/ui/outer-terminal.js';
import { TerminalOutput } from '../../lib/ui/terminal-output.js';
import { putText, textWidth, truncate } from '../../lib/ui/text-cells.js';
import { FakeProcesses } from '../helpers/fake-proc.js';
import { FakePty } from '../helpers/fake-pty.js';
import { check, invariant } from '../helpers/hardening.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { n, trial } from '../helpers/trials.js';
import { waitUntil } from '../helpers/wait.js';

const MB = 1024 * 1024;

/** What program text must never carry to a terminal: C0, DEL, C1, bidi controls, zero-width and invisible formatting. */
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/u;
/** The same for text rather than labels: the zero-width joiner and non-joiner are text (see sanitize.ts). */
const FORBIDDEN_IN_TEXT = /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028-\u202e\u2060-\u2069\ufeff]/u;
/** The same, for text whose own newlines are layout (the CLI's lines). */
const FORBIDDEN_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028-\u202e\u2060-\u2069\ufeff]/u;
/** The characters of the C0 and C1 sets alone (what putText guards against whatever it is given). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

const shown = (s: string) => JSON.stringify(s.length > 120 ? `${s.slice(0, 120)}…` : s);
const firstBad = (s: string, re = FORBIDDEN) => {
  const m = new RegExp(re.source, 'u').exec(s);
  return m ? `U+${m[0].codePointAt(0)!.toString(16).padStart(4, '0')} at ${m.index} of ${shown(s.slice(Math.max(0, m.index - 20), m.index + 20))}` : '';
};

// ---- hostile text ----

/** A piece of hostile text; `raw`: its characters are bytes (latin1), so a pane gets a stray 0x9b rather than its UTF-8. */
type Unit = [text: string, raw: boolean];
/** Units, the one at `at` repeated `times` over (at most about 1 MB), so a huge text is a small fixture. */
type Hostile = [units: Unit[], at: number, times: number];

const SEQUENCES = [
  '\x1b', '\x1b[31m', '\x1b[2J', '\x1b[?1049h', '\x1b]0;pwned\x07', '\x1b]2;pwned\x1b\\', '\x1b]8;;https://evil.example/\x1b\\', '\x1b]52;c;cHduZWQ=\x07',
  '\x1bP$q"p\x1b\\', '\x1b_apc\x1b\\', '\x1bc', '\x1b[6n', '\x1b]', '\x1b[', '\u009b2J', '\u009d0;pwned\u009c', '\x07', '\r\n', '\t', '\x7f',
];
const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];
const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u034f', '\u2028', '\u2029', '\u{e0041}', '\ufffc'];
const TAGS = ['{red-fg}', '{/red-fg}', '{/}', '{bold}', '{/bold}', '{open}', '{close}', '{|}', '{center}', '{#ff0000-bg}', '{escape}', '{/escape}'];
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];
const PLAIN = ['a', 'A', ' ', 'é', 'e\u0301', '日本', '🚀', ';', ':', '=', '\\', '"', '~/src', '0'];

const chars = (s: fc.Arbitrary<string>): fc.Arbitrary<Unit> => s.map((t) => [t, false]);
const unit: fc.Arbitrary<Unit> = fc.oneof(
  { weight: 3, arbitrary: chars(fc.constantFrom(...SEQUENCES)) },
  { weight: 2, arbitrary: chars(fc.integer({ min: 0, max: 0x20 }).map((c) => String.fromCharCode(c === 0x20 ? 0x7f : c))) },
  // C1 as code points (UTF-8 C2 80-C2 9F to a pane) and as raw bytes (a lone 0x80-0x9F), and C1 CSI's UTF-8 as raw bytes.
  { weight: 2, arbitrary: chars(fc.integer({ min: 0x80, max: 0x9f }).map((c) => String.fromCharCode(c))) },
  { weight: 2, arbitrary: fc.integer({ min: 0x80, max: 0xff }).map((c): Unit => [String.fromCharCode(c), true]) },
  { weight: 1, arbitrary: fc.constant<Unit>(['\xc2\x9b', true]) },
  { weight: 3, arbitrary: chars(fc.constantFrom(...BIDI)) },
  { weight: 2, arbitrary: chars(fc.constantFrom(...INVISIBLE)) },
  { weight: 3, arbitrary: chars(fc.constantFrom(...TAGS)) },
  { weight: 1, arbitrary: chars(fc.constantFrom(...LONE_SURROGATES)) },
  { weight: 4, arbitrary: chars(fc.constantFrom(...PLAIN)) },
  { weight: 1, arbitrary: chars(fc.string({ unit: 'binary', maxLength: 4 })) },
);

/** Hostile text, now and then with a unit repeated up to 1 MB. */
const hostile = (): fc.Arbitrary<Hostile> => fc.tuple(
  fc.array(unit, { minLength: 1, maxLength: 12 }),
  fc.nat(11),
  fc.oneof({ weight: 40, arbitrary: fc.integer({ min: 1, max: 4 }) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: MB }) }),
);

function expand([units, at, times]: Hostile): Unit[] {
  const i = at % units.length;
  const [s, raw] = units[i];
  // At most about 1 MB, however long the unit.
  const out = [...units];
  out[i] = [s.repeat(Math.max(1, Math.min(times, Math.ceil(MB / Math.max(1, s.length))))), raw];
  return out;
}

/** The hostile text as a string (a raw unit's bytes are its characters, as latin1 reads them). */
const textOf = (h: Hostile) => expand(h).map(([s]) => s).join('');

/** The text inside an OSC string: the emulator ends or aborts the string on any C0 or C1 control, so none can get in. */
const oscText = (h: Hostile) => textOf(h).replace(/[\u0000-\u001f\u007f-\u009f]/g, '');

// ---- property checks: each sanitiser, and the text cells of the border and status line ----

const STYLE = '1;32';

check({
  id: 'sanitize-functions',
  what: 'hostile text (ESC, C0, C1 as code points and bytes, bidi, zero-width, blessed tags, lone surrogates, up to 1 MB) through sanitizeText, printable, printableLines, safeJson, truncate and putText: no control or bidi character out, caps kept, tags shown as text',
  args: [hostile(), fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 300 })],
  cases: 300,
  fullCases: 20_000,
  property: (h: Hostile, max: number, width: number) => {
    const raw = textOf(h);
    for (const cap of [undefined, max]) {
      const out = cap === undefined ? sanitizeText(raw) : sanitizeText(raw, cap);
      invariant(!FORBIDDEN.test(out), `sanitizeText(text, ${cap}) kept ${firstBad(out)}`);
      invariant([...out].length <= (cap ?? MAX_TITLE), `sanitizeText(text, ${cap}) gave ${[...out].length} code points`);
    }
    // The CLI's escapes: readable, inert, and each character at most 8 characters long (`\u{202e}`).
    const p = printable(raw);
    invariant(!FORBIDDEN_IN_TEXT.test(p), `printable kept ${firstBad(p, FORBIDDEN_IN_TEXT)}`);
    invariant(p.length <= 8 * raw.length, `printable made ${raw.length} UTF-16 units ${p.length} long`);
    const lines = printableLines(raw);
    invariant(!FORBIDDEN_BUT_NEWLINE.test(lines), `printableLines kept ${firstBad(lines, FORBIDDEN_BUT_NEWLINE)}`);
    invariant(lines.split('\n').length === raw.split('\n').length, 'printableLines added or removed a line');
    const json = safeJson(JSON.stringify({ text: raw }, null, 2));
    invariant(!FORBIDDEN_BUT_NEWLINE.test(json), `safeJson kept ${firstBad(json, FORBIDDEN_BUT_NEWLINE)}`);
    invariant((JSON.parse(json) as { text: string }).text === raw, 'safeJson changed the value');

    // The border and the status line: sanitised text cut to its room, then put into cells.
    const clean = sanitizeText(raw, 4096);
    const cut = truncate(clean, width);
    invariant(textWidth(cut) <= width, `truncate to ${width} gave ${textWidth(cut)} columns`);
    const line = blankLine(width + 2);
    const end = putText(line, 1, cut, STYLE);
    invariant(end <= width + 1, `putText wrote up to column ${end} of ${width + 1}`);
    const cells = line.slice(1, end);
    invariant(cells.every(([style]) => style === STYLE), 'a cell of the text changed style (a tag took effect)');
    invariant(cells.every(([, ch]) => !FORBIDDEN.test(ch)), `a cell holds ${firstBad(cells.map(([, ch]) => ch).join(''))}`);
    // Every character of the cut text is in the cells as it is, braces included: `{red-fg}` shows as 8 characters.
    let leading = 0;
    for (const ch of cut) {
      if (charWidth(ch) !== 0) break;
      leading += ch.length;
    }
    const drawn = cells.map(([, ch]) => ch).join('');
    invariant(drawn === cut.slice(leading), `cells ${shown(drawn)} are not the text ${shown(cut)}`);

    // Whatever it is given, putText's own guard keeps C0 and C1 out of the cells.
    const guarded = blankLine(80);
    putText(guarded, 0, [...raw].slice(0, 4096).join(''), STYLE);
    invariant(guarded.every(([, ch]) => !CONTROL.test(ch)), 'putText let a control character into a cell');
    // A client whose locale is not UTF-8 gets OSC text (titles, notifications) in ASCII.
    const ascii = new TerminalOutput({ ...outerTerminal({ ...DEFAULT_FACTS, utf8: false }, 'auto') }).plain(clean);
    invariant(/^[\x20-\x7e]*$/.test(ascii), `plain() for an ASCII client gave ${shown(ascii)}`);
  },
});

function blankLine(width: number): Line {
  return Array.from({ length: width }, (): [string, string] => ['', ' ']);
}

// ---- what a client is sent ----

/** thurm's own sequences: CSI, OSC (titles, links, notifications, clipboard, status) and its XTGETTCAP queries. */
const OWN_SEQUENCE = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\](\d+);([^\x07\x1b]*)(?:\x07|\x1b\\)|\x1bP\+q[0-9A-Fa-f;]*\x1b\\|\x1b[>=]/y;
const OWN_OSC = new Set([2, 8, 9, 52, 777, 7501]);

interface Sent { text: string; osc: Array<[number, string]> }

/** Splits what a client is sent into its text and its OSC strings; fails on any escape thurm does not send itself. */
function parseSent(out: string): Sent {
  const sent: Sent = { text: '', osc: [] };
  let at = 0;
  for (;;) {
    const esc = out.indexOf('\x1b', at);
    sent.text += out.slice(at, esc < 0 ? undefined : esc);
    if (esc < 0) return sent;
    OWN_SEQUENCE.lastIndex = esc;
    const m = OWN_SEQUENCE.exec(out);
    invariant(m, `an escape thurm does not send: ${shown(out.slice(esc, esc + 60))}`);
    if (m[1] !== undefined) {
      invariant(OWN_OSC.has(Number(m[1])), `OSC ${m[1]} sent: ${shown(m[0])}`);
      sent.osc.push([Number(m[1]), m[2]]);
    }
    at = OWN_SEQUENCE.lastIndex;
  }
}

/**
 * What a client got holds no program control or bidi character, outside thurm's sequences or
 * inside the OSC strings it builds from program text; titles and notifications are capped.
 */
function checkSent(out: string, session: string): void {
  const sent = parseSent(out);
  invariant(!FORBIDDEN.test(sent.text), `a client was sent ${firstBad(sent.text)}`);
  for (const [num, body] of sent.osc) {
    invariant(!FORBIDDEN.test(body), `OSC ${num} carried ${firstBad(body)}`);
    if (num === 2) {
      // `◆ session: 1 ` and the pane's title.
      const title = body.replace(new RegExp(`^(?:\\S )?${session}: \\d+ `), '');
      invariant([...title].length <= MAX_TITLE, `an outer title of ${[...title].length} code points`);
    }
    if (num === 9 && !body.startsWith('4;')) {
      const note = body.replace(/^thurm pane \d+: /, '');
      invariant([...note].length <= 200, `a desktop notification of ${[...note].length} code points`);
    }
    if (num === 7501) {
      const msg = /:msg=([A-Za-z0-9+/=]*)/.exec(body)?.[1];
      if (msg !== undefined) {
        const decoded = Buffer.from(msg, 'base64');
        invariant(decoded.length <= 2048, `an outer status message of ${decoded.length} bytes`);
        invariant(!FORBIDDEN.test(decoded.toString('utf8')), `the outer status message carried ${firstBad(decoded.toString('utf8'))}`);
      }
    }
  }
}

// ---- what the CLI prints ----

/**
 * The most `list`, `info` or `agent explain` may print for one pane: its longest fields are a
 * cwd of 4 KiB, status text of 4,096 characters and a command line of MAX_SHOWN_COMMAND, each
 * character at most 4 bytes once escaped.
 */
const CLI_CAP = 64 * 1024;
const CLI_COMMANDS: Array<[string, Record<string, unknown>, RegExp]> = [
  ['list', { type: 'list' }, /^\d+: /],
  ['info', { type: 'info' }, /^pane \d+/],
  ['agent explain', { type: 'agent-explain', pane: '1' }, /^pane \d+: /],
];

/** A command's human output as the CLI prints it: its print(), then made inert unless it did that itself. */
function human(command: Command<any, any>, result: unknown): string {
  const text = command.print?.(result) ?? '';
  return command.sanitizesOutput ? text : printableLines(text);
}

/** Checks the CLI's human and JSON output of list, info and agent explain for a one-pane session. */
async function checkCli(mux: Mux): Promise<void> {
  const ctx: CommandContext = {
    mux, clients: () => [], shutdown: () => {}, upgrade: async () => ({ pid: 0 }), renameSession: async () => {},
  };
  for (const [name, request, paneLine] of CLI_COMMANDS) {
    const reply = await dispatch(ctx, { id: 1, ...request });
    invariant(reply.ok, `${name}: ${reply.ok ? '' : reply.error.message}`);
    // The reply crosses the socket as JSON.
    const result = JSON.parse(JSON.stringify(reply.result)) as unknown;
    const out = human(findCommand(String(request.type))!, result);
    invariant(!FORBIDDEN_BUT_NEWLINE.test(out), `${name} printed ${firstBad(out, FORBIDDEN_BUT_NEWLINE)}`);
    invariant(out.split('\n').filter((l) => paneLine.test(l)).length === 1, `${name} printed a forged pane line:\n${out.slice(0, 2000)}`);
    const bytes = Buffer.byteLength(out);
    invariant(bytes <= CLI_CAP, `${name} printed ${n(bytes)} bytes`);
    const json = safeJson(JSON.stringify(result, null, 2));
    invariant(!FORBIDDEN_BUT_NEWLINE.test(json), `${name} --json printed ${firstBad(json, FORBIDDEN_BUT_NEWLINE)}`);
  }
}

// ---- property check: a real Mux, client screen and CLI print path ----

interface World {
  mux: Mux;
  pty: FakePty;
  procs: FakeProcesses;
  client: ClientScreen;
  sent: string[];
  events: MuxEvent[];
  clock: number;
  cases: number;
}
let world: World | null = null;
const b64 = (b: Buffer) => b.toString('base64');

async function startWorld(): Promise<void> {
  const procs = new FakeProcesses(process.pid, ['sh']);
  const w: Partial<World> = { procs, sent: [], events: [], clock: Date.now(), cases: 0 };
  w.mux = new Mux({
    session: 'spec', socketPath: '/nonexistent', config: DEFAULT_CONFIG, size: { cols: 80, rows: 24 }, proc: procs.facts, now: () => world!.clock,
    spawn: (opts) => (w.pty = new FakePty(opts)),
  });
  world = w as World;
  w.mux.subscribe((e) => world!.events.push(e));
  w.mux.start({ argv: ['sh'], cwd: '/' });
  const run = async (): Promise<Reply> => ({ id: 0, ok: true, result: null });
  w.client = new ClientScreen('1', w.mux, { write: (data, done) => { world!.sent.push(data); done?.(); }, close: () => {}, suspend: () => {} },
    { cols: 80, rows: 24 }, outerTerminal(DEFAULT_FACTS, 'auto'), run);
  // The outer terminal speaks OSC 7501 (it is told the session's state), and the window chooser,
  // drawn by blessed, lists titles and status text over the panes.
  w.client.onInput(Buffer.from('\x1b]7501;?:1\x1b\\'));
  w.client.onInput(Buffer.from(`${DEFAULT_CONFIG.keys.prefixBytes}w`));
  await waitUntil(() => world!.sent.join('').includes('(current)'), 'the window chooser drawn');
}

function stopWorld(): void {
  world?.client.close('detached');
  world?.mux.end();
  world = null;
}

check({
  id: 'sanitize-exits',
  what: 'a pane sets hostile titles, status messages and notifications from a hostile cwd and argv (up to 1 MB each): an attached client and list, info and agent explain get no control or bidi character, titles, notifications and output capped',
  args: [fc.option(hostile()), hostile(), hostile(), hostile(), fc.array(hostile(), { minLength: 1, maxLength: 3 })],
  cases: 50,
  fullCases: 2000,
  around: { before: startWorld, after: stopWorld },
  property: async (title: Hostile | null, msg: Hostile, note: Hostile, cwd: Hostile, argv: Hostile[]) => {
    const w = world!;
    const c = ++w.cases;
    // Past the notification window: every case's notification is passed on.
    w.clock += 11_000;
    // As the kernel has them: a cwd of at most 4 KiB (PATH_MAX), each argument under 128 KiB.
    w.procs.cd(textOf(cwd).slice(0, 4096));
    w.procs.exec(argv.map((a) => textOf(a).slice(0, 128 * 1024)));
    w.sent.length = 0;
    w.events.length = 0;
    w.pty.output(Buffer.concat([
      // No title clears the program's: the border falls back to the command's name (argv).
      Buffer.from(`\x1b]2;${title ? oscText(title) : ''}\x07`, 'utf8'),
      Buffer.from(`\x1b]7501;state=blocked:kind=permission:app=evil:msg=${b64(Buffer.concat(expand(msg).map(([s, raw]) => Buffer.from(s, raw ? 'latin1' : 'utf8'))))}\x1b\\`),
      Buffer.from(`\x1b]9;${oscText(note)}\x07`, 'utf8'),
      Buffer.from(`\x1b]7501;state=working:id=m:app=m:title=${b64(Buffer.from(`case ${c}`))}\x1b\\`),
    ]));
    const pane = w.mux.pane(w.mux.paneIds()[0]);
    await waitUntil(() => pane.status.records.all().some((r) => r.id === 'm' && r.title === `case ${c}`), `case ${c} parsed`, 20_000);
    // A full frame of the screen as it is now: the client is one column wider or narrower.
    const before = w.sent.length;
    w.client.resize(c % 2 ? 81 : 80, 24);
    await waitUntil(() => w.sent.slice(before).some((d) => d.includes('\x1b[H\x1b[2J')), `case ${c}: a full frame`, 20_000);
    const out = w.sent.join('');
    checkSent(out, 'spec');
    invariant(Buffer.byteLength(out) <= 256 * 1024, `a client was sent ${n(Buffer.byteLength(out))} bytes for one case`);
    const notified = w.events.some((e) => e.type === 'notification' && e.notification.cause === 'program');
    if (notified) invariant(out.includes('\x1b]9;thurm pane '), 'a notification did not reach the client');
    await checkCli(w.mux);
  },
});

test.serial('a chooser row with wide characters in a title sends no ETX (blessed marks their second column with one) and shows tags as text', async (t) => {
  await startWorld();
  try {
    const w = world!;
    w.pty.output('\x1b]2;日本語 🚀 {red-fg}title{/}\x07');
    // The chooser takes the new title at its next refresh; the screen is read as a terminal shows it.
    const screen = new xtermHeadless.Terminal({ cols: 80, rows: 24, allowProposedApi: true });
    t.teardown(() => screen.dispose());
    let fed = 0;
    const row = await waitUntil(async () => {
      // Frames sent while this write is parsed are fed on the next turn, not skipped.
      const upto = w.sent.length;
      await new Promise<void>((resolve) => screen.write(w.sent.slice(fed, upto).join(''), resolve));
      fed = upto;
      return rows(screen).find((l) => l.includes('> 0: 日本語'));
    }, 'the chooser row with the new title');
    // The tags are text here too: blessed draws the chooser with tags off.
    t.regex(row, /│> 0: 日本語 🚀 \{red-fg\}title\{\/\} \(current\) +│$/);
    t.false(w.sent.join('').includes('\x03'));
  } finally {
    stopWorld();
  }
});

function rows(term: InstanceType<typeof xtermHeadless.Terminal>): string[] {
  const buf = term.buffer.active;
  return Array.from({ length: term.rows }, (_, y) => buf.getLine(buf.viewportY + y)?.translateToString(true) ?? '');
}

// ---- trial: the real binary ----

/** Runs `bin/thurm ARGS` and returns its stdout as bytes, undecoded. */
function cliBytes(env: ThurmEnv, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [BIN, ...args], { env: env.env, encoding: 'buffer', maxBuffer: 64 * MB, timeout: 20_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`thurm ${args.join(' ')}: ${err.message}: ${stderr.toString()}`));
      else resolve(stdout);
    });
  });
}

/** `s` as bash's printf format reads it: every byte as an octal escape. */
const printfBytes = (b: Buffer) => [...b].map((x) => `\\${x.toString(8).padStart(3, '0')}`).join('');

/** The longest run of `ch` in `s`: how much of a 1 MB filler got through. */
function longestRun(s: string, ch: string): number {
  let best = 0;
  let run = 0;
  for (const c of s) {
    run = c === ch ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best;
}

const HOSTILE = '{red-fg}{bold}\x1b]0;pwned\x07\u202e\u2066\u200b';
/** Bytes of the payload that must never reach a client or the CLI as they are. */
const MARKERS: Array<[string, Buffer]> = [
  ['ESC ] 0;pwned', Buffer.from('\x1b]0;pwned')],
  ['the pane\'s own OSC 2', Buffer.from('\x1b]2;TITLE')],
  ['the pane\'s own OSC 9', Buffer.from('\x1b]9;NOTE')],
  ['the pane\'s own OSC 7501', Buffer.from('\x1b]7501;state=blocked:kind=permission:app=evil')],
  ['U+202E', Buffer.from('\u202e')],
  ['U+2066', Buffer.from('\u2066')],
  ['U+200B', Buffer.from('\u200b')],
  ['U+009B as UTF-8', Buffer.from('\u009b')],
];

/** Fails on a payload marker, a stray byte (invalid UTF-8: the raw 0x9b) or a `forbidden` character in `bytes`. */
function checkBytes(what: string, bytes: Buffer, forbidden?: RegExp): string {
  for (const [name, marker] of MARKERS) invariant(!bytes.includes(marker), `${what} holds ${name} raw`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error(`${what} is not valid UTF-8: a stray byte (a raw 0x9b?) got through`);
  }
  if (forbidden) invariant(!forbidden.test(text), `${what} holds ${firstBad(text, forbidden)}`);
  return text;
}

trial({
  id: 'sanitize-exits-e2e',
  what: 'a pane in a hostile cwd with a 1 MB hostile argv sets a 1 MB hostile title (OSC 2), status message (OSC 7501) and notification (OSC 9): the bytes an attached client and `list`, `info` and `agent explain` get hold none of it raw and stay capped',
  async run(t) {
    const env = new ThurmEnv();
    t.teardown(() => env.cleanup());
    // A directory name with ESC, BEL, a newline, bidi and zero-width characters, tags, C1 as UTF-8 and a raw 0x9b byte.
    const dirName = Buffer.concat([Buffer.from(`cwd${HOSTILE}\n\u009b`), Buffer.from([0x9b]), Buffer.from('x')]);
    const dir = Buffer.concat([Buffer.from(`${env.dir}/`), dirName]);
    fs.mkdirSync(dir);
    // Each argument under the kernel's 128 KiB; nine of them make more than 1 MB.
    const argLength = 120_000;
    const bigArg = `ARGV${HOSTILE}\u009b${'D'.repeat(argLength - 40)}`;
    const payload = path.join(env.dir, 'payload.cjs');
    fs.writeFileSync(payload, `
      const fill = (c) => c.repeat(${MB});
      const hostile = ${JSON.stringify(HOSTILE.replace(/[\x00-\x1f]/g, ''))};
      const b64 = (s) => Buffer.from(s).toString('base64');
      process.stdout.write(Buffer.concat([
        // C1 (raw and as UTF-8) in a title: the emulator ends or aborts the string there.
        Buffer.from('\\x1b]2;C1 '), Buffer.from([0x9b]), Buffer.from('\\u009b\\x07'),
        // The notification first: a blocked record right after it tells of the same moment, and is not raised again.
        Buffer.from('\\x1b]9;NOTE' + hostile + fill('B') + '\\x07'),
        Buffer.from('\\x1b]7501;state=blocked:kind=permission:app=evil:msg=' + b64('MSG' + fill('C')) + '\\x1b\\\\'),
        Buffer.from('\\x1b]7501;state=blocked:kind=permission:app=evil:msg=' + b64('MSG' + hostile + 'C'.repeat(2000)) + '\\x1b\\\\'),
        Buffer.from('\\x1b]2;TITLE' + hostile + fill('A') + '\\x07'),
        Buffer.from('READY\\n'),
      ]));
    `);
    fs.writeFileSync(path.join(env.dir, 'idle.cjs'), 'setInterval(() => {}, 1 << 30);\n');
    const script = path.join(env.dir, 'hostile.sh');
    fs.writeFileSync(script, [
      `cd -- "$(printf '${printfBytes(dir)}')" || exit 1`,
      'read -r go',
      `node ${JSON.stringify(payload)}`,
      `big="$(printf '${printfBytes(Buffer.from(bigArg))}')"`,
      `exec -a "$(printf '${printfBytes(Buffer.from(`argv0${HOSTILE}\u009b`))}')" node ${JSON.stringify(path.join(env.dir, 'idle.cjs'))} ${Array(9).fill('"$big"').join(' ')}`,
      '',
    ].join('\n'));
    await env.ok(['new', '-d', '--size', '100x29', '--', 'bash', '--norc', '--noprofile', script]);
    const client = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30, { bytes: true });
    t.teardown(() => client.kill());
    await client.waitForText('[default]');
    await env.ok(['send', '--pane', '1', '--enter', 'go']);
    // The title shows with its tags as text; so does the notification in the status line.
    await client.waitForText('TITLE{red-fg}{bold}]0;pwned', 20_000);
    await client.waitForText('NOTE{red-fg}{bold}]0;pwned', 20_000);
    await client.waitFor(() => client.raw.includes('\x1b]9;thurm pane 1: NOTE'), 'the desktop notification');
    // ThurmEnv's runner keeps 1 MB of output: info --json holds the whole argv, so it is read here.
    const infoJson = async () => JSON.parse((await cliBytes(env, ['info', '--json'])).toString()).panes[0];
    const info = await waitUntil(async () => {
      const pane = await infoJson();
      return pane.foreground?.argv?.length === 11 ? pane : null;
    }, 'the program with its 1 MB argv', 20_000);

    const sizes: string[] = [];
    const clientBytes = Buffer.concat(client.bytes);
    // Its text and OSC strings, outside thurm's own sequences.
    const clientText = checkBytes('what the client got', clientBytes);
    checkSent(clientText, 'default');
    sizes.push(`client ${n(clientBytes.length)} B`);
    const outputs = [clientText];
    for (const args of [['list'], ['info'], ['agent', 'explain', '--pane', '1']]) {
      const out = await cliBytes(env, args);
      outputs.push(checkBytes(`thurm ${args.join(' ')}`, out, FORBIDDEN_BUT_NEWLINE));
      t.true(out.length <= CLI_CAP, `thurm ${args.join(' ')} printed ${n(out.length)} bytes`);
      sizes.push(`${args.slice(0, 2).join(' ')} ${n(out.length)} B`);
    }
    // What thurm kept: the title cleaned and capped, the message of 2,000 characters whole, the one of 1 MB dropped.
    t.true(/^TITLE\{red-fg\}\{bold\}\]0;pwnedA+$/.test(info.title) && [...info.title].length === MAX_TITLE, `title ${shown(info.title)}`);
    t.true(info.status.text.includes(`MSG{red-fg}{bold}]0;pwned${'C'.repeat(2000)}`), `status text ${shown(info.status.text)}`);
    // How much of each filler of 1 MB (the argument's 120 KB) any output shows.
    const fillers: Array<[string, string, number]> = [['title', 'A', MAX_TITLE], ['notification', 'B', 512], ['argv', 'D', MAX_SHOWN_COMMAND]];
    const shownRuns = fillers.map(([what, ch, cap]) => {
      const run = Math.max(...outputs.map((o) => longestRun(o, ch)));
      t.true(run > 0 && run <= cap, `the ${what} filler shown ${n(run)} long (cap ${n(cap)})`);
      return `${what} ${n(run)}`;
    });
    return {
      done: 'a 1 MB title, a 1 MB and a 2,000-character status message and a 1 MB notification with ESC, BEL, C1 (UTF-8 and a raw 0x9b), bidi, zero-width and blessed tags; cwd with the same and a newline; argv of 9 × 120 KB',
      figure: `bytes checked: ${sizes.join(', ')}; longest run of each 1 MB filler shown: ${shownRuns.join(', ')} characters (the message of 2,000 whole)`,
    };
  },
});
