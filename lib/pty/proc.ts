// Reads process facts from Linux /proc: the foreground process group of a pane's tty,
// a process's arguments, working directory and start time.
import fs from 'node:fs';
import path from 'node:path';
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

/** A process's environment as it was started (what it exec'd with), or null when unreadable. */
export function readEnviron(pid: number): Map<string, string> | null {
  try {
    const raw = fs.readFileSync(`/proc/${pid}/environ`, 'utf8');
    return new Map(raw.split('\0').filter((v) => v.includes('=')).map((v) => [v.slice(0, v.indexOf('=')), v.slice(v.indexOf('=') + 1)]));
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

/**
 * The words that start again the program process `pid` runs, typed into a shell in another
 * directory with another PATH: its executable by the path it ran from, and for an interpreter
 * (node, python...) its options and script. Null when /proc has no command line.
 */
export function programOf(pid: number): string[] | null {
  const argv = readArgv(pid);
  return argv.length ? programWords(argv, readCwd(pid) ?? '/', (name) => foundOnPath(pid, name)) : null;
}

/** programOf from a command line, its cwd, and where a bare name was found (`lookup`). */
export function programWords(argv: string[], cwd: string, lookup: (name: string) => string | null): string[] {
  const script = scriptOf(argv);
  const at = script === null ? 0 : argv.indexOf(script, 1);
  const words = argv.slice(0, at + 1);
  words[0] = argv[0].includes('/') ? path.resolve(cwd, argv[0]) : lookup(argv[0]) ?? argv[0];
  // A bare script name is one the launcher looks up (`uvx aider`), not a file here.
  if (at > 0 && script!.includes('/')) words[at] = path.resolve(cwd, script!);
  return words;
}

/** Where on its own PATH a process found the executable it runs as `name` (the shell's lookup, done again). */
function foundOnPath(pid: number, name: string): string | null {
  let exe: string;
  let env: string;
  try {
    exe = fs.readlinkSync(`/proc/${pid}/exe`);
    env = fs.readFileSync(`/proc/${pid}/environ`, 'utf8');
  } catch {
    return null;
  }
  const dirs = env.split('\0').find((v) => v.startsWith('PATH='))?.slice(5).split(':') ?? [];
  for (const dir of dirs.filter((d) => d.startsWith('/'))) {
    try {
      if (fs.realpathSync(path.join(dir, name)) === exe) return path.join(dir, name);
    } catch {
      // not in this folder
    }
  }
  return null;
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
  readEnviron: typeof readEnviron;
  foregroundOf: typeof foregroundOf;
  resolveScript: typeof resolveScript;
  programOf: typeof programOf;
  ttyDevice: typeof ttyDevice;
  holds: typeof holds;
  holdersOf: typeof holdersOf;
}

export const LIVE_PROC: ProcFacts = { readStat, readArgv, readCwd, readEnviron, foregroundOf, resolveScript, programOf, ttyDevice, holds, holdersOf };
