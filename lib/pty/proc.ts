// Reads process facts from Linux /proc: the foreground process group of a pane's tty,
// a process's arguments, working directory and start time.
import fs from 'node:fs';
import { scriptOf } from '../command-line.js';

export interface ProcStat {
  pid: number;
  ppid: number;
  pgid: number;
  sid: number;
  ttyForegroundPgid: number;
  startTime: number;
}

/** Parses /proc/PID/stat; the command name may hold spaces and parentheses. */
export function readStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is the state; see proc(5) for the order.
  return {
    pid,
    ppid: Number(fields[1]),
    pgid: Number(fields[2]),
    sid: Number(fields[3]),
    ttyForegroundPgid: Number(fields[5]),
    startTime: Number(fields[19]),
  };
}

export function readArgv(pid: number): string[] {
  try {
    const raw = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return raw.split('\0').filter((arg, i, all) => i < all.length - 1 || arg !== '');
  } catch {
    return [];
  }
}

export function readCwd(pid: number): string | null {
  try {
    return fs.readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return null;
  }
}

export interface ForegroundProcess {
  pid: number;
  pgid: number;
  argv: string[];
}

/** The foreground process group of the tty that `sessionLeader` controls, by its leader. */
export function foregroundOf(sessionLeader: number): ForegroundProcess | null {
  const stat = readStat(sessionLeader);
  if (!stat || stat.ttyForegroundPgid <= 0) return null;
  const pgid = stat.ttyForegroundPgid;
  // The group leader usually lives; if it exited, the session leader is the best answer.
  const pid = readStat(pgid) ? pgid : sessionLeader;
  return { pid, pgid, argv: readArgv(pid) };
}

/** For an interpreter (node, python...), the script it runs with symlinks resolved. */
export function resolveScript(pid: number, argv: string[]): string | null {
  const script = scriptOf(argv);
  if (!script) return null;
  try {
    return fs.realpathSync(script.startsWith('/') ? script : `${readCwd(pid) ?? '/'}/${script}`);
  } catch {
    return null;
  }
}

/** The device number of a terminal (its st_rdev), or null when it cannot be read. */
export function ttyDevice(name: string | null): number | null {
  if (!name) return null;
  try {
    return fs.statSync(name).rdev;
  } catch {
    return null;
  }
}

/** Whether process `pid` has terminal device `rdev` open. */
export function holds(pid: number, rdev: number): boolean {
  let fds: string[];
  try {
    fds = fs.readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false;
  }
  return fds.some((fd) => {
    try {
      const st = fs.statSync(`/proc/${pid}/fd/${fd}`);
      return st.isCharacterDevice() && st.rdev === rdev;
    } catch {
      return false;
    }
  });
}

/** Every live process but this one that has terminal device `rdev` open (of those this user may inspect). */
export function holdersOf(rdev: number): number[] {
  return fs.readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid)
    .map(Number)
    .filter((pid) => holds(pid, rdev));
}

/**
 * Everything a pane reads of processes, as one object: the live /proc by default, made-up
 * processes in specs (so the Mux and its panes run without a real program).
 */
export interface ProcFacts {
  readStat: typeof readStat;
  readArgv: typeof readArgv;
  readCwd: typeof readCwd;
  foregroundOf: typeof foregroundOf;
  resolveScript: typeof resolveScript;
  ttyDevice: typeof ttyDevice;
  holds: typeof holds;
  holdersOf: typeof holdersOf;
}

export const LIVE_PROC: ProcFacts = { readStat, readArgv, readCwd, foregroundOf, resolveScript, ttyDevice, holds, holdersOf };
