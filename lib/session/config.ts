// The user's config file (${XDG_CONFIG_HOME:-~/.config}/thurm/config.toml): parsed with a
// real TOML parser, checked key by key; a bad value is an error naming the key and its line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, TomlError } from 'smol-toml';
import { ThurmError } from '../errors.js';
import { keyBytes } from '../term/keys.js';

export interface Config {
  keys: { prefix: string; prefixBytes: string };
  ui: { statusLine: boolean; scrollback: number; truecolor: 'auto' | 'on' | 'off' };
  remainOnExit: boolean;
  notifications: { desktop: 'osc9' | 'osc777' | 'off'; command: string[] };
}

export const DEFAULT_CONFIG: Config = {
  keys: { prefix: 'C-b', prefixBytes: '\x02' },
  ui: { statusLine: true, scrollback: 10000, truecolor: 'auto' },
  remainOnExit: false,
  notifications: { desktop: 'osc9', command: [] },
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
  const known = (name: string, t: Table, keys: string[]) => {
    for (const k of Object.keys(t)) if (!keys.includes(k)) fail(name ? `${name}.${k}` : k, 'unknown key');
  };
  known('', doc, ['keys', 'ui', 'remain-on-exit', 'notifications']);
  const keys = table('keys');
  const ui = table('ui');
  const notifications = table('notifications');
  known('keys', keys, ['prefix']);
  known('ui', ui, ['status-line', 'scrollback', 'truecolor']);
  known('notifications', notifications, ['desktop', 'command']);

  const config: Config = structuredClone(DEFAULT_CONFIG);
  if (keys.prefix !== undefined) {
    const bytes = typeof keys.prefix === 'string' ? keyBytes(keys.prefix) : null;
    if (bytes === null || bytes.length === 0) fail('keys.prefix', `not a key name: ${JSON.stringify(keys.prefix)}`);
    config.keys = { prefix: keys.prefix as string, prefixBytes: bytes as string };
  }
  if (ui['status-line'] !== undefined) {
    if (typeof ui['status-line'] !== 'boolean') fail('ui.status-line', 'must be true or false');
    config.ui.statusLine = ui['status-line'] as boolean;
  }
  if (ui.scrollback !== undefined) {
    const n = ui.scrollback;
    if (typeof n !== 'bigint' && typeof n !== 'number') fail('ui.scrollback', 'must be an integer');
    const v = Number(n);
    if (!Number.isInteger(v) || v < 0 || v > 1_000_000) fail('ui.scrollback', 'must be between 0 and 1000000');
    config.ui.scrollback = v;
  }
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
  if (doc['remain-on-exit'] !== undefined) {
    if (typeof doc['remain-on-exit'] !== 'boolean') fail('remain-on-exit', 'must be true or false');
    config.remainOnExit = doc['remain-on-exit'] as boolean;
  }
  return config;
}

/** The 1-based line where `table.key` (or a top-level key) is set, for error messages. */
function lineOf(text: string, dotted: string): number | null {
  const parts = dotted.split('.');
  const key = parts.pop()!;
  const table = parts.join('.');
  let current = '';
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const header = /^\s*\[([^\]]+)\]/.exec(lines[i]);
    if (header) { current = header[1].trim(); if (!key && current === table) return i + 1; continue; }
    const k = /^\s*"?([A-Za-z0-9_-]+)"?\s*=/.exec(lines[i]);
    if (k && k[1] === key && current === table) return i + 1;
    if (current === '' && table && new RegExp(`^\\s*${table.replace(/\./g, '\\.')}\\.${key}\\s*=`).test(lines[i])) return i + 1;
  }
  return null;
}
