// Cases under heavy output: four panes flooding at once, frame compose time with 16 busy
// panes (thurm's own figure), and a stopped client while panes flood.
import fs from 'node:fs';
import path from 'node:path';
import type { SessionInfo } from '../lib/server/protocol.js';
import { attach, fifo, grid, printer, printOnGo, typeIntoCat } from './cases.js';
import { rssBytes } from './env.js';
import type { Figures } from './rounds.js';
import type { Subject } from './subjects.js';
import { writeWorkload } from './workload.js';

const MB = 1e6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Four panes of a 2x2 grid each `cat` the same file at once, one client attached: total MB/s
 * until the last pane's end marker is on the client's screen, and the slowest pane's time
 * over the fastest's.
 */
export async function flood(subject: Subject, file: string, dataDir: string): Promise<Figures> {
  const gos = [0, 1, 2, 3].map((i) => fifo(dataDir, `flood-${subject.name}-${i}`));
  const markers = gos.map((_, i) => `__FLOOD_${'ABCD'[i]}__`);
  const first = await subject.start(printOnGo(gos[0], file, markers[0]));
  try {
    const [right] = [await subject.split(first, 'right', printOnGo(gos[1], file, markers[1]))];
    await subject.split(first, 'down', printOnGo(gos[2], file, markers[2]));
    await subject.split(right, 'down', printOnGo(gos[3], file, markers[3]));
    const client = await attach(subject);
    try {
      const shown = markers.map((m) => client.when(() => client.shows(m), `${m} on ${subject.name}'s client`, 120_000));
      const t0 = performance.now();
      await Promise.all(gos.map((go) => fs.promises.writeFile(go, 'go\n')));
      const times = (await Promise.all(shown)).map((at) => (at - t0) / 1000);
      const bytes = 4 * fs.statSync(file).size;
      return { floodTotal: bytes / MB / Math.max(...times), floodSpread: Math.max(...times) / Math.min(...times) };
    } finally {
      client.close();
    }
  } finally {
    await subject.stop();
  }
}

/** Thurm only: 16 panes of a 4x4 grid each print about 200 KB/s to one client; compose time from `info`. */
export async function compose(subject: Subject, dataDir: string, seconds: number): Promise<Figures> {
  const chunk = path.join(dataDir, 'busy-chunk.txt');
  writeWorkload(chunk, 20_000, false);
  const first = await subject.start(printer(chunk));
  try {
    await grid(subject, first, 4, 4, printer(chunk));
    const client = await attach(subject);
    try {
      await sleep(seconds * 1000);
      const info = JSON.parse((await subject.cli(['info', '--json'])).stdout) as SessionInfo;
      if (!info.frames) throw new Error('thurm info has no frame times');
      return { composeP50: info.frames.p50Ms, composeP99: info.frames.p99Ms };
    } finally {
      client.close();
    }
  } finally {
    await subject.stop();
  }
}

/** What became of the stopped client once continued: caught up, detached (with its last words), or neither. */
async function outcome(client: Awaited<ReturnType<typeof attach>>, markers: string[], timeoutMs: number): Promise<{ seconds: number; note: string }> {
  const t0 = performance.now();
  try {
    const at = await client.when(() => client.exited || markers.every((m) => client.shows(m)), 'the continued client', timeoutMs);
    const seconds = (at - t0) / 1000;
    if (!client.exited) return { seconds, note: 'caught up' };
    const last = client.screen().at(-1)?.trim() ?? '';
    return { seconds, note: last ? `detached: ${last}` : 'detached without a message' };
  } catch {
    return { seconds: timeoutMs / 1000, note: `neither caught up nor detached within ${timeoutMs / 1000} s` };
  }
}

/**
 * Two clients attached, one SIGSTOPped for `seconds` while four panes flood: the server's RSS
 * growth meanwhile (its peak, sampled), the other client's echo in an idle `cat` pane, and
 * whether the stopped client, continued, shows the floods' end markers or was detached.
 */
export async function slowClient(subject: Subject, dataDir: string, seconds: number, keys: number): Promise<{ figures: Figures; notes: Record<string, string> }> {
  const chunk = path.join(dataDir, 'flood-chunk.txt');
  writeWorkload(chunk, 1 << 20, false);
  const stop = path.join(dataDir, `stop-${subject.name}`);
  fs.rmSync(stop, { force: true });
  const markers = [0, 1, 2, 3].map((i) => `__END_${'ABCD'[i]}__`);
  const flooder = (i: number) => ['sh', '-c', `while [ ! -e '${stop}' ]; do cat '${chunk}'; done; echo ${markers[i]}; exec sleep 600`];
  const idle = await subject.start(['cat']);
  try {
    const pid = await subject.serverPid();
    // The idle pane is the left half; the four floods share the right half, 2x2.
    const a = await subject.split(idle, 'right', flooder(0));
    const b = await subject.split(a, 'right', flooder(1));
    await subject.split(a, 'down', flooder(2));
    await subject.split(b, 'down', flooder(3));
    await subject.focus(idle);
    const watcher = await attach(subject);
    const slow = await attach(subject);
    try {
      const rss0 = rssBytes(pid);
      let peak = rss0;
      const sampler = setInterval(() => { peak = Math.max(peak, rssBytes(pid)); }, 250);
      process.kill(slow.pid, 'SIGSTOP');
      const t0 = performance.now();
      const typed = typeIntoCat(watcher, keys, 40);
      try {
        await typed;
        const left = t0 + seconds * 1000 - performance.now();
        if (left > 0) await sleep(left);
      } finally {
        clearInterval(sampler);
        fs.writeFileSync(stop, '');
        process.kill(slow.pid, 'SIGCONT');
      }
      const e = await typed;
      const end = await outcome(slow, markers, 30_000);
      return { figures: { slowRssGrowth: (peak - rss0) / MB, slowEchoP50: e.p50, slowEchoP99: e.p99, slowCatchUp: end.seconds }, notes: { slowCatchUp: end.note } };
    } finally {
      watcher.close();
      slow.close();
    }
  } finally {
    await subject.stop();
  }
}
