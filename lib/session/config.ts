// The user's config file (${XDG_CONFIG_HOME:-~/.config}/thurm/config.toml): parsed with a
// real TOML parser, checked key by key; a bad value is an error naming the key and its line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, TomlError } from 'smol-toml';
import type { DetectionConfig } from '../agent/detector.js';
import type { Rule } from '../agent/detect/rule.js';
import { ThurmError } from '../errors.js';
import { KINDS } from '../status/osc7501.js';
import { hasControl } from '../sanitize.js';
import { keyBytes } from '../term/keys.js';
import type { ResumeRule } from './resume.js';

export interface Config {
  /** bind: `[[keys.bind]]`, a key (after the prefix, or on its own) running a command line. */
  keys: { prefix: string; prefixBytes: string; bind: { key: string; command: string; prefix: boolean }[] };
  /** scrollbackMemory: bytes all panes' history may use together (see history-budget.ts). */
  ui: { statusLine: boolean; scrollback: number; scrollbackMemory: number; truecolor: 'auto' | 'on' | 'off'; clipboard: boolean; paneClipboard: boolean; mouse: boolean; setTitle: boolean; outerStatus: boolean };
  remainOnExit: boolean;
  /** The session file (saver.ts) and what a restore does (resume.ts). */
  session: { save: boolean; historyLines: number; resumeAgents: boolean; resume: ResumeRule[] };
  notifications: { desktop: 'osc9' | 'osc777' | 'off'; command: string[] };
  detection: DetectionConfig & { ai: { command: string[]; intervalMs: number; timeoutMs: number } };
  /** `shim`: `tmux` in a pane is thurm's tmux shim, and $TMUX and $TMUX_PANE are set (lib/tmux/). */
  tmux: { shim: boolean };
}

const MIB = 2 ** 20;

export const DEFAULT_CONFIG: Config = {
  keys: { prefix: 'C-b', prefixBytes: '\x02', bind: [] },
  ui: { statusLine: true, scrollback: 5000, scrollbackMemory: 256 * MIB, truecolor: 'auto', clipboard: true, paneClipboard: false, mouse: true, setTitle: true, outerStatus: true },
  remainOnExit: false,
  session: { save: true, historyLines: 1000, resumeAgents: true, resume: [] },
  notifications: { desktop: 'osc9', command: [] },
  detection: { enabled: true, idleThresholdMs: 5000, rules: [], ai: { command: [], intervalMs: 10_000, timeoutMs: 5000 } },
  tmux: { shim: true },
};

export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'thurm', 'config.toml');
}

/** Loads the config; a missing file means the defaults. */
export function loadConfig(file = configPath()): Config {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return DEFAULT_CONFIG;
    throw new ThurmError('CONFIG_ERROR', `cannot read config: ${file}: ${(err as Error).message}`);
  }
  return parseConfig(text, file);
}

type Table = Record<string, unknown>;

/**
 * Every key the file may hold, by the table it is in: '' is the top level, `name[]` each table
 * of an array of tables. Any other key is an error.
 */
export const KNOWN_KEYS = {
  '': ['keys', 'ui', 'remain-on-exit', 'session', 'notifications', 'detection', 'tmux'],
  keys: ['prefix', 'bind'],
  'keys.bind[]': ['key', 'command', 'prefix'],
  ui: ['status-line', 'scrollback', 'scrollback-memory', 'truecolor', 'clipboard', 'pane-clipboard', 'mouse', 'set-title', 'outer-status'],
  notifications: ['desktop', 'command'],
  tmux: ['shim'],
  session: ['save', 'history-lines', 'resume_agents', 'resume-agents', 'resume'],
  'session.resume[]': ['match', 'argv'],
  detection: ['enabled', 'idle-threshold', 'rules', 'ai'],
  'detection.ai': ['command', 'interval', 'timeout'],
  'detection.rules[]': ['id', 'agent', 'state', 'kind', 'patterns', 'all', 'lines', 'where'],
} as const satisfies Record<string, readonly string[]>;

export function parseConfig(text: string, file = 'config.toml'): Config {
  let doc: Table;
  try {
    doc = parse(text) as Table;
  } catch (err) {
    if (err instanceof TomlError) {
      throw new ThurmError('CONFIG_ERROR', `${file}:${err.line}: invalid TOML: ${err.message.split('\n')[0]}`);
    }
    throw err;
  }
  const fail = (key: string, why: string): never => {
    const line = lineOf(text, key);
    throw new ThurmError('CONFIG_ERROR', `${file}${line ? `:${line}` : ''}: ${key}: ${why}`);
  };
  const table = (name: string): Table => {
    const t = doc[name];
    if (t === undefined) return {};
    if (typeof t !== 'object' || t === null || Array.isArray(t)) return fail(name, 'must be a table');
    return t as Table;
  };
  const known = (name: string, t: Table, keys: readonly string[]) => {
    for (const k of Object.keys(t)) if (!keys.includes(k)) fail(name ? `${name}.${k}` : k, 'unknown key');
  };
  known('', doc, KNOWN_KEYS['']);
  const keys = table('keys');
  const ui = table('ui');
  const notifications = table('notifications');
  known('keys', keys, KNOWN_KEYS.keys);
  known('ui', ui, KNOWN_KEYS.ui);
  known('notifications', notifications, KNOWN_KEYS.notifications);
  const tmux = table('tmux');
  known('tmux', tmux, KNOWN_KEYS.tmux);

  const config: Config = structuredClone(DEFAULT_CONFIG);
  if (keys.prefix !== undefined) {
    const bytes = typeof keys.prefix === 'string' ? keyBytes(keys.prefix) : null;
    if (bytes === null || bytes.length === 0) fail('keys.prefix', `not a key name: ${JSON.stringify(keys.prefix)}`);
    config.keys = { ...config.keys, prefix: keys.prefix as string, prefixBytes: bytes as string };
  }
  /** A true/false key: its value, or `fallback` when it is absent. */
  const flag = (key: string, value: unknown, fallback: boolean): boolean => {
    if (value === undefined) return fallback;
    if (typeof value !== 'boolean') fail(key, 'must be true or false');
    return value as boolean;
  };
  if (keys.bind !== undefined) {
    if (!Array.isArray(keys.bind)) fail('keys.bind', 'must be an array of tables ([[keys.bind]])');
    config.keys.bind = (keys.bind as Table[]).map((b, i) => {
      const where = `keys.bind[${i}]`;
      if (typeof b !== 'object' || b === null) fail(where, 'must be a table');
      known(where, b, KNOWN_KEYS['keys.bind[]']);
      if (typeof b.key !== 'string' || !keyBytes(b.key)) fail(`${where}.key`, `not a key name: ${JSON.stringify(b.key)}`);
      if (typeof b.command !== 'string' || !b.command.trim() || b.command.length > 512 || hasControl(b.command)) {
        fail(`${where}.command`, 'must be a thurm command line, e.g. "select-layout tiled"');
      }
      return { key: b.key as string, command: (b.command as string).trim(), prefix: flag(`${where}.prefix`, b.prefix, true) };
    });
  }
  config.ui.statusLine = flag('ui.status-line', ui['status-line'], config.ui.statusLine);
  config.ui.setTitle = flag('ui.set-title', ui['set-title'], config.ui.setTitle);
  config.ui.outerStatus = flag('ui.outer-status', ui['outer-status'], config.ui.outerStatus);
  config.ui.mouse = flag('ui.mouse', ui.mouse, config.ui.mouse);
  config.ui.paneClipboard = flag('ui.pane-clipboard', ui['pane-clipboard'], config.ui.paneClipboard);
  config.ui.clipboard = flag('ui.clipboard', ui.clipboard, config.ui.clipboard);
  if (ui.scrollback !== undefined) {
    const n = ui.scrollback;
    if (typeof n !== 'bigint' && typeof n !== 'number') fail('ui.scrollback', 'must be an integer');
    const v = Number(n);
    if (!Number.isInteger(v) || v < 0 || v > 1_000_000) fail('ui.scrollback', 'must be between 0 and 1000000');
    config.ui.scrollback = v;
  }
  if (ui['scrollback-memory'] !== undefined) config.ui.scrollbackMemory = memorySize(ui['scrollback-memory'], 'ui.scrollback-memory', fail);
  if (ui.truecolor !== undefined) {
    if (!['auto', 'on', 'off'].includes(ui.truecolor as string)) fail('ui.truecolor', 'must be "auto", "on" or "off"');
    config.ui.truecolor = ui.truecolor as Config['ui']['truecolor'];
  }
  if (notifications.desktop !== undefined) {
    if (!['osc9', 'osc777', 'off'].includes(notifications.desktop as string)) fail('notifications.desktop', 'must be "osc9", "osc777" or "off"');
    config.notifications.desktop = notifications.desktop as Config['notifications']['desktop'];
  }
  if (notifications.command !== undefined) {
    const cmd = notifications.command;
    if (!Array.isArray(cmd) || !cmd.length || !cmd.every((a) => typeof a === 'string' && a.length > 0)) {
      fail('notifications.command', 'must be a non-empty array of strings (the program first)');
    }
    config.notifications.command = cmd as string[];
  }
  parseDetection(table('detection'), config, fail, known);
  parseSession(table('session'), config, fail, known);
  config.remainOnExit = flag('remain-on-exit', doc['remain-on-exit'], config.remainOnExit);
  config.tmux.shim = flag('tmux.shim', tmux.shim, config.tmux.shim);
  return config;
}

type Fail = (key: string, why: string) => never;
type Known = (name: string, t: Table, keys: readonly string[]) => void;

const UNITS: Record<string, number> = { KiB: 2 ** 10, MiB: MIB, GiB: 2 ** 30 };

/** A size in bytes from a number of MiB or a string such as "512MiB" or "2GiB" (1 MiB to 1 TiB). */
function memorySize(v: unknown, key: string, fail: Fail): number {
  const m = typeof v === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*(KiB|MiB|GiB)\s*$/.exec(v) : null;
  const bytes = typeof v === 'number' || typeof v === 'bigint' ? Number(v) * MIB : m ? Number(m[1]) * UNITS[m[2]] : NaN;
  if (!(bytes >= MIB && bytes <= 2 ** 40)) fail(key, 'must be a number of MiB or a size such as "256MiB" or "1GiB", from 1 MiB to 1 TiB');
  return Math.floor(bytes);
}

/** `[session]`: saving, how much history, and resuming agents (`resume_agents` as the product page spells it). */
function parseSession(t: Table, config: Config, fail: Fail, known: Known): void {
  known('session', t, KNOWN_KEYS.session);
  const out = config.session;
  const flag = (key: string) => {
    if (typeof t[key] !== 'boolean') fail(`session.${key}`, 'must be true or false');
    return t[key] as boolean;
  };
  if (t.save !== undefined) out.save = flag('save');
  for (const key of ['resume_agents', 'resume-agents']) if (t[key] !== undefined) out.resumeAgents = flag(key);
  if (t['history-lines'] !== undefined) {
    const v = integer(t['history-lines']);
    if (!Number.isInteger(v) || v < 0 || v > 100_000) fail('session.history-lines', 'must be an integer from 0 to 100000');
    out.historyLines = v;
  }
  if (t.resume !== undefined) {
    if (!Array.isArray(t.resume)) fail('session.resume', 'must be an array of tables ([[session.resume]])');
    out.resume = (t.resume as Table[]).map((r, i) => {
      const where = `session.resume[${i}]`;
      if (typeof r !== 'object' || r === null) fail(where, 'must be a table');
      known(where, r, KNOWN_KEYS['session.resume[]']);
      if (typeof r.match !== 'string' || !r.match) fail(`${where}.match`, 'must be a program name');
      const argv = r.argv;
      if (!Array.isArray(argv) || !argv.length || !argv.every((a) => typeof a === 'string' && a && !hasControl(a))) {
        fail(`${where}.argv`, 'must be a non-empty array of strings without control characters (the program first)');
      }
      return { match: r.match as string, argv: argv as string[] };
    });
  }
}

/** A TOML integer as a number; NaN for anything else (a string or an array of one number is not one). */
function integer(v: unknown): number {
  const n = typeof v === 'bigint' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) ? n : NaN;
}

const STATES = ['working', 'blocked', 'idle', 'ignore'];

function seconds(v: unknown, key: string, max: number, fail: Fail): number {
  const n = typeof v === 'bigint' ? Number(v) : v;
  // Kept in whole milliseconds: anything shorter would be 0, an interval of none at all.
  if (typeof n !== 'number' || !(n >= 0.001) || n > max) fail(key, `must be a number of seconds, from 0.001 to ${max}`);
  return Math.round((n as number) * 1000);
}

/** `[detection]`: on/off, the idle threshold, user rules (checked patterns) and the AI classifier. */
function parseDetection(d: Table, config: Config, fail: Fail, known: Known): void {
  known('detection', d, KNOWN_KEYS.detection);
  const out = config.detection;
  if (d.enabled !== undefined) {
    if (typeof d.enabled !== 'boolean') fail('detection.enabled', 'must be true or false');
    out.enabled = d.enabled as boolean;
  }
  if (d['idle-threshold'] !== undefined) out.idleThresholdMs = seconds(d['idle-threshold'], 'detection.idle-threshold', 3600, fail);
  if (d.rules !== undefined) {
    if (!Array.isArray(d.rules)) fail('detection.rules', 'must be an array of tables ([[detection.rules]])');
    out.rules = (d.rules as Table[]).map((r, i) => parseRule(r, `detection.rules[${i}]`, fail, known));
  }
  if (d.ai !== undefined) {
    if (typeof d.ai !== 'object' || d.ai === null || Array.isArray(d.ai)) fail('detection.ai', 'must be a table');
    const ai = d.ai as Table;
    known('detection.ai', ai, KNOWN_KEYS['detection.ai']);
    if (ai.command !== undefined) {
      const cmd = ai.command;
      if (!Array.isArray(cmd) || !cmd.length || !cmd.every((a) => typeof a === 'string' && a)) fail('detection.ai.command', 'must be a non-empty array of strings');
      out.ai.command = cmd as string[];
    }
    if (ai.interval !== undefined) out.ai.intervalMs = seconds(ai.interval, 'detection.ai.interval', 3600, fail);
    if (ai.timeout !== undefined) out.ai.timeoutMs = seconds(ai.timeout, 'detection.ai.timeout', 120, fail);
  }
}

function parseRule(r: Table, where: string, fail: Fail, known: Known): Rule {
  if (typeof r !== 'object' || r === null) fail(where, 'must be a table');
  known(where, r, KNOWN_KEYS['detection.rules[]']);
  if (typeof r.id !== 'string' || !r.id) fail(`${where}.id`, 'must be a non-empty string');
  if (!STATES.includes(r.state as string)) fail(`${where}.state`, `must be one of ${STATES.join(', ')}`);
  if (r.kind !== undefined && !(KINDS as readonly string[]).includes(r.kind as string)) fail(`${where}.kind`, `must be one of ${KINDS.join(', ')}`);
  if (!Array.isArray(r.patterns) || !r.patterns.length) fail(`${where}.patterns`, 'must be a non-empty array of regular expressions');
  const patterns = (r.patterns as unknown[]).map((p, i) => {
    if (typeof p !== 'string') return fail(`${where}.patterns`, `entry ${i + 1} is not a string`);
    try {
      return new RegExp(p, 'm');
    } catch (err) {
      return fail(`${where}.patterns`, `bad pattern ${JSON.stringify(p)}: ${(err as Error).message}`);
    }
  });
  if (r.lines !== undefined && !(integer(r.lines) > 0)) fail(`${where}.lines`, 'must be a positive integer');
  if (r.where !== undefined && r.where !== 'screen' && r.where !== 'title') fail(`${where}.where`, 'must be "screen" or "title"');
  if (r.all !== undefined && typeof r.all !== 'boolean') fail(`${where}.all`, 'must be true or false');
  return {
    id: r.id as string,
    agent: typeof r.agent === 'string' && r.agent ? r.agent : 'generic',
    state: r.state as Rule['state'],
    kind: r.kind as Rule['kind'],
    patterns,
    all: r.all as boolean | undefined,
    lines: r.lines === undefined ? undefined : Number(r.lines),
    where: r.where as Rule['where'],
  };
}

/** The 1-based line where `table.key` (or a top-level key) is set, for error messages. */
function lineOf(text: string, dotted: string): number | null {
  // `detection.rules[2].patterns`: the key in the third [[detection.rules]] table.
  const indexed = /^(.*)\[(\d+)\]\.([^.]+)$/.exec(dotted);
  const parts = indexed ? [...indexed[1].split('.'), indexed[3]] : dotted.split('.');
  const occurrence = indexed ? Number(indexed[2]) : 0;
  const key = parts.pop()!;
  const table = parts.join('.');
  let current = '';
  let seen = -1;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const header = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?/.exec(lines[i]);
    if (header) {
      current = header[1];
      if (current === table) seen++;
      continue;
    }
    if (indexed && seen !== occurrence) continue;
    const k = /^\s*"?([A-Za-z0-9_-]+)"?\s*=/.exec(lines[i]);
    if (k && k[1] === key && current === table) return i + 1;
    // A dotted key at the top (`ui.scrollback = 5`); the key is the user's text, so no RegExp.
    const line = lines[i].trimStart();
    if (current === '' && table && line.startsWith(`${table}.${key}`) && /^\s*=/.test(line.slice(table.length + key.length + 1))) return i + 1;
  }
  return null;
}
