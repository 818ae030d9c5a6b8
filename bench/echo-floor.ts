// The stack's own floor for the key echo rows (issue 24): a program that does only what any
// multiplexer on thurm's stack must do for one key, and nothing else. Run as a script it reads
// keys from its terminal (raw), writes them to `cat` in a node-pty pane through @xterm/headless
// (told of user input, so the echo is parsed at once, as thurm's panes are), and draws the rows
// that changed and the cursor; echoFloor() types into it as the echo rows type into thurm and
// tmux. What thurm spends above this figure is thurm's; what this spends above tmux is the stack's.
// Beside a sibling (`yes`, as the echo-beside-yes row runs it), the floor also runs that program
// in a pane to the right, as the rows split: its output parsed on a worker thread (the other
// core; the main thread keeps only the typed pane), with back-pressure, and its changed rows drawn
// every 16 ms, as any multiplexer must keep a visible pane's screen.
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import xtermHeadless from '@xterm/headless';
import pty from 'node-pty';
import { AttachedClient } from './client.js';
import { typeIntoCat } from './cases.js';
import type { Latency } from './stats.js';
import { COLS, ROWS } from './subjects.js';

/** The name the report gives these figures, and those beside a sibling. */
export const ECHO_FLOOR = 'Node + node-pty + @xterm/headless alone';
export const ECHO_BESIDE_FLOOR = 'the same beside `yes`, parsed on a worker thread';

const SELF = fileURLToPath(import.meta.url);
const FRAME_MS = 16;
/** The sibling's bytes the worker may have unparsed before its pty is paused, and resumed. */
const HIGH_WATER = 1024 * 1024;
const LOW_WATER = 256 * 1024;

/** Echo latency of `keys` keys typed into the floor program in a terminal of the bench's size, `sibling` running beside it. */
export async function echoFloor(keys: number, sibling?: string[]): Promise<Latency> {
  const client = new AttachedClient(process.execPath, [SELF, ...(sibling ? [JSON.stringify(sibling)] : [])], COLS, ROWS);
  try {
    await client.when(() => client.row(ROWS - 1).trim() !== '', 'the echo floor program to draw');
    return await typeIntoCat(client, keys);
  } finally {
    client.close();
  }
}

/** The screen rows of `term` whose text differs from `drawn` (which then holds the new text), as [row, text]. */
export function changedRows(term: InstanceType<typeof xtermHeadless.Terminal>, drawn: string[]): [number, string][] {
  const buf = term.buffer.active;
  const rows: [number, string][] = [];
  for (let y = 0; y < term.rows; y++) {
    const text = buf.getLine(buf.baseY + y)?.translateToString(true) ?? '';
    if (text !== drawn[y]) rows.push([y, text]);
    drawn[y] = text;
  }
  return rows;
}

type Rows = [number, string][];

/** The floor program: one pane the size of the terminal but its last row (the left half beside a sibling), which says what it is. */
function floorProgram(sibling: string[] | null): void {
  const rows = ROWS - 1;
  const cols = sibling ? Math.floor((COLS - 1) / 2) : COLS;
  const term = new xtermHeadless.Terminal({ cols, rows, allowProposedApi: true });
  const pane = pty.spawn('cat', [], { cols, rows, encoding: null });
  const drawn: string[] = [];
  const cursor = () => `\x1b[${term.buffer.active.cursorY + 1};${term.buffer.active.cursorX + 1}H`;
  const draw = () => {
    const out = changedRows(term, drawn).map(([y, text]) => `\x1b[${y + 1};1H${sibling ? text.padEnd(cols) : `\x1b[2K${text}`}`).join('');
    process.stdout.write(`${out}${cursor()}`);
  };
  process.stdin.setRawMode(true);
  process.stdin.on('data', (keys: Buffer) => term.input(keys.toString('latin1'), true));
  term.onData((data) => pane.write(data));
  pane.onData((data) => term.write(data as unknown as Uint8Array, draw));
  pane.onExit(() => process.exit(0));
  if (sibling) besideIt(sibling, cols + 1, COLS - cols - 1, rows, cursor);
  process.stdout.write(`\x1b[2J\x1b[${ROWS};1H${ECHO_FLOOR}\x1b[H`);
}

/** The sibling's pane at column `x`: read here, parsed on a worker, its changed rows drawn every frame (the cursor put back after). */
function besideIt(argv: string[], x: number, cols: number, rows: number, cursor: () => string): void {
  const worker = new Worker(SELF, { workerData: { echoFloorSibling: true, cols, rows } });
  const sibling = pty.spawn(argv[0], argv.slice(1), { cols, rows, encoding: null });
  let unparsed = 0;
  let paused = false;
  let frame = '';
  worker.on('message', (m: { parsed: number } | { rows: Rows }) => {
    if ('rows' in m) {
      for (const [y, text] of m.rows) frame += `\x1b[${y + 1};${x + 1}H${text.padEnd(cols)}`;
      return;
    }
    unparsed -= m.parsed;
    if (paused && unparsed < LOW_WATER) {
      paused = false;
      sibling.resume();
    }
  });
  sibling.onData((data) => {
    const copy = new Uint8Array(data as unknown as Uint8Array);
    unparsed += copy.length;
    worker.postMessage(copy, [copy.buffer]);
    if (!paused && unparsed > HIGH_WATER) {
      paused = true;
      sibling.pause();
    }
  });
  setInterval(() => {
    if (!frame) return;
    process.stdout.write(`${frame}${cursor()}`);
    frame = '';
  }, FRAME_MS).unref();
  process.on('exit', () => sibling.kill());
}

/** The sibling's emulator, on a worker thread: says what it parsed, and every frame the rows that changed. */
function siblingEmulator({ cols, rows }: { cols: number; rows: number }): void {
  const term = new xtermHeadless.Terminal({ cols, rows, scrollback: 200, allowProposedApi: true });
  const drawn: string[] = [];
  parentPort!.on('message', (data: Uint8Array) => term.write(data, () => parentPort!.postMessage({ parsed: data.length })));
  setInterval(() => {
    const changed = changedRows(term, drawn);
    if (changed.length) parentPort!.postMessage({ rows: changed });
  }, FRAME_MS);
}

// flood-floor.ts's workers load this file too (changedRows): only the sibling's worker is one of ours.
if (!isMainThread && (workerData as { echoFloorSibling?: boolean } | null)?.echoFloorSibling) siblingEmulator(workerData as { cols: number; rows: number });
else if (process.argv[1] === SELF) floorProgram(process.argv[2] ? JSON.parse(process.argv[2]) as string[] : null);
