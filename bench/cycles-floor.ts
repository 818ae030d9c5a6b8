// What the stack reaches for the create/kill cycles row (issue 24, part 4): a program that does
// only what any multiplexer on thurm's stack must do for a pane that opens and closes. A node-pty
// pane runs `sh`; an @xterm/headless emulator of the bench's size parses its prompt; the pane is
// killed and the emulator disposed. It is started as thurm starts a server (the same Node flags
// and allocator settings) and counts its RSS growth as createKill() counts the server's: after 20
// cycles, then after `cycles` more, each time once garbage was collected (as the server's memory
// return does) and its open files held still for 2 s.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import xtermHeadless from '@xterm/headless';
import pty from 'node-pty';
import { collectGarbage } from '../lib/server/memory-return.js';
import { SERVER_NODE_FLAGS, serverEnv } from '../lib/server/server-process.js';
import type { Figures } from './rounds.js';
import { settled } from './server.js';
import { COLS, ROWS } from './subjects.js';

const MB = 1e6;
const SELF = fileURLToPath(import.meta.url);
const WARM_UP = 20;

export const CYCLES_FLOOR = 'node-pty + @xterm/headless alone';

/** The floor program's RSS growth over `cycles` pane create/kill cycles after the warm-up, in MB. */
export function cyclesFloor(cycles: number): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SELF, String(cycles)], { env: serverEnv(process.env), stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d; });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve({ cyclesRss: Number(out) }) : reject(new Error(`the cycles floor program exited ${code}`))));
  });
}

async function cycle(): Promise<void> {
  const term = new xtermHeadless.Terminal({ cols: COLS, rows: ROWS, scrollback: 1000, allowProposedApi: true });
  const pane = pty.spawn('sh', [], { cols: COLS, rows: ROWS, env: process.env });
  await new Promise<void>((prompted) => pane.onData((data) => term.write(data, prompted)));
  await new Promise<void>((exited) => {
    pane.onExit(() => exited());
    pane.kill();
  });
  term.dispose();
}

async function settledRss(): Promise<number> {
  collectGarbage();
  return (await settled(process.pid)).rss;
}

async function floorProgram(cycles: number): Promise<void> {
  for (let i = 0; i < WARM_UP; i++) await cycle();
  const warm = await settledRss();
  for (let i = 0; i < cycles; i++) await cycle();
  process.stdout.write(String(((await settledRss()) - warm) / MB));
  process.exit(0);
}

if (process.argv[1] === SELF) void floorProgram(Number(process.argv[2]));
