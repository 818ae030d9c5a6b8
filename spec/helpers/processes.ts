// Facts about processes that specs check: alive or not, memory, open files, zombies, by pid.
import fs from 'node:fs';

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resident memory of `pid`, in kB. */
export function rssKb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
}

/** How many file descriptors `pid` has open. */
export function openFds(pid: number): number {
  return fs.readdirSync(`/proc/${pid}/fd`).length;
}

/** How many sockets `pid` has open: its connections, not the files it opens for a moment (a save). */
export function openSockets(pid: number): number {
  return fs.readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:');
    } catch {
      return false;
    }
  }).length;
}

/** The children of `pid` that exited and were never waited for. */
export function zombieChildren(pid: number): number[] {
  const zombies: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which may hold spaces and parentheses.
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z' && Number(ppid) === pid) zombies.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return zombies;
}

/** Samples the memory (kB) and open fds of `pid` every second until stopped (stop again: no-op). */
export function sampler(pid: number) {
  const samples: Array<{ at: number; rss: number; fds: number }> = [];
  const take = () => samples.push({ at: performance.now(), rss: rssKb(pid), fds: openFds(pid) });
  take();
  const timer = setInterval(() => { if (alive(pid)) take(); }, 1000);
  let stopped = false;
  return {
    samples,
    stop: () => {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      if (alive(pid)) take();
    },
  };
}
