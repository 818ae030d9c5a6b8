// Hostile OSC 7501 bodies (the Program Status Protocol): whatever a program sends, the parser
// answers a query, a report within the protocol's limits, or a reason to ignore it.
import fc from 'fast-check';
import { formatReport, KINDS, parseOsc7501, STATES, type StatusReport } from '../../lib/status/osc7501.js';
import { hasControl, sanitizeText } from '../../lib/sanitize.js';
import { check, invariant } from '../helpers/hardening.js';

const ID = /^[A-Za-z0-9_.+-]{1,32}(\/[A-Za-z0-9_.+-]{1,32}){0,7}$/;
const APP = /^[A-Za-z0-9_.+-]{1,32}$/;
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Text a program might encode: plain, Unicode, controls, bidi overrides, invisible characters. */
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\x1b', '\u202e', '\u200b', '\u0085', '\ufeff', 'é', '🚀'), maxLength: 300 }),
);
const segment = fc.stringMatching(/^[A-Za-z0-9_.+-]{1,34}$/);
const value = fc.oneof(
  fc.constantFrom(...STATES, 'clear', ...KINDS, 'Done', 'blocked ', '', '=', '-1', '100', '101', '007', '4294967296'),
  fc.array(segment, { minLength: 1, maxLength: 10 }).map((s) => s.join('/')),
  text.map(base64),
  text.map((t) => base64(t).replace(/=+$/, '')),
  text.map((t) => base64(t).replace(/\+/g, '-').replace(/\//g, '_')),
  fc.stringMatching(/^[A-Za-z0-9_.,+/=-]{0,40}$/),
  fc.string({ maxLength: 12 }),
);
const key = fc.oneof(
  fc.constantFrom('state', 'id', 'kind', 'progress', 'app', 'title', 'msg', 'State', 'x', 'abcdefghijklmnopq', ''),
  fc.stringMatching(/^[a-z]{1,20}$/),
  fc.string({ maxLength: 6 }),
);
const space = fc.constantFrom('', '', ' ', '\t', '  ');
const pair = fc.tuple(space, key, space, fc.constantFrom('=', '=', '', '=='), space, value, space).map((p) => p.join(''));
/** A pair most reports carry, with a value of its own kind (often valid, sometimes not). */
const known = fc.oneof(
  fc.constantFrom(...STATES, 'clear').map((v) => `state=${v}`),
  fc.array(segment, { minLength: 1, maxLength: 9 }).map((s) => `id=${s.join('/')}`),
  fc.constantFrom(...KINDS, 'other').map((v) => `kind=${v}`),
  fc.nat(150).map((n) => `progress=${n}`),
  segment.map((v) => `app=${v}`),
  text.map((t) => `title=${base64(t)}`),
  text.map((t) => `msg=${base64(t)}`),
);
const report = fc.tuple(fc.constantFrom(...STATES, 'clear'), fc.array(fc.oneof(known, known, pair), { maxLength: 8 }), fc.nat())
  .map(([state, pairs, at]) => {
    pairs.splice(at % (pairs.length + 1), 0, `state=${state}`);
    return pairs.join(':');
  });
const body = fc.oneof(
  { weight: 4, arbitrary: report },
  { weight: 3, arbitrary: fc.array(pair, { maxLength: 8 }).map((pairs) => pairs.join(':')) },
  { weight: 1, arbitrary: fc.constantFrom('?', ' ? ', '\t?', '??', '?:x=1', '', ':', 'state') },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
);

/** What every report the parser returns must be. */
function checkReport(r: StatusReport): void {
  invariant(r.state === 'clear' || (STATES as readonly string[]).includes(r.state), `state: ${r.state}`);
  invariant(r.id === null || (ID.test(r.id) && Buffer.byteLength(r.id) <= 128), `id: ${r.id}`);
  invariant(r.kind === null || (r.state === 'blocked' && (KINDS as readonly string[]).includes(r.kind)), `kind ${r.kind} with ${r.state}`);
  invariant(r.progress === null || ((r.state === 'working' || r.state === 'blocked') && Number.isInteger(r.progress) && r.progress >= 0 && r.progress <= 100), `progress ${r.progress} with ${r.state}`);
  invariant(r.app === null || APP.test(r.app), `app: ${r.app}`);
  for (const [field, max] of [['title', 192], ['msg', 2048]] as const) {
    const v = r[field];
    invariant(v === null || (!hasControl(v) && sanitizeText(v, 4096) === v && Buffer.byteLength(v) <= max), `${field} unsafe or too long: ${JSON.stringify(v)}`);
  }
}

check({
  id: 'osc7501-parse',
  what: 'OSC 7501 bodies: a query only for `?`, reports within every limit, text made safe, nothing thrown',
  args: [body],
  property: (b: string) => {
    const parsed = parseOsc7501(b);
    invariant(['query', 'report', 'ignored'].includes(parsed.type), `type ${parsed.type}`);
    invariant((parsed.type === 'query') === (b.replace(/^[ \t]+|[ \t]+$/g, '') === '?'), `query ${parsed.type} for ${JSON.stringify(b)}`);
    if (parsed.type === 'report') checkReport(parsed.report);
  },
});

check({
  id: 'osc7501-round-trip',
  what: 'a report the parser accepted, written again by `thurm status` (formatReport), parses to the same report',
  args: [body],
  property: (b: string) => {
    const parsed = parseOsc7501(b);
    if (parsed.type !== 'report') return;
    const written = formatReport(parsed.report);
    const again = parseOsc7501(written.slice('\x1b]7501;'.length, -2));
    // An empty title or message is written as none.
    const expected = { ...parsed.report, title: parsed.report.title || null, msg: parsed.report.msg || null };
    invariant(again.type === 'report' && JSON.stringify(again.report) === JSON.stringify(expected),
      `${JSON.stringify(written)} parsed as ${JSON.stringify(again)}, not ${JSON.stringify(expected)}`);
  },
});
