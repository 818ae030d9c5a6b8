// Hostile status sequences a program can print: OSC 7501 reports and queries, OSC 9 (and its
// 9;4 progress), 777, 99, 133, RIS and BEL. Whatever comes, nothing throws, a pane keeps at
// most MAX_RECORDS valid records, text is made safe, notifications keep their rate and the
// only replies are the fixed feature answer.
import fc from 'fast-check';
import { hasControl, sanitizeText } from '../../lib/sanitize.js';
import { Pane, type PaneHooks, type PaneOptions } from '../../lib/session/pane.js';
import { KINDS, queryReply, STATES } from '../../lib/status/osc7501.js';
import { Notifier, NOTIFY_LIMIT, NOTIFY_WINDOW_MS } from '../../lib/session/notifier.js';
import { ProgramStatus, SOURCES, type StatusNotification } from '../../lib/status/program-status.js';
import { parseOsc9Progress } from '../../lib/status/progress.js';
import { MAX_RECORDS, type StatusRecord } from '../../lib/status/records.js';
import { FakePty } from '../helpers/fake-pty.js';
import { check, cuts, invariant, parseNow, terminalBytes } from '../helpers/hardening.js';

const FIXED_REPLIES = new Set([queryReply('bel'), queryReply('st')]);
const safe = (text: string, max: number) => !hasControl(text) && sanitizeText(text, max) === text;

function checkRecords(status: ProgramStatus): void {
  const records = status.records.all();
  invariant(records.length <= MAX_RECORDS, `${records.length} records`);
  for (const r of records) checkRecord(r);
  const s = status.summary();
  invariant(s.state === 'none' || (STATES as readonly string[]).includes(s.state), `summary state ${s.state}`);
  invariant((SOURCES as readonly string[]).includes(s.source), `summary source ${s.source}`);
  invariant(s.progress === null || (Number.isInteger(s.progress) && s.progress >= 0 && s.progress <= 100), `progress ${s.progress}`);
  invariant(safe(s.text, 4096), `summary text ${JSON.stringify(s.text)}`);
}

function checkRecord(r: StatusRecord): void {
  invariant((STATES as readonly string[]).includes(r.state), `record state ${r.state}`);
  invariant(r.kind === null || (KINDS as readonly string[]).includes(r.kind), `record kind ${r.kind}`);
  invariant(r.id === null || /^[A-Za-z0-9_.+-]{1,32}(\/[A-Za-z0-9_.+-]{1,32}){0,7}$/.test(r.id), `record id ${r.id}`);
  invariant(r.app === null || /^[A-Za-z0-9_.+-]{1,32}$/.test(r.app), `record app ${r.app}`);
  invariant(r.title === null || (safe(r.title, 192) && Buffer.byteLength(r.title) <= 192), `record title ${JSON.stringify(r.title)}`);
  invariant(r.msg === null || (safe(r.msg, 2048) && Buffer.byteLength(r.msg) <= 2048), `record msg ${JSON.stringify(r.msg)}`);
}

function checkNotification(n: StatusNotification): void {
  invariant(safe(n.title, 128) && [...n.title].length <= 256, `notification title ${JSON.stringify(n.title)}`);
  invariant(safe(n.text, 4096) && [...n.text].length <= 4096, `notification text ${JSON.stringify(n.text)}`);
}

const b64 = (s: string) => Buffer.from(s).toString('base64');
const hostileText = fc.string({ unit: fc.constantFrom('a', ' ', ';', ':', '\x1b', '\x07', '\r', '\u202e', '\u0085', '\u200b', 'é'), maxLength: 30 });
const report = fc.tuple(fc.constantFrom(...STATES, 'clear', 'bogus'), fc.option(fc.stringMatching(/^[a-z]{1,3}(\/[a-z]{1,3}){0,2}$/)), fc.option(fc.constantFrom(...KINDS)),
  fc.option(fc.nat(120)), fc.option(fc.constantFrom('claude', 'sync', 'a'.repeat(33))), fc.option(hostileText), fc.option(hostileText))
  .map(([state, id, kind, progress, app, title, msg]) => [`state=${state}`, id && `id=${id}`, kind && `kind=${kind}`, progress !== null && `progress=${progress}`,
    app && `app=${app}`, title !== null && `title=${b64(title)}`, msg !== null && `msg=${b64(msg)}`].filter(Boolean).join(':'));

/** Handler input by kind, as the emulator would hand it over (what follows `NNN;`). */
const event = fc.oneof(
  fc.tuple(fc.constant('osc7501' as const), fc.oneof(report, fc.constantFrom('?', ' ? ', ''), fc.string({ maxLength: 40 }))),
  fc.tuple(fc.constant('osc9' as const), fc.oneof(hostileText, fc.stringMatching(/^4;[0-9]{0,2}(;[0-9]{0,5})?$/), fc.constantFrom('9;/home', '4;1;50', '4;0', '4;3'))),
  fc.tuple(fc.constant('osc777' as const), fc.oneof(hostileText.map((t) => `notify;${t}`), hostileText)),
  fc.tuple(fc.constant('osc99' as const), fc.oneof(hostileText, hostileText.map((t) => `i=1:e=1;${b64(t)}`), hostileText.map((t) => `;${t}`))),
  fc.tuple(fc.constantFrom('bell' as const, 'prompt' as const, 'reset' as const, 'exit' as const, 'attention' as const), fc.constant('')),
);

check({
  id: 'program-status-events',
  what: 'status handlers called with hostile data over time: records valid and at most 256, notifications safe and at most 3 in 10 s, only the fixed query reply',
  args: [fc.array(fc.tuple(event, fc.nat(8000)), { maxLength: 60 })],
  property: (events: [[string, string], number][]) => {
    let now = 0;
    const replies: string[] = [];
    const notified: number[] = [];
    // The session's notifier, fed as the Mux feeds it: each status change and each program request.
    const notifier = new Notifier((_pane, n) => {
      checkNotification(n);
      notified.push(now);
    }, () => now);
    const status: ProgramStatus = new ProgramStatus({
      reply: (data) => replies.push(data),
      changed: () => notifier.statusChanged('1', status.summary()),
      notify: (n) => notifier.programAsked('1', n),
      foregroundGroup: () => 42,
    }, () => now);
    for (const [[kind, data], dt] of events) {
      now += dt;
      if (kind === 'osc7501') status.onOsc7501(data);
      else if (kind === 'osc9') status.onOsc9(data);
      else if (kind === 'osc777') status.onOsc777(data);
      else if (kind === 'osc99') status.onOsc99(data);
      else if (kind === 'bell') status.onBell();
      else if (kind === 'prompt') status.onPrompt();
      else if (kind === 'reset') status.onReset();
      else if (kind === 'exit') status.onExit();
      else {
        status.onAttention();
        notifier.seen('1');
      }
      notifier.statusChanged('1', status.summary());
      checkRecords(status);
    }
    for (const r of replies) invariant(FIXED_REPLIES.has(r), `reply ${JSON.stringify(r)}`);
    for (let i = NOTIFY_LIMIT; i < notified.length; i++) {
      invariant(notified[i] - notified[i - NOTIFY_LIMIT] >= NOTIFY_WINDOW_MS, `${NOTIFY_LIMIT + 1} notifications within ${NOTIFY_WINDOW_MS} ms`);
    }
    const copy = new ProgramStatus({ reply() {}, changed() {}, notify() {} }, () => now);
    copy.adopt(JSON.parse(JSON.stringify(status.handover())));
    invariant(JSON.stringify(copy.summary()) === JSON.stringify(status.summary()), 'the state handed to a new server shows the same status');
  },
});

check({
  id: 'program-status-many-ids',
  what: 'reports under hundreds of distinct ids: never more than 256 records, the newest kept',
  args: [fc.uniqueArray(fc.stringMatching(/^[a-z0-9]{1,8}$/), { minLength: 200, maxLength: 600 })],
  cases: 500,
  property: (ids: string[]) => {
    const status = new ProgramStatus({ reply() {}, changed() {}, notify() {} });
    for (const id of ids) status.onOsc7501(`state=working:id=${id}`);
    invariant(status.records.size === Math.min(ids.length, MAX_RECORDS), `${status.records.size} records for ${ids.length} ids`);
    const kept = new Set(status.records.all().map((r) => r.id));
    invariant(ids.slice(-MAX_RECORDS).every((id) => kept.has(id)), 'an older record outlived a newer one');
  },
});

check({
  id: 'osc9-progress',
  what: 'OSC 9;4 progress bodies: undefined, a removal, or a state with a value from 0 to 100',
  args: [fc.oneof(fc.stringMatching(/^4;[0-9]{0,3}(;[0-9a-z-]{0,6}){0,2}$/), fc.string({ maxLength: 12 }).map((s) => `4;${s}`))],
  property: (data: string) => {
    const p = parseOsc9Progress(data);
    if (p === undefined || p === null) return;
    invariant(['normal', 'error', 'indeterminate', 'paused'].includes(p.state), `state ${p.state}`);
    invariant(p.value === null || (Number.isInteger(p.value) && p.value >= 0 && p.value <= 100), `value ${p.value}`);
    invariant(p.state !== 'normal' || p.value !== null, 'a set progress without a value');
  },
});

// ---- the same, printed by a program into a real pane ----

let fake: FakePty;
let pane: Pane;
const hooks: PaneHooks = { output() {}, title() {}, exit() {}, statusChanged() {}, notify: checkNotification, watched: () => false, clipboard() {} };

const PIECES = [
  '\x1b]7501;', '\x1b]7501;?\x07', '\x1b]7501;?\x1b\\', 'state=working', 'state=done:id=a', ':msg=aGk=', ':title=', ':app=x', ':id=', 'a/b', '\x1b]9;', '\x1b]9;4;1;', '\x1b]9;4;', '\x1b]777;notify;',
  '\x1b]99;', '\x1b]133;A', '\x1b]133;', 'A;cl=m;aid=7', 'B', 'C', 'D;1', 'D;', '\x1b]133;D;130\x07', '\x1b]0;', '\x1bc', '\x07', '\x1b\\', '\xc2\x9c', '\x18', ';', '0', '100', '\x1b[c', '\x1b[6n', '\r\n', '\u202e',
];

check({
  id: 'program-status-pane',
  what: 'random status output printed into a pane, in random chunks: nothing thrown, records valid and bounded, OSC 7501 replies only the fixed one',
  args: [terminalBytes(PIECES), fc.array(fc.nat(), { maxLength: 6 })],
  around: {
    before: () => {
      fake = new FakePty();
      const opts: PaneOptions = { id: '1', argv: ['sh'], cwd: '/', cols: 40, rows: 5, env: {}, scrollback: 0, detection: {} as PaneOptions['detection'], spawn: fake.spawn };
      pane = new Pane(opts, hooks);
    },
    after: () => pane.dispose(),
  },
  property: (data: number[], at: number[]) => {
    fake.writes.length = 0;
    for (const chunk of cuts(data, at)) {
      const parsed = pane.status.scan(chunk);
      parseNow(pane.term, chunk);
      parsed();
    }
    parseNow(pane.term, Buffer.from([0x18]));
    checkRecords(pane.status);
    invariant(pane.status.framingPending === 0, 'framings left waiting');
    for (const w of fake.writes) invariant(!w.data.includes(']7501') || FIXED_REPLIES.has(w.data), `reply ${JSON.stringify(w.data)}`);
  },
});
