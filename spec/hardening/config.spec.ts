// A hostile or broken config.toml (lib/session/config.ts): whatever the text, parseConfig gives
// a config whose every value is in range, or a CONFIG_ERROR; it never throws anything else.
import fc from 'fast-check';
import { ThurmError } from '../../lib/errors.js';
import { hasControl } from '../../lib/sanitize.js';
import { parseConfig, type Config } from '../../lib/session/config.js';
import { KINDS } from '../../lib/status/osc7501.js';
import { check, invariant } from '../helpers/hardening.js';

const TABLES = ['[keys]', '[ui]', '[session]', '[notifications]', '[detection]', '[detection.ai]', '[[detection.rules]]', '[[session.resume]]', '[ui.x(]', '[[ui]]', '[', '[a.b.c]', '[detection.rules]'];
const KEYS = [
  'prefix', 'status-line', 'scrollback', 'scrollback-memory', 'truecolor', 'clipboard', 'pane-clipboard', 'mouse', 'set-title', 'outer-status', 'remain-on-exit',
  'save', 'history-lines', 'resume_agents', 'resume-agents', 'resume', 'match', 'argv', 'desktop', 'command', 'enabled', 'idle-threshold', 'rules', 'ai',
  'interval', 'timeout', 'id', 'agent', 'state', 'kind', 'patterns', 'all', 'lines', 'where', 'ui.scrollback', 'detection.ai', 'session.resume',
  '"a.b("', 'x.y(.z', '"\\u0000"', 'unknown', '__proto__', 'constructor',
];
const nested = (depth: number, inner: string) => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const VALUE = fc.oneof(
  fc.constantFrom('true', 'false', '0', '1', '-1', '5', '2.5', '1e400', 'nan', 'inf', '-inf', '99999999999999999999', '0x10', '1_000', '"C-a"', '"M-x"', '"C-"', '""',
    '"auto"', '"on"', '"osc9"', '"osc777"', '"blocked"', '"ignore"', '"title"', '"screen"', '"permission"', '"512MiB"', '"1.5GiB"', '"0KiB"', '"2TiB"',
    '["a"]', '[]', '["a", 1]', '["", "b"]', '["x\\u0007y"]', '["(unclosed"]', '["(a+)+$"]', '{}', '{ a = 1 }', '1979-05-27T07:32:00Z', '07:32:00', '[[1]]',
    '"\\u202e"', "'''multi\nline'''", '"unterminated', '= =', '[1, [2, ["x"]]]'),
  fc.integer({ min: -2, max: 2_000_000 }).map(String),
  fc.double({ noNaN: true }).map((n) => String(n)),
  fc.string({ maxLength: 12 }).map((s) => JSON.stringify(s)),
  fc.integer({ min: 1, max: 1500 }).map((d) => nested(d, '1')),
  fc.integer({ min: 1, max: 1500 }).map((d) => `${'{ a = '.repeat(d)}1${' }'.repeat(d)}`),
);
const LINE = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...TABLES) },
  { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...KEYS), VALUE).map(([k, v]) => `${k} = ${v}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);
const TEXT = fc.array(LINE, { maxLength: 14 }).map((lines) => lines.join('\n'));

const int = (n: unknown, min: number, max: number) => Number.isInteger(n) && (n as number) >= min && (n as number) <= max;
const strings = (a: unknown, nonEmpty = true) => Array.isArray(a) && a.every((s) => typeof s === 'string' && (!nonEmpty || s.length > 0));

/** What every config parseConfig returns must be. */
function checkConfig(c: Config): void {
  invariant(typeof c.keys.prefix === 'string' && typeof c.keys.prefixBytes === 'string' && c.keys.prefixBytes.length > 0, `prefix ${JSON.stringify(c.keys)}`);
  const { ui } = c;
  for (const k of ['statusLine', 'clipboard', 'paneClipboard', 'mouse', 'setTitle', 'outerStatus'] as const) invariant(typeof ui[k] === 'boolean', `ui.${k}: ${String(ui[k])}`);
  invariant(int(ui.scrollback, 0, 1_000_000), `ui.scrollback: ${ui.scrollback}`);
  invariant(int(ui.scrollbackMemory, 2 ** 20, 2 ** 40), `ui.scrollbackMemory: ${ui.scrollbackMemory}`);
  invariant(['auto', 'on', 'off'].includes(ui.truecolor), `ui.truecolor: ${ui.truecolor}`);
  invariant(typeof c.remainOnExit === 'boolean', 'remainOnExit');
  const { session } = c;
  invariant(typeof session.save === 'boolean' && typeof session.resumeAgents === 'boolean', 'session flags');
  invariant(int(session.historyLines, 0, 100_000), `session.historyLines: ${session.historyLines}`);
  for (const r of session.resume) invariant(typeof r.match === 'string' && r.match && strings(r.argv) && r.argv.length > 0 && !r.argv.some(hasControl), `session.resume: ${JSON.stringify(r)}`);
  invariant(['osc9', 'osc777', 'off'].includes(c.notifications.desktop) && strings(c.notifications.command), `notifications: ${JSON.stringify(c.notifications)}`);
  const { detection } = c;
  invariant(typeof detection.enabled === 'boolean', 'detection.enabled');
  invariant(detection.idleThresholdMs > 0 && detection.idleThresholdMs <= 3_600_000, `detection.idleThresholdMs: ${detection.idleThresholdMs}`);
  invariant(strings(detection.ai.command) && detection.ai.intervalMs > 0 && detection.ai.timeoutMs > 0 && detection.ai.timeoutMs <= 120_000, `detection.ai: ${JSON.stringify(detection.ai)}`);
  for (const r of detection.rules) {
    invariant(typeof r.id === 'string' && r.id && typeof r.agent === 'string' && ['working', 'blocked', 'idle', 'ignore'].includes(r.state), `rule ${JSON.stringify(r)}`);
    invariant(r.kind === undefined || (KINDS as readonly string[]).includes(r.kind), `rule kind ${String(r.kind)}`);
    invariant(r.patterns.length > 0 && r.patterns.every((p) => p instanceof RegExp), 'rule patterns');
    invariant(r.lines === undefined || int(r.lines, 1, Number.MAX_SAFE_INTEGER), `rule lines ${String(r.lines)}`);
    invariant(r.where === undefined || r.where === 'screen' || r.where === 'title', `rule where ${String(r.where)}`);
    invariant(r.all === undefined || typeof r.all === 'boolean', `rule all ${String(r.all)}`);
  }
}

check({
  id: 'config-parse',
  what: 'random TOML-ish config text: a config with every value in range, or a CONFIG_ERROR naming the key; never another exception',
  args: [TEXT],
  property: (text: string) => {
    let config: Config;
    try {
      config = parseConfig(text);
    } catch (err) {
      invariant(err instanceof ThurmError && err.code === 'CONFIG_ERROR', `threw ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
      return;
    }
    checkConfig(config);
  },
});
