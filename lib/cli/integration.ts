// `thurm integration install claude-code`: merges thurm's hook entries into Claude Code's
// settings (~/.claude/settings.json), keeping a backup first; running it again changes nothing.
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

type Settings = { hooks?: Record<string, { matcher?: string; hooks: { type: string; command: string }[] }[]> } & Record<string, unknown>;

/** Settings with thurm's hook added to every event it is not already in. */
export function mergeClaudeHooks(settings: Settings, command: string): Settings {
  const hooks = { ...(settings.hooks ?? {}) };
  for (const event of CLAUDE_HOOK_EVENTS) {
    const entries = [...(hooks[event] ?? [])];
    const present = entries.some((e) => e.hooks?.some((h) => h.command?.includes('agent hook claude-code')));
    if (!present) entries.push({ ...(event === 'PreToolUse' || event === 'PostToolUse' ? { matcher: '*' } : {}), hooks: [{ type: 'command', command }] });
    hooks[event] = entries;
  }
  return { ...settings, hooks };
}

export function installClaudeCode(opts: { print: boolean; settings?: string; thurmBin: string }): string {
  const file = opts.settings ?? path.join(claudeDir(), 'settings.json');
  let current: Settings = {};
  let text: string | null = null;
  try {
    text = fs.readFileSync(file, 'utf8');
    current = JSON.parse(text) as Settings;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ThurmError('INVALID_ARGUMENT', `cannot read Claude Code settings: ${file}: ${(err as Error).message}`);
    }
  }
  if (typeof current !== 'object' || current === null || Array.isArray(current)) {
    throw new ThurmError('INVALID_ARGUMENT', `Claude Code settings are not a JSON object: ${file}`);
  }
  const merged = mergeClaudeHooks(current, hookCommand(opts.thurmBin));
  const out = `${JSON.stringify(merged, null, 2)}\n`;
  return opts.print ? out : install(file, text, out, 'thurm hooks');
}

/** Writes `out` over `file` (whose text was `text`, null when absent), keeping a backup; says what it did. */
function install(file: string, text: string | null, out: string, what: string): string {
  if (text === out) return `already installed in ${file}\n`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (text !== null) fs.writeFileSync(`${file}.thurm-backup`, text, { mode: 0o600 });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, out, { mode: 0o600 });
  fs.renameSync(tmp, file);
  return `installed ${what} in ${file}${text !== null ? ` (backup: ${file}.thurm-backup)` : ''}\n`;
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
export function installCodex(opts: { print: boolean; settings?: string; thurmBin: string }): string {
  const file = opts.settings ?? path.join(codexHome(), 'config.toml');
  let text: string | null = null;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new ThurmError('INVALID_ARGUMENT', `cannot read Codex config: ${file}: ${(err as Error).message}`);
  }
  const out = mergeCodexNotify(text ?? '', opts.thurmBin);
  return opts.print ? out : install(file, text, out, 'thurm as Codex\'s notify program');
}
