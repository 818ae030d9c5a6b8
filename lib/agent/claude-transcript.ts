// Claude Code keeps each conversation as a transcript, `<config dir>/projects/<cwd slug>/<id>.jsonl`,
// written once the conversation has a message. Its SessionStart hook names the session before
// that, when `claude --resume <id>` still finds no conversation: like Codex's rollouts (see
// codex-notify.ts), only a session with a transcript is one a restore can resume.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Claude Code's own folder (CLAUDE_CONFIG_DIR, else ~/.claude). */
export function claudeDir(): string {
  return process.env.CLAUDE_CONFIG_DIR || path.join(process.env.HOME || os.homedir(), '.claude');
}

/** The folder name Claude Code gives a project: its path with every other character a `-`. */
export function projectSlug(cwd: string): string {
  return cwd.replace(/[^A-Za-z0-9]/g, '-');
}

/**
 * Whether session `id` has its transcript yet: the file the hook's `transcript_path` names (when
 * it is that session's), else the one under the projects folder for the hook's `cwd`.
 */
export function hasTranscript(id: string, hook: Record<string, unknown>, dir = claudeDir()): boolean {
  if (id.includes('/') || id.startsWith('.')) return false;
  const files: string[] = [];
  const named = hook.transcript_path;
  if (typeof named === 'string' && path.isAbsolute(named) && path.basename(named) === `${id}.jsonl`) files.push(named);
  if (typeof hook.cwd === 'string' && path.isAbsolute(hook.cwd)) files.push(path.join(dir, 'projects', projectSlug(hook.cwd), `${id}.jsonl`));
  return files.some((f) => fs.statSync(f, { throwIfNoEntry: false })?.isFile() ?? false);
}
