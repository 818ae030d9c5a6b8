// The four measurements, each run the same way against any Subject: attached throughput,
// keystroke echo latency, server memory per pane, and startup time.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { AttachedClient } from './client.js';
import { rssBytes, waitUntil } from './env.js';
import { COLS, ROWS, type Subject } from './subjects.js';
import { writeWorkload } from './workload.js';

const DONE = '__DONE__';
const POLL_MS = 50;

/** Attaches a client and waits until it has drawn its status line (the bottom row). */
async function attach(subject: Subject): Promise<AttachedClient> {
  const client = new AttachedClient(...subject.attachCommand, COLS, ROWS);
  await client.when(() => client.row(ROWS - 1).trim() !== '', `${subject.name} client to draw`);
  return client;
}

/**
 * MB/s of `cat FILE` in an attached pane, from the go signal until `capture` shows the
 * marker. The pane waits on a fifo so that the client is attached before output starts,
 * and stays alive afterwards so that the session does not end with it.
 */
export async function throughput(subject: Subject, file: string, dataDir: string): Promise<number> {
  const fifo = path.join(dataDir, `go-${subject.name}`);
  fs.rmSync(fifo, { force: true });
  execFileSync('mkfifo', [fifo]);
  const script = `read _ < '${fifo}'; cat '${file}'; echo ${DONE}; exec sleep 600`;
  const pane = await subject.start(['sh', '-c', script]);
  const client = await attach(subject);
  try {
    const t0 = performance.now();
    await fs.promises.writeFile(fifo, 'go\n');
    await waitUntil(async () => (await subject.capture(pane)).includes(DONE), `${DONE} in ${subject.name}`, 60_000, POLL_MS);
    const seconds = (performance.now() - t0) / 1000;
    return fs.statSync(file).size / 1e6 / seconds;
  } finally {
    client.close();
    await subject.stop();
  }
}

export interface Latency { p50: number; p95: number; p99: number; samples: number }

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Echo latency of keys typed into `cat` in an attached client: from writing the key to the
 * client's pty until the client has drawn it left of its cursor. Keys are paced about 25 ms
 * apart, as fast typing is, so that frame coalescing after a previous key is not counted.
 */
export async function echoLatency(subject: Subject, keys = 200): Promise<Latency> {
  await subject.start(['cat']);
  const client = await attach(subject);
  try {
    return await typeIntoCat(client, keys);
  } finally {
    client.close();
    await subject.stop();
  }
}

/** Types `keys` keys into the focused pane, which runs `cat`, and times each echo. */
async function typeIntoCat(client: AttachedClient, keys: number, LINE = 40): Promise<Latency> {
  const PACE_MS = 25;
  const letters = 'abcdefghijklmnopqrstuvwxy';
  client.type('z');
  await client.when(() => client.beforeCursor() === 'z', 'warm-up echo');
  const samples: number[] = [];
  let line = '';
  for (let i = 0; i < keys; i++) {
    const key = letters[i % letters.length];
    const t0 = performance.now();
    client.type(key);
    samples.push((await client.when(() => client.beforeCursor() === key, `echo of ${key}`)) - t0);
    line += key;
    if (line.length === LINE) {
      // End the line before it wraps: wait for the echo and for cat's copy below it.
      const typed = line;
      client.type('\r');
      await client.when(() => client.row(client.cursorRow - 1).includes(typed) && client.row(client.cursorRow - 2).includes(typed), 'cat to print the line');
      line = '';
    }
    const wait = t0 + PACE_MS - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99), samples: samples.length };
}

export interface Busy { echo: Latency; rssStart: number; rssEnd: number; seconds: number }

/** Printers beside the idle pane, each printing BUSY_CHUNK bytes ten times a second. */
export const BUSY_PANES = 39;
const BUSY_CHUNK = 20_000;
const BUSY_SECONDS = 40;

/** Halves `first` and its halves in turn (the last first) until there are `n` panes. */
async function tile(subject: Subject, first: string, dir: 'right' | 'down', n: number, argv: string[]): Promise<string[]> {
  const panes = [first];
  while (panes.length < n) {
    for (const p of [...panes].reverse()) {
      if (panes.length < n) panes.push(await subject.split(p, dir, argv));
    }
  }
  return panes;
}

/**
 * The idle pane under load: `cat` in the top left of an 8x5 grid whose 39 other panes each
 * print about 200 KB/s, one client attached. Echo in the idle pane, and server RSS once every
 * pane prints and after BUSY_SECONDS of it (the goal: p99 under 50 ms, RSS flat).
 */
export async function busyEcho(subject: Subject, dataDir: string, keys = 400): Promise<Busy> {
  const chunk = path.join(dataDir, 'busy-chunk.txt');
  writeWorkload(chunk, BUSY_CHUNK, false);
  const printer = ['sh', '-c', `while :; do cat '${chunk}'; sleep 0.1; done`];
  const idle = await subject.start(['cat']);
  try {
    const pid = await subject.serverPid();
    const [first, ...columns] = await tile(subject, idle, 'right', 8, printer);
    await tile(subject, first, 'down', 5, printer);
    for (const column of columns) await tile(subject, column, 'down', 5, printer);
    await subject.focus(idle);
    const client = await attach(subject);
    try {
      const t0 = performance.now();
      const rssStart = rssBytes(pid);
      // The idle pane is 15 columns wide.
      const echo = await typeIntoCat(client, keys, 10);
      const left = t0 + BUSY_SECONDS * 1000 - performance.now();
      if (left > 0) await new Promise((r) => setTimeout(r, left));
      return { echo, rssStart, rssEnd: rssBytes(pid), seconds: (performance.now() - t0) / 1000 };
    } finally {
      client.close();
    }
  } finally {
    await subject.stop();
  }
}

export interface Memory { onePane: number; eightPanes: number }

/** Server RSS with one idle `sh` pane and with eight in a 4x2 grid, each shown its prompt. */
export async function memory(subject: Subject): Promise<Memory> {
  const prompted = (panes: string[]) => waitUntil(
    async () => (await Promise.all(panes.map((p) => subject.capture(p)))).every((t) => t.includes('$')),
    `${subject.name} prompts in ${panes.length} panes`,
  );
  const first = await subject.start(['sh']);
  try {
    const pid = await subject.serverPid();
    await prompted([first]);
    const onePane = rssBytes(pid);
    const a = await subject.split(first, 'right');
    const b = await subject.split(first, 'right');
    const c = await subject.split(a, 'right');
    const columns = [first, a, b, c];
    const panes = [...columns];
    for (const p of columns) panes.push(await subject.split(p, 'down'));
    await prompted(panes);
    return { onePane, eightPanes: rssBytes(pid) };
  } finally {
    await subject.stop();
  }
}

export interface Startup { startMs: number; listMs: number }

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Median over `runs` of `new -d` until `list` succeeds, and of one `list` on a running server. */
export async function startup(subject: Subject, runs = 5): Promise<Startup> {
  const starts: number[] = [], lists: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const started = await subject.cli(subject.newArgs(['sh']));
    if (started.code !== 0) throw new Error(`${subject.name} new exited ${started.code}: ${started.stderr.trim()}`);
    await waitUntil(async () => (await subject.cli(subject.listArgs)).code === 0, `${subject.name} list`, 10_000, 0);
    starts.push(performance.now() - t0);
    const t1 = performance.now();
    await subject.cli(subject.listArgs);
    lists.push(performance.now() - t1);
    await subject.stop();
  }
  return { startMs: median(starts), listMs: median(lists) };
}
