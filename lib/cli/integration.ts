// `thurm integration install claude-code`: merges thurm's hook entries and its status-line
// command into Claude Code's settings (~/.claude/settings.json), keeping a backup first; running
// it again changes nothing. A status line of the user's own stays: thurm's runs it (`--own`),
// and `integration uninstall` puts it back as it was. Codex's `notify` likewise.
import { claudeDir } from '../agent/claude-transcript.js';
import fs from 'node:fs';
import path from 'node:path';
import { ThurmError } from '../errors.js';
import { codexHome } from '../agent/codex-notify.js';

export const CLAUDE_HOOK_EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Notification', 'Stop', 'SessionEnd'] as const;

/** Quotes one argument for a POSIX shell (Claude Code runs hook commands through one). */
function shellQuote(arg: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

export function hookCommand(thurmBin: string): string {
  return `${shellQuote(thurmBin)} agent hook claude-code`;
}

type StatusLine = { type?: unknown; command?: unknown } & Record<string, unknown>;
type Settings = { hooks?: Record<string, { matcher?: string; hooks: { type: string; command: string }[] }[]>; statusLine?: StatusLine } & Record<string, unknown>;

const isOurs = (command: unknown) => typeof command === 'string' && command.includes('agent hook claude-code');
const STATUSLINE = ' agent statusline';

/** thurm's status-line command, running `own` (the user's) after it. */
export function statusLineCommand(thurmBin: string, own: string | null): string {
  return `${shellQuote(thurmBin)}${STATUSLINE}${own === null ? '' : ` --own ${shellQuote(own)}`}`;
}

/** The user's own command inside thurm's status-line command (undefined: it is not thurm's; null: none). */
export function ownStatusLine(command: unknown): string | null | undefined {
  if (typeof command !== 'string') return undefined;
  const m = /^(?:[A-Za-z0-9_./:=@%+-]+|'(?:[^']|'\\'')*') agent statusline(?: --own (.*))?$/s.exec(command);
  if (!m) return undefined;
  return m[1] === undefined ? null : unquote(m[1]);
}

/** The word shellQuote made, as it was. */
function unquote(word: string): string {
  return word.startsWith("'") ? word.slice(1, -1).replace(/'\\''/g, "'") : word;
}

/** Settings with thurm's status line in front of the user's (kept whole: padding and all). */
export function mergeClaudeStatusLine(settings: Settings, thurmBin: string): Settings {
  const line = settings.statusLine;
  if (line !== undefined && ownStatusLine(line.command) !== undefined) return settings;
  if (line === undefined) return { ...settings, statusLine: { type: 'command', command: statusLineCommand(thurmBin, null) } };
  if (line.type !== 'command' || typeof line.command !== 'string') {
    throw new ThurmError('INVALID_ARGUMENT', 'Claude Code\'s statusLine is not a command: thurm cannot run it after its own');
  }
  return { ...settings, statusLine: { ...line, command: statusLineCommand(thurmBin, line.command) } };
}

/** Settings without thurm's hooks and status line: the user's status line as it was. */
export function withoutThurm(settings: Settings): Settings {
  const out: Settings = { ...settings };
  if (settings.hooks) {
    const hooks: NonNullable<Settings['hooks']> = {};
    for (const [event, entries] of Object.entries(settings.hooks)) {
      const kept = entries.map((e) => ({ ...e, hooks: e.hooks?.filter((h) => !isOurs(h.command)) }))
        .filter((e, i) => e.hooks?.length || !entries[i].hooks?.some((h) => isOurs(h.command)));
      if (kept.length) hooks[event] = kept;
    }
    if (Object.keys(hooks).length) out.hooks = hooks;
    else delete out.hooks;
  }
  const own = settings.statusLine && ownStatusLine(settings.statusLine.command);
  if (own === null) delete out.statusLine;
  else if (own !== undefined) out.statusLine = { ...settings.statusLine, command: own };
  return out;
}

/** Settings with thurm's hook added to every event it is not already in. */
export function mergeClaudeHooks(settings: Settings, command: string): Settings {
  const hooks = { ...(settings.hooks ?? {}) };
  for (const event of CLAUDE_HOOK_EVENTS) {
    const entries = [...(hooks[event] ?? [])];
    const present = entries.some((e) => e.hooks?.some((h) => isOurs(h.command)));
    if (!present) entries.push({ ...(event === 'PreToolUse' || event === 'PostToolUse' ? { matcher: '*' } : {}), hooks: [{ type: 'command', command }] });
    hooks[event] = entries;
  }
  return { ...settings, hooks };
}

export function installClaudeCode(opts: IntegrationOptions): string {
  const file = opts.settings ?? path.join(claudeDir(), 'settings.json');
  const { text, settings: current } = readClaudeSettings(file);
  const out = claudeSettingsText(current, opts.thurmBin);
  return opts.print ? out : install(file, text, out, 'thurm hooks and status line');
}

function claudeSettingsText(settings: Settings, thurmBin: string): string {
  return `${JSON.stringify(mergeClaudeStatusLine(mergeClaudeHooks(settings, hookCommand(thurmBin)), thurmBin), null, 2)}\n`;
}

/**
 * `thurm integration uninstall claude-code`: thurm's hooks and status line out, the user's own
 * status line back. Settings nobody changed since the install get the backup's text back byte
 * for byte.
 */
export function uninstallClaudeCode(opts: IntegrationOptions): string {
  const file = opts.settings ?? path.join(claudeDir(), 'settings.json');
  const { text, settings } = readClaudeSettings(file);
  if (text === null) return `nothing to uninstall: no ${file}\n`;
  let backup: string | null = null;
  try {
    backup = fs.readFileSync(`${file}.thurm-backup`, 'utf8');
  } catch {
    // no backup: taken apart instead
  }
  let out = `${JSON.stringify(withoutThurm(settings), null, 2)}\n`;
  if (backup !== null) {
    try {
      const before = JSON.parse(backup) as Settings;
      if (claudeSettingsText(before, opts.thurmBin) === text || JSON.stringify(withoutThurm(settings)) === JSON.stringify(before)) out = backup;
    } catch {
      // a backup that is no JSON is not the file's past
    }
  }
  if (opts.print) return out;
  if (out === text) return `not installed in ${file}\n`;
  writeAtomically(file, out);
  return `removed thurm's hooks and status line from ${file}\n`;
}

function readClaudeSettings(file: string): { text: string | null; settings: Settings } {
  let text: string | null = null;
  let settings: Settings = {};
  try {
    text = fs.readFileSync(file, 'utf8');
    settings = JSON.parse(text) as Settings;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ThurmError('INVALID_ARGUMENT', `cannot read Claude Code settings: ${file}: ${(err as Error).message}`);
    }
  }
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
    throw new ThurmError('INVALID_ARGUMENT', `Claude Code settings are not a JSON object: ${file}`);
  }
  return { text, settings };
}

/** Writes `out` over `file` (whose text was `text`, null when absent), keeping a backup; says what it did. */
function install(file: string, text: string | null, out: string, what: string): string {
  if (text === out) return `already installed in ${file}\n`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (text !== null) fs.writeFileSync(`${file}.thurm-backup`, text, { mode: 0o600 });
  writeAtomically(file, out);
  return `installed ${what} in ${file}${text !== null ? ` (backup: ${file}.thurm-backup)` : ''}\n`;
}

function writeAtomically(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

/** Codex's config.toml with thurm as its notify program, added as the first top-level key. */
export function mergeCodexNotify(text: string, thurmBin: string): string {
  const top = text.split(/^\s*\[/m)[0];
  const line = /^\s*notify\s*=.*$/m.exec(top)?.[0];
  if (line?.includes('agent') && line.includes('hook') && line.includes('codex')) return text;
  if (line) throw new ThurmError('INVALID_ARGUMENT', `codex already has a notify program (${line.trim()}); it runs only one: call \`thurm agent hook codex PAYLOAD\` from yours`);
  return `notify = ${JSON.stringify([thurmBin, 'agent', 'hook', 'codex'])}\n${text}`;
}

/** `thurm integration install codex`: thurm as Codex's notify program (~/.codex/config.toml). */
export function installCodex(opts: IntegrationOptions): string {
  const file = opts.settings ?? path.join(codexHome(), 'config.toml');
  const text = readCodexConfig(file);
  const out = mergeCodexNotify(text ?? '', opts.thurmBin);
  return opts.print ? out : install(file, text, out, 'thurm as Codex\'s notify program');
}

/** Codex's config.toml's text, null when there is none. */
function readCodexConfig(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new ThurmError('INVALID_ARGUMENT', `cannot read Codex config: ${file}: ${(err as Error).message}`);
  }
}

/** Codex's config.toml without thurm's notify line (the line install added, whole). */
export function withoutCodexNotify(text: string): string {
  return text.replace(/^notify = \[[^\n]*"agent","hook","codex"\]\n/m, '');
}

/** `thurm integration uninstall codex`: thurm's notify line out of ~/.codex/config.toml. */
export function uninstallCodex(opts: { print: boolean; settings?: string }): string {
  const file = opts.settings ?? path.join(codexHome(), 'config.toml');
  const text = readCodexConfig(file);
  if (text === null) return `nothing to uninstall: no ${file}\n`;
  const out = withoutCodexNotify(text);
  if (opts.print) return out;
  if (out === text) return `not installed in ${file}\n`;
  writeAtomically(file, out);
  return `removed thurm as Codex's notify program from ${file}\n`;
}

type IntegrationOptions = { print: boolean; settings?: string; thurmBin: string };

/** What `thurm integration ACTION AGENT` runs. */
export function integration(agent: string, action: 'install' | 'uninstall'): (opts: IntegrationOptions) => string {
  const actions = agent === 'codex' ? { install: installCodex, uninstall: uninstallCodex }
    : agent === 'claude-code' || agent === 'claude' ? { install: installClaudeCode, uninstall: uninstallClaudeCode } : null;
  if (!actions) throw new ThurmError('INVALID_ARGUMENT', `no integration for: ${agent} (known: claude-code, codex)`);
  return actions[action];
}
