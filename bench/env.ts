// The bench's private world: temp runtime, state, config and data directories that every child
// inherits, a cleanup list that runs even on failure, and helpers to run and wait for things.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface RunResult { code: number; stdout: string; stderr: string }

const cleanups: (() => unknown)[] = [];

/** Registers work to undo at exit; runs last-registered first. */
export function onCleanup(fn: () => unknown): void {
  cleanups.push(fn);
}

export async function cleanupAll(): Promise<void> {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (err) {
      process.stderr.write(`bench: cleanup failed: ${(err as Error).message}\n`);
    }
  }
}

/**
 * Points this process (and so every child) at fresh private directories, so no server the
 * bench starts can meet the user's thurm or tmux. Returns the directory for data files.
 */
export function privateEnv(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'thurm-bench-'));
  onCleanup(() => fs.rmSync(root, { recursive: true, force: true }));
  for (const dir of ['run', 'state', 'config', 'home', 'data']) fs.mkdirSync(path.join(root, dir), { mode: 0o700 });
  for (const key of Object.keys(process.env)) {
    if (key.startsWith('THURM_') || key === 'TMUX' || key === 'TMUX_PANE') delete process.env[key];
  }
  Object.assign(process.env, {
    XDG_RUNTIME_DIR: path.join(root, 'run'),
    XDG_STATE_HOME: path.join(root, 'state'),
    XDG_CONFIG_HOME: path.join(root, 'config'),
    TMUX_TMPDIR: path.join(root, 'run'),
    HOME: path.join(root, 'home'),
    SHELL: '/bin/sh',
    PS1: '$ ',
    TERM: 'xterm-256color',
    LANG: process.env.LANG || 'C.UTF-8',
  });
  return path.join(root, 'data');
}

/** Runs a program to completion (killed after `timeoutMs`); never rejects. */
export function run(file: string, args: string[], timeoutMs = 15_000): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

import { waitUntil } from '../spec/helpers/wait.js';

export { waitUntil };

/** Whether a process exists and is not a zombie. */
export function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Resident memory of a process in bytes, from /proc/PID/status. */
export function rssBytes(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(m[1]) * 1024;
}

/**
 * A process's private memory: its anonymous pages (heap, stacks), without the executable and
 * libraries it maps, which every process of the same program shares (Node's is some 40 MB).
 */
export function privateBytes(pid: number): number {
  const m = /^Anonymous:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
  if (!m) throw new Error(`no Anonymous for pid ${pid}`);
  return Number(m[1]) * 1024;
}

/** Waits until `sample` has stayed within `tolerance` of where it settled for `ms` (sampled every 100 ms, 15 s at most). */
export async function heldStill(sample: () => number, tolerance: number, ms: number, what: string): Promise<void> {
  let last = Number.NaN, since = performance.now();
  await waitUntil(() => {
    const now = sample();
    if (!(Math.abs(now - last) <= tolerance)) [last, since] = [now, performance.now()];
    return performance.now() - since >= ms;
  }, what, 15_000, 100);
}

/** CPU time a process has used, user plus system, in clock ticks (fields 14 and 15 of /proc/PID/stat). */
export function cpuTicks(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** How many files a process has open. */
export function fdCount(pid: number): number {
  return fs.readdirSync(`/proc/${pid}/fd`).length;
}
