// What the stack reaches for the four-panes flood row (issue 24, part 3) and the attached-throughput
// rows: a program that does only what any multiplexer on thurm's stack must do there, with the
// emulators in a pool of worker threads (a pane pinned to one) or on the main thread. Run as a
// script in a terminal (the bench's attached client), it starts four node-pty panes in a 2x2 grid
// (or one on the whole screen), each printing a file once told to go, parses each pane's output
// with @xterm/headless and draws the rows that changed at most every 16 ms, as plain text.
// floodFloor() times it as flood() and throughput() time thurm and tmux: until every pane's end
// marker is on the client's screen.
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import xtermHeadless from '@xterm/headless';
import pty from 'node-pty';
import { fifo, printOnGo } from './cases.js';
import { AttachedClient } from './client.js';
import { changedRows } from './echo-floor.js';
import type { Figures } from './rounds.js';
import { COLS, ROWS } from './subjects.js';

const MB = 1e6;
const FRAME_MS = 16;
const SELF = fileURLToPath(import.meta.url);

/** The pool the issue proposes: sized to the cores, the main thread keeping one. */
export const FLOOD_FLOOR_WORKERS = Math.max(1, os.cpus().length - 1);
export const FLOOD_FLOOR = `the stack alone, emulators on ${FLOOD_FLOOR_WORKERS} worker thread${FLOOD_FLOOR_WORKERS > 1 ? 's' : ''}`;
/** One pane printing alone (the attached-throughput rows), its emulator on a worker thread: on two cores 35-43 MB/s against 33-38 on the main thread. */
export const PANE_FLOOR = 'the stack alone, one pane, its emulator on a worker thread';

/** Total MB/s of `panes` (four or one) printing `file` at once through the floor program, its emulators on `workers` threads (0: the main one). */
export async function floodFloor(file: string, dataDir: string, workers = FLOOD_FLOOR_WORKERS, panes = 4): Promise<Figures> {
  const gos = Array.from({ length: panes }, (_, i) => fifo(dataDir, `flood-floor-${i}`));
  const markers = gos.map((_, i) => `__FLOOD_${'ABCD'[i]}__`);
  const spec: Spec = { panes: gos.map((go, i) => printOnGo(go, file, markers[i])), workers };
  const client = new AttachedClient(process.execPath, [SELF, JSON.stringify(spec)], COLS, ROWS);
  try {
    await client.when(() => client.shows('flood floor ready'), 'the flood floor program to start');
    const shown = markers.map((m) => client.when(() => client.shows(m), `${m} on the floor program's screen`, 120_000));
    const t0 = performance.now();
    await Promise.all(gos.map((go) => fs.promises.writeFile(go, 'go\n')));
    const times = (await Promise.all(shown)).map((at) => (at - t0) / 1000);
    return { floodTotal: panes * fs.statSync(file).size / MB / Math.max(...times) };
  } finally {
    client.close();
  }
}

interface Spec { panes: string[][]; workers: number }
interface Size { cols: number; rows: number }
type Rows = [number, string][];

/** The 2x2 grid of the terminal's rows but the last (one pane: all of them): each pane's place. */
function grid(panes: number): (Size & { x: number; y: number })[] {
  if (panes === 1) return [{ x: 0, y: 0, cols: COLS, rows: ROWS - 1 }];
  const cols = Math.floor((COLS - 1) / 2), rows = Math.floor((ROWS - 2) / 2);
  return [[0, 0], [cols + 1, 0], [0, rows + 1], [cols + 1, rows + 1]].map(([x, y]) => ({ x, y, cols, rows }));
}

/** Emulators by pane; every frame, each one's visible rows that changed go to `changed`. */
function emulators(sizes: Map<number, Size>, changed: (pane: number, rows: Rows) => void): (pane: number, data: Uint8Array) => void {
  const terms = new Map([...sizes].map(([pane, size]) => [pane, {
    term: new xtermHeadless.Terminal({ ...size, scrollback: 200, allowProposedApi: true }),
    drawn: [] as string[],
  }]));
  setInterval(() => {
    for (const [pane, { term, drawn }] of terms) {
      const rows = changedRows(term, drawn);
      if (rows.length) changed(pane, rows);
    }
  }, FRAME_MS);
  return (pane, data) => terms.get(pane)!.term.write(data);
}

function floorProgram(spec: Spec): void {
  const places = grid(spec.panes.length);
  let frame = '';
  const draw = (pane: number, rows: Rows) => {
    const p = places[pane];
    for (const [y, text] of rows) frame += `\x1b[${p.y + y + 1};${p.x + 1}H${text.padEnd(p.cols)}`;
  };
  let feed: (pane: number, data: Uint8Array) => void;
  if (spec.workers === 0) feed = emulators(new Map(places.map((p, i) => [i, p])), draw);
  else {
    const pool = Array.from({ length: spec.workers }, (_, w) => {
      const mine = new Map(places.flatMap((p, i) => (i % spec.workers === w ? [[i, { cols: p.cols, rows: p.rows }] as const] : [])));
      const worker = new Worker(SELF, { workerData: [...mine] });
      worker.on('message', ([pane, rows]: [number, Rows]) => draw(pane, rows));
      return worker;
    });
    feed = (pane, data) => {
      // A copy of its own, moved rather than cloned: a read's buffer may be a view of a larger pool.
      const copy = new Uint8Array(data);
      pool[pane % spec.workers].postMessage([pane, copy], [copy.buffer]);
    };
  }
  const panes = places.map((p, i) => {
    const pane = pty.spawn(spec.panes[i][0], spec.panes[i].slice(1), { cols: p.cols, rows: p.rows, encoding: null });
    pane.onData((data) => feed(i, data as unknown as Uint8Array));
    return pane;
  });
  setInterval(() => {
    if (!frame) return;
    process.stdout.write(frame);
    frame = '';
  }, FRAME_MS);
  process.stdout.write(`\x1b[2J\x1b[${ROWS};1Hflood floor ready`);
  process.on('SIGHUP', () => {
    for (const pane of panes) pane.kill();
    process.exit(0);
  });
}

if (!isMainThread) {
  const feed = emulators(new Map(workerData as [number, Size][]), (pane, rows) => parentPort!.postMessage([pane, rows]));
  parentPort!.on('message', ([pane, data]: [number, Uint8Array]) => feed(pane, data));
} else if (process.argv[1] === SELF) floorProgram(JSON.parse(process.argv[2]) as Spec);
