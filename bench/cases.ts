// The cases run the same way against either Subject, each returning its figures by row id
// (bench/rows.ts): attached throughput, key echo (idle and beside `yes`), server memory per
// pane, startup, and the 40-pane load of issue 8 A6.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { AttachedClient } from './client.js';
import { heldStill, privateBytes, rssBytes, waitUntil } from './env.js';
import type { Figures } from './rounds.js';
import { latency, median, type Latency } from './stats.js';
import { COLS, ROWS, type Subject } from './subjects.js';
import { writeWorkload } from './workload.js';

const MB = 1e6;

/** Attaches a client and waits until it has drawn its status line (the bottom row). */
export async function attach(subject: Subject): Promise<AttachedClient> {
  const client = new AttachedClient(...subject.attachCommand, COLS, ROWS);
  await client.when(() => client.row(ROWS - 1).trim() !== '', `${subject.name} client to draw`);
  return client;
}

/** A fresh fifo in `dir`; a pane that reads it waits until the bench writes the go signal. */
export function fifo(dir: string, name: string): string {
  const file = path.join(dir, name);
  fs.rmSync(file, { force: true });
  execFileSync('mkfifo', [file]);
  return file;
}

/** A pane's program: wait for the go signal, print `file`, then `marker`, and stay (so the session does too). */
export function printOnGo(go: string, file: string, marker: string): string[] {
  return ['sh', '-c', `read _ < '${go}'; cat '${file}'; echo ${marker}; exec sleep 600`];
}

/**
 * MB/s of `cat FILE` in an attached pane, from the go signal until the attached client's
 * screen shows the end marker: frames a multiplexer skips cost nothing, but only once the
 * end state is on the screen does the clock stop.
 */
export async function throughput(subject: Subject, file: string, dataDir: string): Promise<number> {
  const DONE = '__DONE__';
  const go = fifo(dataDir, `go-${subject.name}`);
  await subject.start(printOnGo(go, file, DONE));
  const client = await attach(subject);
  try {
    const shown = client.when(() => client.shows(DONE), `${DONE} on ${subject.name}'s client`, 20_000);
    const t0 = performance.now();
    await fs.promises.writeFile(go, 'go\n');
    const seconds = ((await shown) - t0) / 1000;
    return fs.statSync(file).size / MB / seconds;
  } finally {
    client.close();
    await subject.stop();
  }
}

/**
 * Echo of keys typed into `cat` in an attached client, from writing the key to the client's
 * pty until the client has drawn it; with `sibling`, a second pane beside it runs that program.
 */
export async function echo(subject: Subject, keys: number, sibling?: string[]): Promise<Latency> {
  const cat = await subject.start(['cat']);
  try {
    if (sibling) {
      await subject.split(cat, 'right', sibling);
      await subject.focus(cat);
    }
    const client = await attach(subject);
    try {
      return await typeIntoCat(client, keys);
    } finally {
      client.close();
    }
  } finally {
    await subject.stop();
  }
}

/**
 * Types `keys` keys into the focused pane, which runs `cat`, and times each echo. Keys are
 * paced about 25 ms apart, as fast typing is, so that frame coalescing after a previous key
 * is not counted; lines end before `width` so that they never wrap.
 */
export async function typeIntoCat(client: AttachedClient, keys: number, width = 40): Promise<Latency> {
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
    if (line.length === width) {
      // End the line before it wraps: wait for the echo and for cat's copy below it.
      const typed = line;
      client.type('\r');
      await client.when(() => client.row(client.cursorRow - 1).includes(typed) && client.row(client.cursorRow - 2).includes(typed), 'cat to print the line');
      line = '';
    }
    const wait = t0 + PACE_MS - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  return latency(samples);
}

/** Halves `first` and its halves in turn (the last first) until there are `n` panes. */
export async function tile(subject: Subject, first: string, dir: 'right' | 'down', n: number, argv?: string[]): Promise<string[]> {
  const panes = [first];
  while (panes.length < n) {
    for (const p of [...panes].reverse()) {
      if (panes.length < n) panes.push(await subject.split(p, dir, argv));
    }
  }
  return panes;
}

/** A `columns` x `rows` grid from `first`; every new pane runs argv. Resolves with all panes, `first` first. */
export async function grid(subject: Subject, first: string, columns: number, rows: number, argv?: string[]): Promise<string[]> {
  const tops = await tile(subject, first, 'right', columns, argv);
  const panes: string[] = [];
  for (const top of tops) panes.push(...await tile(subject, top, 'down', rows, argv));
  return panes;
}

/** A printer that writes `chunk` ten times a second: about 200 KB/s for a 20 KB chunk. */
export function printer(chunk: string): string[] {
  return ['sh', '-c', `while :; do cat '${chunk}'; sleep 0.1; done`];
}

/**
 * Issue 8 A6: `cat` in the top left of an 8x5 grid whose 39 other panes each print about
 * 200 KB/s, one client attached. Echo in the idle pane, and server RSS once every pane prints
 * and after `seconds` of it.
 */
export async function busyEcho(subject: Subject, dataDir: string, keys: number, seconds: number): Promise<Figures> {
  const chunk = path.join(dataDir, 'busy-chunk.txt');
  writeWorkload(chunk, 20_000, false);
  const idle = await subject.start(['cat']);
  try {
    const pid = await subject.serverPid();
    await grid(subject, idle, 8, 5, printer(chunk));
    await subject.focus(idle);
    const client = await attach(subject);
    try {
      const t0 = performance.now();
      const rssStart = rssBytes(pid);
      // The idle pane is 15 columns wide.
      const e = await typeIntoCat(client, keys, 10);
      const left = t0 + seconds * 1000 - performance.now();
      if (left > 0) await new Promise((r) => setTimeout(r, left));
      return { busyEchoP50: e.p50, busyEchoP99: e.p99, busyRss: rssStart / MB, busyRssGrowth: (rssBytes(pid) - rssStart) / MB };
    } finally {
      client.close();
    }
  } finally {
    await subject.stop();
  }
}

/** Waits until every pane shows the shell's prompt. */
export function prompted(subject: Subject, panes: string[]): Promise<unknown> {
  return waitUntil(
    async () => (await Promise.all(panes.map((p) => subject.capture(p)))).every((t) => t.includes('$')),
    `${subject.name} prompts in ${panes.length} panes`,
  );
}

/** Server RSS with one idle `sh` pane and with eight in a 4x2 grid, each shown its prompt. */
export async function memory(subject: Subject): Promise<Figures> {
  const first = await subject.start(['sh']);
  try {
    const pid = await subject.serverPid();
    await prompted(subject, [first]);
    // Once the server's memory holds still: a fresh thurm server gives its start-up garbage back
    // a second into its first quiet spell (lib/server/memory-return.ts), V8 by itself ~10 s later.
    const settled = () => heldStill(() => privateBytes(pid), 0.1 * MB, 2000, `${subject.name}'s memory to settle`);
    await settled();
    const onePane = rssBytes(pid);
    const privateOnePane = privateBytes(pid);
    const panes = await grid(subject, first, 4, 2);
    await prompted(subject, panes);
    await settled();
    return { rssOnePane: onePane / MB, privateOnePane: privateOnePane / MB, rssPerPane: (rssBytes(pid) - onePane) / (panes.length - 1) / MB };
  } finally {
    await subject.stop();
  }
}

/** Median over `runs` of `new -d` until `list` succeeds. */
export async function startup(subject: Subject, runs: number): Promise<Figures> {
  const starts: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const started = await subject.cli(subject.newArgs(['sh']));
    if (started.code !== 0) throw new Error(`${subject.name} new exited ${started.code}: ${started.stderr.trim()}`);
    await waitUntil(async () => (await subject.cli(subject.listArgs)).code === 0, `${subject.name} list`, 10_000, 0);
    starts.push(performance.now() - t0);
    await subject.stop();
  }
  return { startup: median(starts) };
}
