// Cases about the server itself rather than what a client sees: CPU while idle, request round
// trip on an open connection, pane create/kill cycles, and the memory scrollback costs.
import fs from 'node:fs';
import { attach, fifo, grid, printOnGo, prompted } from './cases.js';
import { cpuTicks, fdCount, heldStill, rssBytes, waitUntil } from './env.js';
import type { Figures } from './rounds.js';
import { latency } from './stats.js';
import type { Subject } from './subjects.js';

const MB = 1e6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Server CPU ticks over `seconds` with 10 idle `sh` panes and no client. All subjects run at
 * once (idle, they do not compete), after one second for the start-up to settle.
 */
export async function idleCpu(subjects: Subject[], seconds: number): Promise<Figures[]> {
  try {
    const pids = await Promise.all(subjects.map(async (s) => {
      const first = await s.start(['sh']);
      await prompted(s, await grid(s, first, 5, 2));
      return s.serverPid();
    }));
    await sleep(1000);
    const before = pids.map(cpuTicks);
    await sleep(seconds * 1000);
    return pids.map((pid, i) => ({ idleCpu: cpuTicks(pid) - before[i] }));
  } finally {
    for (const s of subjects) await s.stop();
  }
}

/** Round trips of `n` list requests, one after the other, on one open connection. */
async function roundTrips(list: () => Promise<void>, n: number): Promise<number[]> {
  for (let i = 0; i < 20; i++) await list();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await list();
    samples.push(performance.now() - t0);
  }
  return samples;
}

/**
 * Request round trip on an open connection (thurm's socket, tmux's control mode) with one idle
 * pane, then again while a sibling pane runs `yes` with a client attached.
 */
export async function requestRoundTrip(subject: Subject, n: number): Promise<Figures> {
  const cat = await subject.start(['cat']);
  const requests = await subject.requests();
  try {
    const idle = latency(await roundTrips(requests.list, n));
    await subject.split(cat, 'right', ['yes']);
    const client = await attach(subject);
    try {
      const load = latency(await roundTrips(requests.list, n));
      return { rttIdleP50: idle.p50, rttIdleP99: idle.p99, rttLoadP50: load.p50, rttLoadP99: load.p99 };
    } finally {
      client.close();
    }
  } finally {
    requests.close();
    await subject.stop();
  }
}

/**
 * RSS and open fds once the fd count has held still for two seconds: a killed pane's files close
 * as its process goes, and its memory goes back a second after the session falls quiet
 * (lib/server/memory-return.ts; tmux frees at once).
 */
export async function settled(pid: number): Promise<{ rss: number; fds: number }> {
  await heldStill(() => fdCount(pid), 0, 2000, 'open fds to settle');
  return { rss: rssBytes(pid), fds: fdCount(pid) };
}

/** `cycles` split + kill-pane cycles on an open connection: RSS and open fds after a warm-up of 20 cycles vs at the end. */
export async function createKill(subject: Subject, cycles: number): Promise<Figures> {
  const first = await subject.start(['sh']);
  const requests = await subject.requests();
  try {
    const pid = await subject.serverPid();
    const cycle = async () => requests.kill(await requests.split(first, ['sh']));
    for (let i = 0; i < 20; i++) await cycle();
    const warm = await settled(pid);
    for (let i = 0; i < cycles; i++) await cycle();
    const end = await settled(pid);
    return { cyclesRss: (end.rss - warm.rss) / MB, cyclesFds: end.fds - warm.fds };
  } finally {
    requests.close();
    await subject.stop();
  }
}

/**
 * Scrollback memory: one pane with room for a million lines of history prints `file` (plain
 * text of a fixed seed, all of which the history keeps); server RSS growth over the file's size.
 */
export async function scrollback(subject: Subject, file: string, dataDir: string): Promise<Figures> {
  const DONE = '__KEPT__';
  const go = fifo(dataDir, `history-${subject.name}`);
  const pane = await subject.start(printOnGo(go, file, DONE), { historyLines: 1_000_000 });
  try {
    const pid = await subject.serverPid();
    const before = rssBytes(pid);
    await fs.promises.writeFile(go, 'go\n');
    await waitUntil(async () => (await subject.capture(pane)).includes(DONE), `${DONE} in ${subject.name}`, 120_000, 100);
    return { scrollback: (rssBytes(pid) - before) / fs.statSync(file).size };
  } finally {
    await subject.stop();
  }
}
