// The user's config file (${XDG_CONFIG_HOME:-~/.config}/thurm/config.toml): parsed with a
// real TOML parser, checked key by key as config-keys.ts declares them; a bad value is an error
// naming the key and its line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, TomlError } from 'smol-toml';
import type { DetectionConfig } from '../agent/detector.js';
import { ThurmError } from '../errors.js';
import { keyBytes } from '../term/keys.js';
import { CONFIG_KEYS, KNOWN_KEYS, splitKey, type Fail } from './config-keys.js';
import { DEFAULT_SCROLLBACK } from './history-budget.js';
import type { ModeKeys } from '../ui/copy-keys.js';
import type { NotifyRoute } from './notify-routes.js';
import type { ResumeRule } from './resume.js';
import type { WindowSizeRule } from './client-sizes.js';

export interface Config {
  /** bind: `[[keys.bind]]`, a key (after the prefix, or on its own) running a command line. */
  keys: { prefix: string; prefixBytes: string; modeKeys: ModeKeys; bind: { key: string; command: string; prefix: boolean }[] };
  /** scrollbackMemory: bytes all panes' history may use together (see history-budget.ts). */
  ui: { statusLine: boolean; scrollback: number; scrollbackMemory: number; truecolor: 'auto' | 'on' | 'off'; clipboard: boolean; paneClipboard: boolean; mouse: boolean; setTitle: boolean; outerStatus: boolean; baseIndex: number; renumberWindows: boolean; windowSize: WindowSizeRule; statusLeft: string; statusRight: string };
  remainOnExit: boolean;
  /** The session file (saver.ts) and what a restore does (resume.ts). */
  session: { save: boolean; historyLines: number; resumeAgents: boolean; resume: ResumeRule[]; updateEnvironment: string[] };
  notifications: { desktop: 'osc9' | 'osc777' | 'off'; command: string[] };
  /** `[[notify.route]]`: commands notifications go through (notify-routes.ts). */
  notify: { routes: NotifyRoute[] };
  /**
   * worktreeDir: where `agent new --worktree` makes worktrees (null: beside the repository);
   * contextAlert / limitAlert: the usage percentages that alert (0: never); usageInBorder: borders show usage.
   */
  agents: { worktreeDir: string | null; contextAlert: number; limitAlert: number; usageInBorder: boolean };
  detection: DetectionConfig & { ai: { command: string[]; intervalMs: number; timeoutMs: number } };
  /** `shim`: `tmux` in a pane is thurm's tmux shim, and $TMUX and $TMUX_PANE are set (lib/tmux/). */
  tmux: { shim: boolean };
}

const MIB = 2 ** 20;

export const DEFAULT_CONFIG: Config = {
  keys: { prefix: 'C-b', prefixBytes: '\x02', modeKeys: 'vi', bind: [] },
  ui: { statusLine: true, scrollback: DEFAULT_SCROLLBACK, scrollbackMemory: 256 * MIB, truecolor: 'auto', clipboard: true, paneClipboard: false, mouse: true, setTitle: true, outerStatus: true, baseIndex: 0, renumberWindows: false, windowSize: 'latest', statusLeft: '[#S] ', statusRight: '' },
  remainOnExit: false,
  session: {
    save: true, historyLines: 1000, resumeAgents: true, resume: [],
    // tmux's default update-environment.
    updateEnvironment: ['DISPLAY', 'KRB5CCNAME', 'SSH_ASKPASS', 'SSH_AUTH_SOCK', 'SSH_AGENT_PID', 'SSH_CONNECTION', 'WINDOWID', 'XAUTHORITY'],
  },
  notifications: { desktop: 'osc9', command: [] },
  notify: { routes: [] },
  agents: { worktreeDir: null, contextAlert: 90, limitAlert: 80, usageInBorder: false },
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

/** Reads the config file's text; every key is checked and read through its declaration (config-keys.ts). */
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
  const fail: Fail = (key, why) => {
    const line = lineOf(text, key);
    throw new ThurmError('CONFIG_ERROR', `${file}${line ? `:${line}` : ''}: ${key}: ${why}`);
  };
  for (const [table, names] of Object.entries(KNOWN_KEYS)) {
    if (table.endsWith('[]')) continue;
    const t = tableAt(doc, table, fail);
    if (t) for (const k of Object.keys(t)) if (!names.includes(k)) fail(table ? `${table}.${k}` : k, 'unknown key');
  }
  const config: Config = structuredClone(DEFAULT_CONFIG);
  for (const k of CONFIG_KEYS) {
    const { table, name } = splitKey(k.key);
    const v = tableAt(doc, table, fail)?.[name];
    if (v !== undefined) setAt(config, k.at, k.value.read(v, k.key, fail));
  }
  config.keys.prefixBytes = keyBytes(config.keys.prefix) as string;
  return config;
}

/** The table at dotted `table` ('' the top), null when absent; anything else there is an error. */
function tableAt(doc: Table, table: string, fail: Fail): Table | null {
  let t: unknown = doc;
  const parts = table ? table.split('.') : [];
  for (let i = 0; i < parts.length; i++) {
    t = (t as Table)[parts[i]];
    if (t === undefined) return null;
    if (typeof t !== 'object' || t === null || Array.isArray(t)) fail(parts.slice(0, i + 1).join('.'), 'must be a table');
  }
  return t as Table;
}

/** The value at dotted `at` in the config (as CONFIG_KEYS name it). */
export function configAt(config: Config, at: string): unknown {
  return at.split('.').reduce<unknown>((o, k) => (o as Table)[k], config);
}

function setAt(config: Config, at: string, v: unknown): void {
  const parts = at.split('.');
  const last = parts.pop() as string;
  (parts.reduce<unknown>((o, k) => (o as Table)[k], config) as Table)[last] = v;
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
