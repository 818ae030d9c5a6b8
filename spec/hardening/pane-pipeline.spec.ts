// The whole pipeline of a pane fed hostile byte streams: pty output through the framing scanner,
// flow control and the parse budget into the emulator, in random chunk sizes. Sequences of every
// kind with random parameters, cut or never ended, invalid UTF-8 and bodies up to 1 MB (64 KiB
// in `npm test`): nothing throws, no chunk takes a second, the pane keeps its size, its screen
// holds no control characters, nothing waits for more input, and the heap returns to where it
// was once the stream is gone. Each sequence the emulator threw on is guarded in
// lib/term/xterm-defects.ts.
import v8 from 'node:v8';
import vm from 'node:vm';
import fc from 'fast-check';
import { hasControl } from '../../lib/sanitize.js';
import { Pane, type PaneHooks, type PaneOptions } from '../../lib/session/pane.js';
import { MAX_RECORDS } from '../../lib/status/records.js';
import type { StatusNotification } from '../../lib/status/program-status.js';
import { FakePty } from '../helpers/fake-pty.js';
import { check, cuts, FULL, hostileStream, invariant, streamBytes, type StreamPiece } from '../helpers/hardening.js';

const COLS = 80;
const ROWS = 24;
const SCROLLBACK = 100;
const CHUNK_MS = 1000;
/** What one read of a pane's pty gives at most (node-pty reads through libuv's 64 KiB buffer). */
const PTY_READ = 64 * 1024;
/** What the heap may keep after the stream, once collected: the emulator's caches, V8's own. */
const HEAP_SLACK = 32 * 2 ** 20;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

let fake: FakePty;
let pane: Pane;
let heapBefore = 0;
let slowest = 0;

function checkNotification(n: StatusNotification): void {
  invariant(!hasControl(n.title) && !hasControl(n.text), `notification ${JSON.stringify(n)}`);
}
const hooks: PaneHooks = { output() {}, title() {}, exit() {}, statusChanged() {}, notify: checkNotification, watched: () => false, clipboard() {} };

/** Prints `data` as the pane's program and waits until it is parsed. */
async function print(data: Uint8Array): Promise<number> {
  const started = performance.now();
  fake.output(Buffer.from(data));
  await pane.term.flushed();
  return performance.now() - started;
}

check({
  id: 'pane-pipeline',
  what: 'hostile byte streams (CSI, OSC, DCS, APC with random parameters, cut sequences, invalid UTF-8, huge bodies) printed into a pane in random chunks: nothing thrown, each chunk parsed within a second, size kept, screen free of controls, nothing left waiting, heap back to its size',
  args: [hostileStream(FULL ? 1_000_000 : 65_536), fc.array(fc.nat(), { maxLength: 8 })],
  cases: 1000,
  around: {
    before: async () => {
      fake = new FakePty();
      const opts: PaneOptions = { id: '1', argv: ['sh'], cwd: '/', cols: COLS, rows: ROWS, env: {}, scrollback: SCROLLBACK, detection: {} as PaneOptions['detection'], spawn: fake.spawn };
      pane = new Pane(opts, hooks);
      await print(Buffer.from(`${'warm up\r\n'.repeat(SCROLLBACK + ROWS)}`));
      gc();
      heapBefore = process.memoryUsage().heapUsed;
    },
    after: async () => {
      await print(Buffer.from('\x18\x1bc'));
      gc();
      const grown = process.memoryUsage().heapUsed - heapBefore;
      pane.dispose();
      invariant(grown < HEAP_SLACK, `the heap kept ${(grown / 2 ** 20).toFixed(1)} MiB after the streams (slowest chunk ${slowest.toFixed(0)} ms)`);
    },
  },
  property: async (pieces: StreamPiece[], at: number[]) => {
    // Each case starts from a reset terminal (and a kept failure replays the same way).
    await print(Buffer.from('\x18\x1bc'));
    // A pty read never hands over more than PTY_READ bytes: longer chunks arrive as several.
    for (const cut of cuts(streamBytes(pieces), at)) for (let from = 0; from < cut.length; from += PTY_READ) {
      const chunk = cut.subarray(from, from + PTY_READ);
      const ms = await print(chunk);
      slowest = Math.max(slowest, ms);
      invariant(ms < CHUNK_MS, `a chunk of ${chunk.length} bytes took ${ms.toFixed(0)} ms`);
      // The emulator threw mid-parse: thurm dropped the rest of the chunk to keep the pane alive.
      invariant(pane.term.parseFailures === 0, 'the emulator threw while parsing');
    }
    const term = pane.term;
    invariant(term.cols === COLS && term.rows === ROWS, `the program resized the pane to ${term.cols}x${term.rows}`);
    const { x, y } = term.cursor;
    invariant(x >= 0 && x <= COLS && y >= 0 && y < ROWS, `cursor at ${x},${y}`);
    const screen = term.screenText();
    invariant(screen.every((line) => !/[\x00-\x1f\x7f-\x9f]/.test(line)), `control characters on the screen: ${JSON.stringify(screen.find((l) => /[\x00-\x1f\x7f-\x9f]/.test(l)))}`);
    invariant(pane.status.records.size <= MAX_RECORDS, `${pane.status.records.size} records`);
    // CAN ends whatever string the stream left open; then nothing may wait for more input.
    await print(Buffer.from('\x18'));
    invariant(pane.status.framingPending === 0, `${pane.status.framingPending} framings left waiting`);
  },
});
