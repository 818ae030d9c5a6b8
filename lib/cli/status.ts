// `thurm status`: writes an OSC 7501 report to the controlling terminal so shell scripts need
// no printf, checked exactly as the parser would check it; `--query` asks the terminal whether
// it speaks the protocol. Needs no socket, so it works over ssh and outside thurm.
import fs from 'node:fs';
import tty from 'node:tty';
import { ThurmError } from '../errors.js';
import { hasControl, sanitizeText } from '../sanitize.js';
import { formatReport, KINDS, MAX_SEQUENCE_BYTES, parseOsc7501, STATES, type StatusReport } from '../status/osc7501.js';

export interface StatusArgs {
  state?: string;
  app?: string;
  msg?: string;
  title?: string;
  id?: string;
  progress?: number;
  kind?: string;
}

/** The escape sequence for a report; throws INVALID_ARGUMENT for anything the parser would drop. */
export function buildStatusSequence(a: StatusArgs): string {
  const bad = (what: string): never => { throw new ThurmError('INVALID_ARGUMENT', what); };
  const state = a.state ?? bad('status: give a state (idle, working, done, blocked, error or clear)');
  if (state !== 'clear' && !(STATES as readonly string[]).includes(state)) bad(`unknown state: ${state}`);
  if (a.kind !== undefined && (state !== 'blocked' || !(KINDS as readonly string[]).includes(a.kind))) {
    bad(`kind: ${a.kind} (only permission, question or auth, and only with blocked)`);
  }
  if (a.progress !== undefined && (!Number.isInteger(a.progress) || a.progress < 0 || a.progress > 100 || (state !== 'working' && state !== 'blocked'))) {
    bad(`progress: ${a.progress} (an integer 0-100, only with working or blocked)`);
  }
  if (a.app !== undefined && !/^[A-Za-z0-9_.+-]{1,32}$/.test(a.app)) bad(`app: ${JSON.stringify(a.app)} (1-32 of A-Z a-z 0-9 _ . + -)`);
  const text = (key: 'msg' | 'title', value: string | undefined) => {
    if (value === undefined) return undefined;
    if (hasControl(value)) bad(`${key}: control characters are not allowed`);
    return sanitizeText(value, 4096);
  };
  const report: Partial<StatusReport> & { state: StatusReport['state'] } = {
    state: state as StatusReport['state'],
    id: a.id ?? null,
    app: a.app ?? null,
    kind: (a.kind as StatusReport['kind']) ?? null,
    progress: a.progress ?? null,
    title: text('title', a.title) ?? null,
    msg: text('msg', a.msg) ?? null,
  };
  const sequence = formatReport(report);
  if (Buffer.byteLength(sequence) > MAX_SEQUENCE_BYTES) bad(`report: longer than ${MAX_SEQUENCE_BYTES} bytes`);
  // The parser is the judge: what it would discard is an error here.
  const parsed = parseOsc7501(sequence.slice('\x1b]7501;'.length, -2));
  if (parsed.type !== 'report') bad(`report: ${parsed.type === 'ignored' ? parsed.reason : 'not a report'}`);
  return sequence;
}

function openTty(): number {
  try {
    return fs.openSync('/dev/tty', 'r+');
  } catch (err) {
    throw new ThurmError('IO_ERROR', `no controlling terminal: ${(err as Error).message}`);
  }
}

export function writeStatus(a: StatusArgs): void {
  const sequence = buildStatusSequence(a);
  const fd = openTty();
  try {
    fs.writeSync(fd, sequence);
  } finally {
    fs.closeSync(fd);
  }
}

/** Sends the feature query then DA1; supported when the 7501 answer comes before DA1's. */
export function queryTerminal(timeoutMs = 2000): Promise<boolean> {
  const fd = openTty();
  const input = new tty.ReadStream(fd);
  input.setRawMode(true);
  return new Promise((resolve) => {
    let got = '';
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      input.setRawMode(false);
      input.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    input.on('data', (d: Buffer) => {
      got += d.toString('latin1');
      const da1 = got.search(/\x1b\[\?[\d;]*c/);
      if (da1 < 0) return;
      const reply = got.indexOf('\x1b]7501;?');
      finish(reply >= 0 && reply < da1);
    });
    fs.writeSync(fd, '\x1b]7501;?\x1b\\\x1b[c');
  });
}
