// Codex's `notify` program (config.toml `notify = [...]`): on every `agent-turn-complete` it runs
// the program with one JSON argument holding the thread id (the id `codex resume <id>` takes),
// the turn id and the cwd. Codex 0.171 runs it from its app-server daemon, which is no child of
// the pane and carries the environment of whichever pane started it, and it notifies for side
// threads too (the task title), which have no rollout file and cannot be resumed.
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { SESSION_ID } from './ownership.js';

export interface CodexTurn { threadId: string; cwd: string | null }

/** The finished turn a notify argument tells of; null for anything else. */
export function codexNotifyPayload(text: string): CodexTurn | null {
  let p: unknown;
  try {
    p = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof p !== 'object' || p === null) return null;
  const o = p as Record<string, unknown>;
  const id = o['thread-id'];
  if (o.type !== 'agent-turn-complete' || typeof id !== 'string' || !SESSION_ID.test(id)) return null;
  return { threadId: id, cwd: typeof o.cwd === 'string' ? o.cwd : null };
}

/** Day folders of ~/.codex/sessions looked at, newest first: a hook must stay fast. */
const MAX_DAYS = 62;

/**
 * Whether Codex keeps a rollout for `threadId`, i.e. whether `codex resume` can bring it back;
 * looks at the newest MAX_DAYS days only.
 */
export function hasRollout(codexHome: string, threadId: string): boolean {
  return findRollout(codexHome, threadId) !== null;
}

/** The rollout Codex keeps for `threadId` (`sessions/YYYY/MM/DD/rollout-...-<id>.jsonl`) in the newest MAX_DAYS days, or null. */
export function findRollout(codexHome: string, threadId: string): string | null {
  const newest = (dir: string) => {
    try {
      return fs.readdirSync(dir).filter((d) => /^\d+$/.test(d)).sort().reverse().map((d) => path.join(dir, d));
    } catch {
      return [];
    }
  };
  let days = 0;
  for (const year of newest(path.join(codexHome, 'sessions'))) {
    for (const month of newest(year)) {
      for (const day of newest(month)) {
        if (++days > MAX_DAYS) return null;
        try {
          const found = fs.readdirSync(day).find((f) => f.startsWith('rollout-') && f.endsWith(`-${threadId}.jsonl`));
          if (found) return path.join(day, found);
        } catch {
          // an unreadable day: look at the next
        }
      }
    }
  }
  return null;
}

/** Codex's own folder (CODEX_HOME, else ~/.codex). */
export function codexHome(): string {
  return process.env.CODEX_HOME || path.join(process.env.HOME || os.homedir(), '.codex');
}
