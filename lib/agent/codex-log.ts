// Codex's session log (`$CODEX_HOME/sessions/YYYY/MM/DD/rollout-...-<thread>.jsonl`), followed
// for its usage: Codex appends a `token_count` event after each model response. Which log is a
// pane's: one its Codex process (or a child: the npm wrapper runs the native binary) holds open,
// else the one of the session id its notify bound. The log only grows; it is read from where
// the last read stopped, whole lines only, the newest MAX_FIRST_READ bytes the first time.
import fs from 'node:fs';
import { openPlainFile } from '../plain-file.js';
import { codexTokenCountUsage, codexTurnModel, type AgentUsage } from './usage.js';

const ROLLOUT = /\/sessions\/.*\/rollout-[^/]*\.jsonl$/;
/** A long session's log runs to megabytes; its usage is in its newest lines. */
export const MAX_FIRST_READ = 1024 * 1024;
/** What one read takes at most: a flood of lines is caught up with over several reads. */
const MAX_READ = 4 * 1024 * 1024;

/** The rollout log one of `pids` or their children holds open, or null. */
export function rolloutHeldBy(pids: number[]): string | null {
  for (const pid of [...pids, ...pids.flatMap(childrenOf)]) {
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (ROLLOUT.test(target)) return target;
      } catch {
        // closed meanwhile
      }
    }
  }
  return null;
}

function childrenOf(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** One Codex session log, read as it grows. */
export class CodexLog {
  private offset = -1;
  private ino = -1;
  private model: string | null = null;

  constructor(readonly file: string) {}

  /** The newest usage in what was appended since the last read; null when none was (or the file is gone). */
  read(): AgentUsage | null {
    let fd: number;
    try {
      fd = openPlainFile(this.file, fs.constants.O_RDONLY, 'read');
    } catch {
      return null;
    }
    try {
      const st = fs.fstatSync(fd);
      // Another file by the same name, or one cut short: read it afresh.
      if (st.ino !== this.ino || st.size < this.offset) {
        this.ino = st.ino;
        this.offset = Math.max(0, st.size - MAX_FIRST_READ);
      }
      const length = Math.min(st.size - this.offset, MAX_READ);
      if (length <= 0) return null;
      const buf = Buffer.alloc(length);
      const got = fs.readSync(fd, buf, 0, length, this.offset);
      const end = buf.subarray(0, got).lastIndexOf(0x0a);
      if (end < 0) {
        // One line longer than a read: skip it.
        if (got === MAX_READ) this.offset += got;
        return null;
      }
      this.offset += end + 1;
      return this.newest(buf.subarray(0, end).toString('utf8'));
    } finally {
      fs.closeSync(fd);
    }
  }

  private newest(text: string): AgentUsage | null {
    let usage: AgentUsage | null = null;
    for (const line of text.split('\n')) {
      // Most lines are messages and tool calls: only these two are parsed.
      if (!line.includes('"token_count"') && !line.includes('"turn_context"')) continue;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        continue;
      }
      this.model = codexTurnModel(json) ?? this.model;
      usage = codexTokenCountUsage(json, this.model, this.file) ?? usage;
    }
    if (usage && !usage.model && this.model) usage.model = { name: this.model, from: 'turn_context.model' };
    return usage;
  }
}
