// Every key of the config file, declared once: the parser (config.ts) reads and checks each key
// through its declaration, the known keys of each table come from here, and the annotated files
// in docs/config.md and docs/agents.md are rendered from it (spec/docs/config-doc.spec.ts).
// Defaults are DEFAULT_CONFIG's, read at each key's `at`.
import os from 'node:os';
import path from 'node:path';
import { hasControl } from '../sanitize.js';
import { KINDS } from '../status/osc7501.js';
import { NOTIFICATION_CAUSES } from '../status/program-status.js';
import { keyBytes } from '../term/keys.js';
import { MODE_KEYS } from '../ui/copy-keys.js';
import { MAX_WINDOW_INDEX } from './window-options.js';
import { WINDOW_SIZE_RULES } from './client-sizes.js';
import { MAX_OPTION_VALUE } from './tmux-options.js';
import { ENV_NAME } from './session-env.js';

export type Fail = (key: string, why: string) => never;

/** How a key's value is read from TOML, and how the documented file writes it. */
export interface ValueRule<T = unknown> {
  read(v: unknown, key: string, fail: Fail): T;
  show(v: T): string;
}

const MIB = 2 ** 20;
const UNITS: Record<string, number> = { KiB: 2 ** 10, MiB: MIB, GiB: 2 ** 30 };
const quote = (s: string) => JSON.stringify(s);
const listed = (values: readonly string[]) => `${values.slice(0, -1).map(quote).join(', ')} or ${quote(values[values.length - 1])}`;

/** A TOML integer as a number; NaN for anything else (a string or an array of one number is not one). */
function integer(v: unknown): number {
  const n = typeof v === 'bigint' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) ? n : NaN;
}

export const value = {
  bool: (): ValueRule<boolean> => ({
    read: (v, key, fail) => (typeof v === 'boolean' ? v : fail(key, 'must be true or false')),
    show: String,
  }),
  int: (min: number, max: number): ValueRule<number> => ({
    read: (v, key, fail) => {
      const n = integer(v);
      return n >= min && n <= max ? n : fail(key, `must be an integer from ${min} to ${max}`);
    },
    show: String,
  }),
  oneOf: <T extends string>(values: readonly T[]): ValueRule<T> => ({
    read: (v, key, fail) => (values.includes(v as T) ? (v as T) : fail(key, `must be ${listed(values)}`)),
    show: quote,
  }),
  /** A number of seconds, kept in milliseconds; `zero`: 0 is a value too (at once, never). */
  seconds: (max: number, zero = false): ValueRule<number> => ({
    read: (v, key, fail) => {
      const n = typeof v === 'bigint' ? Number(v) : v;
      const min = zero ? 0 : 0.001;
      // Kept in whole milliseconds: anything shorter would be 0, an interval of none at all.
      if (typeof n !== 'number' || !(n >= min) || (n > 0 && n < 0.001) || n > max) fail(key, `must be a number of seconds, from ${min} to ${max}`);
      return Math.round((n as number) * 1000);
    },
    show: (ms) => String(ms / 1000),
  }),
  /** A size in bytes from a number of MiB or a string such as "512MiB" or "2GiB" (1 MiB to 1 TiB). */
  memory: (): ValueRule<number> => ({
    read: (v, key, fail) => {
      const m = typeof v === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*(KiB|MiB|GiB)\s*$/.exec(v) : null;
      const bytes = typeof v === 'number' || typeof v === 'bigint' ? Number(v) * MIB : m ? Number(m[1]) * UNITS[m[2]] : NaN;
      if (!(bytes >= MIB && bytes <= 2 ** 40)) fail(key, 'must be a number of MiB or a size such as "256MiB" or "1GiB", from 1 MiB to 1 TiB');
      return Math.floor(bytes);
    },
    show: (bytes) => String(bytes / MIB),
  }),
  /** A non-empty string; `describe` says what it is. */
  /** A tmux format (status-left): any string, empty for nothing, as long as a tmux option value may be. */
  format: (): ValueRule<string> => ({
    read: (v, key, fail) => (typeof v === 'string' && v.length <= MAX_OPTION_VALUE ? v : fail(key, `must be a string of at most ${MAX_OPTION_VALUE} characters`)),
    show: quote,
  }),
  text: (describe = 'a non-empty string'): ValueRule<string> => ({
    read: (v, key, fail) => (typeof v === 'string' && v ? v : fail(key, `must be ${describe}`)),
    show: quote,
  }),
  keyName: (): ValueRule<string> => ({
    read: (v, key, fail) => (typeof v === 'string' && keyBytes(v) ? v : fail(key, `not a key name: ${JSON.stringify(v)}`)),
    show: quote,
  }),
  /** A thurm command line, as typed at prefix `:`. */
  commandLine: (): ValueRule<string> => ({
    read: (v, key, fail) => {
      if (typeof v !== 'string' || !v.trim() || v.length > 512 || hasControl(v)) fail(key, 'must be a thurm command line, e.g. "select-layout tiled"');
      return (v as string).trim();
    },
    show: quote,
  }),
  /** Environment variable names (none is a list too). */
  names: (): ValueRule<string[]> => ({
    read: (v, key, fail) => {
      if (!Array.isArray(v) || v.length > 256 || !v.every((n) => typeof n === 'string' && ENV_NAME.test(n))) fail(key, 'must be an array of variable names');
      return v as string[];
    },
    show: (v) => `[${v.map(quote).join(', ')}]`,
  }),
  /** A program and its arguments: no shell, so no control characters either. */
  argv: (): ValueRule<string[]> => ({
    read: (v, key, fail) => {
      if (!Array.isArray(v) || !v.length || !v.every((a) => typeof a === 'string' && a && !hasControl(a))) {
        fail(key, 'must be a non-empty array of strings without control characters (the program first)');
      }
      return v as string[];
    },
    show: (v) => `[${v.map(quote).join(', ')}]`,
  }),
  /** An absolute folder, or one under the home folder (`~/worktrees`). */
  folder: (): ValueRule<string> => ({
    read: (v, key, fail) => {
      if (typeof v !== 'string' || hasControl(v) || !(v.startsWith('/') || v.startsWith('~/'))) fail(key, 'must be an absolute folder or one under ~/');
      return (v as string).startsWith('~/') ? path.join(os.homedir(), (v as string).slice(2)) : path.normalize(v as string);
    },
    show: quote,
  }),
  /** Notification causes (program-status.ts), at least one, each once. */
  causes: (): ValueRule<string[]> => ({
    read: (v, key, fail) => {
      if (!Array.isArray(v) || !v.length || !v.every((c) => (NOTIFICATION_CAUSES as readonly unknown[]).includes(c)) || new Set(v).size !== v.length) {
        fail(key, `must be a non-empty array of ${listed(NOTIFICATION_CAUSES)}`);
      }
      return v as string[];
    },
    show: (v) => `[${v.map(quote).join(', ')}]`,
  }),
  /** Regular expressions, each matched line by line. */
  patterns: (): ValueRule<RegExp[]> => ({
    read: (v, key, fail) => {
      if (!Array.isArray(v) || !v.length) fail(key, 'must be a non-empty array of regular expressions');
      return (v as unknown[]).map((p, i) => {
        if (typeof p !== 'string') return fail(key, `entry ${i + 1} is not a string`);
        try {
          return new RegExp(p, 'm');
        } catch (err) {
          return fail(key, `bad pattern ${JSON.stringify(p)}: ${(err as Error).message}`);
        }
      });
    },
    show: (v) => `[${v.map((r) => quote(r.source)).join(', ')}]`,
  }),
};

/** A key of each table of an array of tables (`[[keys.bind]]`). */
export interface TableField {
  value: ValueRule;
  /** Its property in the element read (the key's own name when absent). */
  as?: string;
  required?: boolean;
  /** The value when absent; without it, an absent key stays absent. */
  default?: unknown;
  doc?: string;
  /** As the documented file shows it (TOML). */
  example?: string;
}

/** An array of tables: each table is checked against `fields` and read into one object. */
export function tables(fields: Record<string, TableField>): ValueRule<Record<string, unknown>[]> & { fields: Record<string, TableField> } {
  return {
    fields,
    read: (v, key, fail) => {
      if (!Array.isArray(v)) fail(key, `must be an array of tables ([[${key}]])`);
      return (v as unknown[]).map((t, i) => {
        const where = `${key}[${i}]`;
        if (typeof t !== 'object' || t === null || Array.isArray(t)) fail(where, 'must be a table');
        const table = t as Record<string, unknown>;
        for (const k of Object.keys(table)) if (!(k in fields)) fail(`${where}.${k}`, 'unknown key');
        const out: Record<string, unknown> = {};
        for (const [name, f] of Object.entries(fields)) {
          const raw = table[name];
          if (raw === undefined && f.required) fail(`${where}.${name}`, 'is missing');
          const read = raw === undefined ? f.default : f.value.read(raw, `${where}.${name}`, fail);
          if (read !== undefined) out[f.as ?? name] = read;
        }
        return out;
      });
    },
    show: () => '',
  };
}

export interface ConfigKey {
  /** Dotted from the top of the file: `ui.scrollback`. */
  key: string;
  /** Where its value goes in Config, dotted: `ui.scrollback`. */
  at: string;
  value: ValueRule;
  /** The comment beside it in the documented file. */
  doc?: string;
  /** What the documented file shows instead of the default (TOML). */
  example?: string;
  /** Another spelling of a documented key: read, not shown. */
  alias?: boolean;
}

const DETECTED_STATES = ['working', 'blocked', 'idle', 'ignore'] as const;

export const CONFIG_KEYS: readonly ConfigKey[] = [
  { key: 'remain-on-exit', at: 'remainOnExit', value: value.bool(), doc: 'true: a finished pane stays, its border shows the exit status' },
  { key: 'keys.prefix', at: 'keys.prefix', value: value.keyName(), doc: 'any key name: "C-a", "C-Space", "M-a", "`"' },
  { key: 'keys.mode-keys', at: 'keys.modeKeys', value: value.oneOf(MODE_KEYS), doc: 'copy mode\'s keys: "vi" or "emacs", as tmux\'s tables (a tmux `set -g mode-keys` wins)' },
  {
    key: 'keys.bind', at: 'keys.bind', doc: 'a key runs a thurm command line, as prefix : would',
    value: tables({
      key: { value: value.keyName(), required: true, example: '"M-h"' },
      command: { value: value.commandLine(), required: true, example: '"focus --direction left"' },
      prefix: { value: value.bool(), default: true, example: 'false', doc: 'false: the key alone (it no longer reaches the pane); default true: after the prefix' },
    }),
  },
  { key: 'ui.status-line', at: 'ui.statusLine', value: value.bool() },
  { key: 'ui.scrollback', at: 'ui.scrollback', value: value.int(0, 1_000_000), doc: 'lines kept per pane; past the newest 200, a plain line costs about its text' },
  { key: 'ui.scrollback-memory', at: 'ui.scrollbackMemory', value: value.memory(), doc: 'MiB all panes\' history may use together (or "512MiB", "2GiB")' },
  { key: 'ui.truecolor', at: 'ui.truecolor', value: value.oneOf(['auto', 'on', 'off']), doc: '"auto": COLORTERM, terminfo Tc/RGB or an XTGETTCAP answer; "on"; "off"' },
  { key: 'ui.clipboard', at: 'ui.clipboard', value: value.bool(), doc: 'copy mode\'s copies also go to the client\'s clipboard (OSC 52)' },
  { key: 'ui.pane-clipboard', at: 'ui.paneClipboard', value: value.bool(), doc: 'true: a pane\'s own OSC 52 writes become paste buffers and reach clients' },
  { key: 'ui.mouse', at: 'ui.mouse', value: value.bool(), doc: 'false: no clicks, drags or wheel for thurm; your terminal keeps the mouse' },
  { key: 'ui.set-title', at: 'ui.setTitle', value: value.bool(), doc: 'the terminal\'s title follows the focused pane ("default: 2 vim"), restored on exit' },
  { key: 'ui.outer-status', at: 'ui.outerStatus', value: value.bool(), doc: 'tell an outer terminal that speaks OSC 7501 (another thurm, Zellij...) this session\'s state' },
  { key: 'ui.base-index', at: 'ui.baseIndex', value: value.int(0, MAX_WINDOW_INDEX), doc: 'the first window\'s index, and the lowest a new one takes (a tmux `set -g base-index` wins)' },
  { key: 'ui.renumber-windows', at: 'ui.renumberWindows', value: value.bool(), doc: 'true: closing a window numbers the others again from base-index (a tmux `set -g renumber-windows` wins)' },
  { key: 'ui.status-left', at: 'ui.statusLeft', value: value.format(), doc: 'the status line\'s left end, a tmux format and strftime codes ("#S", "#{pane_title}", "%H:%M"; a tmux `set -g status-left` wins)' },
  { key: 'ui.status-right', at: 'ui.statusRight', value: value.format(), doc: 'its right end, the same way (empty: nothing; the state counts stay left of it)' },
  { key: 'ui.window-size', at: 'ui.windowSize', value: value.oneOf(WINDOW_SIZE_RULES), doc: 'whose size the window takes: "latest" (the client that typed last), "largest", "smallest" or "manual" (resize-window\'s; a tmux `set -g window-size` wins)' },
  { key: 'session.save', at: 'session.save', value: value.bool(), doc: 'false: no session file is written (nothing to restore)' },
  { key: 'session.history-lines', at: 'session.historyLines', value: value.int(0, 100_000), doc: 'lines of each pane\'s history kept in the session file; 0: none (it may hold secrets)' },
  {
    key: 'session.update-environment', at: 'session.updateEnvironment', value: value.names(),
    doc: 'variables a client that attaches copies into the session environment for new panes (one it lacks is removed), as tmux\'s update-environment',
  },
  { key: 'session.resume_agents', at: 'session.resumeAgents', value: value.bool(), doc: 'restore types each agent\'s resume command into its pane\'s shell' },
  { key: 'session.resume-agents', at: 'session.resumeAgents', value: value.bool(), alias: true },
  {
    key: 'session.resume', at: 'session.resume', doc: 'for a program that reports no resume command: how to resume it',
    value: tables({
      match: { value: value.text('a program name'), required: true, example: '"aider"', doc: 'the foreground program\'s name when the session was saved' },
      argv: { value: value.argv(), required: true, example: '["aider", "--restore-chat-history"]' },
    }),
  },
  { key: 'notifications.desktop', at: 'notifications.desktop', value: value.oneOf(['osc9', 'osc777', 'off']), doc: 'how attached terminals are told: "osc9", "osc777" or "off"' },
  { key: 'notifications.command', at: 'notifications.command', value: value.argv(), example: '["notify-send"]', doc: 'optional: run with the title and text as two more arguments, no shell' },
  {
    key: 'notify.route', at: 'notify.routes', doc: 'a command that carries notifications on (ntfy, a webhook, a chat script): argv, the event as JSON on stdin',
    value: tables({
      name: { value: value.text('a route name'), required: true, example: '"phone"' },
      states: { value: value.causes(), as: 'causes', default: ['blocked', 'error'], example: '["blocked", "error"]', doc: 'the causes it carries: blocked, done, error, program (a program\'s own notification), bell, usage (a usage alert)' },
      after: { value: value.seconds(86_400, true), as: 'afterMs', default: 0, example: '60', doc: 'seconds a notification stays unanswered before the route runs (0: at once)' },
      command: { value: value.argv(), required: true, example: '["ntfy", "publish", "my-topic"]', doc: 'no shell: THURM_NOTIFY_TITLE, _TEXT, _PANE, _CAUSE, _KIND and _ROUTE are set too' },
      repeat: { value: value.seconds(86_400, true), as: 'repeatMs', default: 0, example: '600', doc: 'run again this often while still unanswered (0: never)' },
      resolved: { value: value.argv(), default: null, example: '["ntfy", "publish", "my-topic", "answered"]', doc: 'optional: run once the pane was seen, answered or closed, after the route ran' },
      timeout: { value: value.seconds(600), as: 'timeoutMs', default: 10_000, example: '10', doc: 'seconds before a run is killed' },
    }),
  },
  { key: 'agents.worktree-dir', at: 'agents.worktreeDir', value: value.folder(), example: '"~/worktrees"', doc: 'where `agent new --worktree` makes worktrees (default: REPO-worktrees beside the repository)' },
  { key: 'agents.context-alert', at: 'agents.contextAlert', value: value.int(0, 100), doc: 'an agent\'s context this full (percent) alerts once: the pane\'s border and one `usage` notification (0: never)' },
  { key: 'agents.limit-alert', at: 'agents.limitAlert', value: value.int(0, 100), doc: 'a plan limit this used (percent) alerts the same way (0: never)' },
  { key: 'agents.usage-in-border', at: 'agents.usageInBorder', value: value.bool(), doc: 'true: each agent pane\'s border shows its context, cost and nearest limit' },
  { key: 'tmux.shim', at: 'tmux.shim', value: value.bool(), doc: 'false: `tmux` in a pane is whatever your PATH has, and no TMUX or TMUX_PANE is set' },
  { key: 'detection.enabled', at: 'detection.enabled', value: value.bool(), doc: 'false: only reports, hooks and OSC 7501 set a pane\'s state' },
  { key: 'detection.idle-threshold', at: 'detection.idleThresholdMs', value: value.seconds(3600), doc: 'seconds without output before an agent counts as idle' },
  {
    key: 'detection.rules', at: 'detection.rules', doc: 'add a rule, or replace a built-in one by using its id',
    value: tables({
      id: { value: value.text(), required: true, example: '"my-tool.confirm"' },
      agent: { value: value.text('an agent name, or "generic"'), default: 'generic', example: '"generic"', doc: 'or a built-in agent: claude-code, codex, gemini, aider, opencode' },
      state: { value: value.oneOf(DETECTED_STATES), required: true, example: '"blocked"', doc: 'working, blocked, idle, or ignore' },
      kind: { value: value.oneOf(KINDS), example: '"question"', doc: 'permission, question or auth (blocked only)' },
      patterns: { value: value.patterns(), required: true, example: '["Continue\\\\? \\\\[yes/no\\\\]"]' },
      all: { value: value.bool(), example: 'false', doc: 'true: every pattern must match, not any' },
      lines: { value: value.int(1, 10_000), example: '2', doc: 'look at the last N non-blank rows only' },
      where: { value: value.oneOf(['screen', 'title']), example: '"screen"', doc: '"title": match the pane\'s title instead' },
    }),
  },
  { key: 'detection.ai.command', at: 'detection.ai.command', value: value.argv(), example: '["my-classifier"]', doc: 'gets {"agent","title","screen"} on stdin, answers {"state","kind"}' },
  { key: 'detection.ai.interval', at: 'detection.ai.intervalMs', value: value.seconds(3600), doc: 'at most once per this many seconds per pane' },
  { key: 'detection.ai.timeout', at: 'detection.ai.timeoutMs', value: value.seconds(120) },
];

/** Comments for table headers in the documented file. */
export const TABLE_DOCS: Readonly<Record<string, string>> = {
  'detection.ai': 'optional: asked only when the rules are inconclusive',
};

/** The table a key is in ('' for the top level) and its own name. */
export function splitKey(key: string): { table: string; name: string } {
  const dot = key.lastIndexOf('.');
  return dot < 0 ? { table: '', name: key } : { table: key.slice(0, dot), name: key.slice(dot + 1) };
}

/**
 * Every key each table may hold (sub-tables too): '' is the top level, `name[]` each table of
 * an array of tables. Any other key is an error.
 */
export const KNOWN_KEYS: Readonly<Record<string, readonly string[]>> = (() => {
  const known: Record<string, string[]> = { '': [] };
  const add = (table: string, name: string) => {
    known[table] ??= [];
    if (!known[table].includes(name)) known[table].push(name);
  };
  for (const k of CONFIG_KEYS) {
    const parts = k.key.split('.');
    for (let i = 0; i < parts.length; i++) add(parts.slice(0, i).join('.'), parts[i]);
    const fields = (k.value as Partial<ReturnType<typeof tables>>).fields;
    if (fields) for (const name of Object.keys(fields)) add(`${k.key}[]`, name);
  }
  return known;
})();
