// The stack's own floor for the key echo rows (issue 24): a program that does only what any
// multiplexer on thurm's stack must do for one key, and nothing else. Run as a script it reads
// keys from its terminal (raw), writes them to `cat` in a node-pty pane through @xterm/headless
// (told of user input, so the echo is parsed at once, as thurm's panes are), and draws the rows
// that changed and the cursor; echoFloor() types into it as the echo rows type into thurm and
// tmux. What thurm spends above this figure is thurm's; what this spends above tmux is the stack's.
import { fileURLToPath } from 'node:url';
import xtermHeadless from '@xterm/headless';
import pty from 'node-pty';
import { AttachedClient } from './client.js';
import { typeIntoCat } from './cases.js';
import type { Latency } from './stats.js';
import { COLS, ROWS } from './subjects.js';

/** The name the report gives these figures. */
export const ECHO_FLOOR = 'Node + node-pty + @xterm/headless alone';

/** Echo latency of `keys` keys typed into the floor program in a terminal of the bench's size. */
export async function echoFloor(keys: number): Promise<Latency> {
  const client = new AttachedClient(process.execPath, [fileURLToPath(import.meta.url)], COLS, ROWS);
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

/** The floor program: one pane the size of the terminal but its last row, which says what it is. */
function floorProgram(): void {
  const rows = ROWS - 1;
  const term = new xtermHeadless.Terminal({ cols: COLS, rows, allowProposedApi: true });
  const pane = pty.spawn('cat', [], { cols: COLS, rows, encoding: null });
  const drawn: string[] = [];
  const draw = () => {
    const buf = term.buffer.active;
    const out = changedRows(term, drawn).map(([y, text]) => `\x1b[${y + 1};1H\x1b[2K${text}`).join('');
    process.stdout.write(`${out}\x1b[${buf.cursorY + 1};${buf.cursorX + 1}H`);
  };
  process.stdin.setRawMode(true);
  process.stdin.on('data', (keys: Buffer) => term.input(keys.toString('latin1'), true));
  term.onData((data) => pane.write(data));
  pane.onData((data) => term.write(data as unknown as Uint8Array, draw));
  pane.onExit(() => process.exit(0));
  process.stdout.write(`\x1b[2J\x1b[${ROWS};1H${ECHO_FLOOR}\x1b[H`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) floorProgram();
