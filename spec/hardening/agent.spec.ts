// Hostile agent input: `--resume-json`, the socket's agent-report and agent-hook requests, and
// the hook JSON an agent pipes to `thurm agent hook`. Each is accepted within its limits or
// refused with INVALID_ARGUMENT (a report also with the ownership codes); nothing else escapes.
import fc from 'fast-check';
import { AgentOwnership, MAX_RESUME_ARGS, MAX_RESUME_BYTES, checkResume } from '../../lib/agent/ownership.js';
import { hookPayload } from '../../lib/cli/agent-hook.js';
import { agentHook } from '../../lib/commands/agent/hook.js';
import { cliRequest } from '../../lib/commands/cli-args.js';
import { agentReport, reportInput } from '../../lib/commands/agent/report.js';
import { isErrorCode, ThurmError } from '../../lib/errors.js';
import { hasControl, sanitizeText } from '../../lib/sanitize.js';
import { check, invariant } from '../helpers/hardening.js';

const hostile = fc.string({ unit: fc.constantFrom('a', ' ', '-', '"', "'", '\\', '$', '\x00', '\r', '\n', '\x1b', '\x15', '\x9b', '\u202e', 'é', '🚀'), maxLength: 12 });
const args = fc.array(fc.oneof(fc.stringMatching(/^[a-z-]{0,8}$/), hostile), { maxLength: 140 });
/** JSON values an agent might pass, valid or not. */
const json = fc.oneof(args, fc.jsonValue({ maxDepth: 3 }), fc.array(fc.string({ maxLength: 300 }), { maxLength: 200 }), fc.constantFrom('{"__proto__":["x"]}', '[', 'null', '[""]'));

function refusedAs(err: unknown, codes: readonly string[]): void {
  invariant(err instanceof ThurmError && codes.includes(err.code), `threw ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
}

function checkArgv(a: string[]): void {
  invariant(Array.isArray(a) && a.length >= 1 && a.length <= MAX_RESUME_ARGS && a[0] !== '', `argv ${JSON.stringify(a).slice(0, 80)}`);
  invariant(a.every((s) => typeof s === 'string' && !hasControl(s)), `control characters in ${JSON.stringify(a).slice(0, 80)}`);
  invariant(a.reduce((n, s) => n + Buffer.byteLength(s), 0) <= MAX_RESUME_BYTES, 'more than MAX_RESUME_BYTES');
}

check({
  id: 'resume-json',
  what: '`--resume-json` text: an argv of at most 128 arguments and 32768 bytes without control characters, or INVALID_ARGUMENT',
  args: [fc.oneof(json.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))), fc.string({ maxLength: 40 }))],
  property: (text: string) => {
    let request: Record<string, unknown>;
    try {
      request = cliRequest(agentReport, { _: [], agent: 'a', 'owner-pid': 1, instance: 'i', sequence: 1, status: 'idle', 'resume-json': text });
    } catch (err) {
      return refusedAs(err, ['INVALID_ARGUMENT']);
    }
    checkArgv((request.report as { resume_argv: string[] }).resume_argv);
  },
});

check({
  id: 'check-resume',
  what: 'resume arguments as any JSON value (checkResume, as the socket reads them): a safe argv or INVALID_ARGUMENT',
  args: [json],
  property: (value: unknown) => {
    let argv: string[];
    try {
      argv = checkResume(value);
    } catch (err) {
      return refusedAs(err, ['INVALID_ARGUMENT']);
    }
    checkArgv(argv);
  },
});

const field = fc.oneof(fc.jsonValue({ maxDepth: 2 }), hostile, fc.uuid(), fc.integer(), fc.constantFrom('claude-code', 'Stop', 'Notification', 'working', 'done', 'needs-input', 1, -1, 2 ** 53, 1.5));
const request = (keys: string[]) => fc.dictionary(fc.constantFrom(...keys), field, { maxKeys: keys.length }).map((o) => JSON.parse(JSON.stringify(o)) as Record<string, unknown>);

check({
  id: 'agent-hook-request',
  what: 'agent-hook socket requests with random fields: an event with a checked agent, a safe message and a printable session id, or INVALID_ARGUMENT',
  args: [request(['agent', 'event', 'owner_pid', 'message', 'session_id', 'pane', '__proto__', 'constructor'])],
  property: (raw: Record<string, unknown>) => {
    let parsed: ReturnType<typeof agentHook.parse>;
    try {
      parsed = agentHook.parse(raw);
    } catch (err) {
      return refusedAs(err, ['INVALID_ARGUMENT']);
    }
    const e = parsed;
    invariant(/^[A-Za-z0-9_.+-]{1,64}$/.test(e.agent) && typeof e.event === 'string' && e.event.length <= 64 && Number.isSafeInteger(e.owner_pid), `event ${JSON.stringify(e)}`);
    invariant(e.message === undefined || (!hasControl(e.message) && sanitizeText(e.message, 2048) === e.message), `message ${JSON.stringify(e.message)}`);
    invariant(e.session_id === undefined || /^[\x21-\x7e]{1,256}$/.test(e.session_id), `session id ${JSON.stringify(e.session_id)}`);
  },
});

check({
  id: 'agent-hook-payload',
  what: 'the JSON an agent pipes to `thurm agent hook` (any text): its event and string fields, or nothing; never a throw',
  args: [fc.oneof(fc.jsonValue().map((v) => JSON.stringify(v)), request(['hook_event_name', 'message', 'session_id', 'cwd']).map((o) => JSON.stringify(o)), fc.string({ maxLength: 30 }))],
  property: (text: string) => {
    const p = hookPayload(text);
    if (p === null) return;
    invariant(typeof p.event === 'string' && p.event.length > 0, `event ${JSON.stringify(p.event)}`);
    invariant((p.message === undefined || typeof p.message === 'string') && (p.session_id === undefined || typeof p.session_id === 'string'), `payload ${JSON.stringify(p)}`);
  },
});

const OWNERSHIP_CODES = ['INVALID_ARGUMENT', 'NOT_FOREGROUND', 'OWNER_MISMATCH', 'NOT_OWNER', 'RETIRED_INSTANCE', 'STALE_SEQUENCE', 'INVALID_TRANSITION', 'TOO_MANY_INSTANCES'];
const reportFields = request(['agent', 'owner_pid', 'instance', 'sequence', 'status', 'session_id', 'message', 'resume_argv']);

check({
  id: 'agent-report-request',
  what: 'agent-report requests with random fields applied to a pane whose owner is in the foreground: a report within its limits, or a refusal code',
  args: [fc.array(reportFields, { minLength: 1, maxLength: 4 })],
  property: (reports: Record<string, unknown>[]) => {
    const ownership = new AgentOwnership({ stat: (pid) => (pid >= 1 ? { pgid: 7, startTime: pid } : null), foregroundPgid: () => 7, program: () => null });
    for (const report of reports) {
      try {
        ownership.report(reportInput(agentReport.parse({ report }).report), 0);
      } catch (err) {
        refusedAs(err, OWNERSHIP_CODES);
        invariant(isErrorCode((err as ThurmError).code), 'unknown code');
      }
      const s = ownership.current();
      if (!s) continue;
      invariant(/^[A-Za-z0-9_.+-]{1,64}$/.test(s.agent) && /^[\x21-\x7e]{1,128}$/.test(s.instance), `state ${JSON.stringify(s)}`);
      invariant(s.sessionId === null || /^[\x21-\x7e]{1,256}$/.test(s.sessionId), `session id ${JSON.stringify(s.sessionId)}`);
      invariant(s.message === null || (!hasControl(s.message) && sanitizeText(s.message, 2048) === s.message), `message ${JSON.stringify(s.message)}`);
      if (s.resume) checkArgv(s.resume);
    }
  },
});
