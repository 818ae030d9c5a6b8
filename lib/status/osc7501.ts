// Parser for OSC 7501, the Program Status Protocol: the body of one sequence to a feature
// query, a report, or a reason to ignore it. Follows the Program Status Protocol (OSC 7501)
// rule by rule (revision 0.4); the byte limit of a whole sequence is checked by osc-framing.ts.
import { hasControl, sanitizeText } from '../sanitize.js';

export const STATES = ['idle', 'working', 'done', 'blocked', 'error'] as const;
export const KINDS = ['permission', 'question', 'auth'] as const;
export type State = (typeof STATES)[number];
export type Kind = (typeof KINDS)[number];

export const QUERY_REPLY_BODY = `?:states=${STATES.join(',')}:kinds=${KINDS.join(',')}`;
export const MAX_SEQUENCE_BYTES = 4096;

export interface StatusReport {
  state: State | 'clear';
  id: string | null;
  kind: Kind | null;
  progress: number | null;
  app: string | null;
  title: string | null;
  msg: string | null;
}

export type Osc7501 =
  | { type: 'query' }
  | { type: 'report'; report: StatusReport }
  | { type: 'ignored'; reason: string };

const KEY = /^[a-z]+$/;
const VALUE = /^[A-Za-z0-9_.,+/=-]*$/;
const SEGMENT = /^[A-Za-z0-9_.+-]{1,32}$/;
const APP = /^[A-Za-z0-9_.+-]+$/;
const LIMITS = { title: { encoded: 256, decoded: 192 }, msg: { encoded: 2732, decoded: 2048 } } as const;
const TRIM = /^[ \t]+|[ \t]+$/g;

class Discard extends Error {}

/** Parses the text after `7501;`. */
export function parseOsc7501(body: string): Osc7501 {
  if (body.replace(TRIM, '') === '?') return { type: 'query' };
  try {
    return parseReport(body);
  } catch (err) {
    if (err instanceof Discard) return { type: 'ignored', reason: err.message };
    throw err;
  }
}

function parseReport(body: string): Osc7501 {
  const pairs = new Map<string, string>();
  for (const raw of body.split(':')) {
    const eq = raw.indexOf('=');
    if (eq < 0) continue;
    const key = raw.slice(0, eq).replace(TRIM, '');
    const value = raw.slice(eq + 1).replace(TRIM, '');
    if (Buffer.byteLength(key) > 16) throw new Discard(`key longer than 16 bytes: ${key.slice(0, 20)}`);
    // An invalid id discards the report even when its characters would only skip the pair.
    if (key === 'id') checkId(value);
    if (!key || !KEY.test(key) || !VALUE.test(value)) continue;
    checkLimits(key, value);
    pairs.set(key, value);
  }
  const state = pairs.get('state');
  if (state === undefined) return { type: 'ignored', reason: 'no state' };
  if (state !== 'clear' && !(STATES as readonly string[]).includes(state)) return { type: 'ignored', reason: `unknown state: ${state}` };
  const kindValue = pairs.get('kind');
  const progressValue = pairs.get('progress');
  const appValue = pairs.get('app');
  return {
    type: 'report',
    report: {
      state: state as StatusReport['state'],
      id: pairs.get('id') ?? null,
      kind: state === 'blocked' && (KINDS as readonly string[]).includes(kindValue ?? '') ? (kindValue as Kind) : null,
      progress: (state === 'working' || state === 'blocked') && progressValue !== undefined ? parseProgress(progressValue) : null,
      app: appValue !== undefined && APP.test(appValue) ? appValue : null,
      title: textOf(pairs.get('title')),
      msg: textOf(pairs.get('msg')),
    },
  };
}

/** Limits that discard the whole report, checked on every occurrence of a key (ids earlier). */
function checkLimits(key: string, value: string): void {
  if (key === 'app' && value.length > 32) throw new Discard('app longer than 32 characters');
  if (key === 'title' || key === 'msg') decodeText(key, value);
}

function checkId(id: string): void {
  const segments = id.split('/');
  if (Buffer.byteLength(id) > 128 || segments.length > 8 || !segments.every((s) => SEGMENT.test(s))) {
    throw new Discard(`invalid id: ${id.slice(0, 40)}`);
  }
}

function parseProgress(value: string): number | null {
  if (!/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n <= 100 ? n : null;
}

function textOf(value: string | undefined): string | null {
  return value === undefined ? null : sanitizeText(decodeBase64Utf8(value), 4096);
}

function decodeText(key: 'title' | 'msg', value: string): string {
  const limit = LIMITS[key];
  if (value.length > limit.encoded) throw new Discard(`${key} longer than ${limit.encoded} encoded bytes`);
  const text = decodeBase64Utf8(value);
  if (Buffer.byteLength(text) > limit.decoded) throw new Discard(`${key} longer than ${limit.decoded} decoded bytes`);
  return text;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Standard base64 (padding optional but correct when present) of UTF-8 without controls. */
function decodeBase64Utf8(value: string): string {
  const m = /^([A-Za-z0-9+/]*)(={0,2})$/.exec(value);
  if (!m) throw new Discard('not standard base64');
  const [, data, pad] = m;
  if (data.length % 4 === 1) throw new Discard('impossible base64 length');
  if (pad && (data.length + pad.length) % 4 !== 0) throw new Discard('wrong base64 padding');
  let text: string;
  try {
    text = UTF8.decode(Buffer.from(data, 'base64'));
  } catch {
    throw new Discard('not valid UTF-8');
  }
  if (hasControl(text)) throw new Discard('control character in text');
  return text;
}

/** The reply to a feature query, with the query's own terminator. */
export function queryReply(terminator: 'bel' | 'st'): string {
  return `\x1b]7501;${QUERY_REPLY_BODY}${terminator === 'bel' ? '\x07' : '\x1b\\'}`;
}

/** Serialises a report (the inverse of parseOsc7501), for `thurm status`. */
export function formatReport(r: Partial<StatusReport> & { state: StatusReport['state'] }): string {
  const pairs = [`state=${r.state}`];
  if (r.id) pairs.push(`id=${r.id}`);
  if (r.app) pairs.push(`app=${r.app}`);
  if (r.kind) pairs.push(`kind=${r.kind}`);
  if (r.progress !== undefined && r.progress !== null) pairs.push(`progress=${r.progress}`);
  if (r.title) pairs.push(`title=${Buffer.from(r.title).toString('base64')}`);
  if (r.msg) pairs.push(`msg=${Buffer.from(r.msg).toString('base64')}`);
  return `\x1b]7501;${pairs.join(':')}\x1b\\`;
}
