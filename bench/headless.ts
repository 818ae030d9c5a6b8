// The stack's own limit for the attached-throughput rows (issue 24): @xterm/headless parsing the
// same bytes in this process, as a pane's emulator gets them (the pty's \r\n line ends), in reads
// of 64 KiB, with nothing else to do: no pty, no frames, no client.
import fs from 'node:fs';
import xtermHeadless from '@xterm/headless';
import { COLS, ROWS } from './subjects.js';

const MB = 1e6;
const READ = 64 * 1024;

/** MB/s of the file's bytes through a fresh 5000-line @xterm/headless terminal, once warmed up on them. */
export async function headlessRate(file: string): Promise<number> {
  await parse(file);
  return parse(file);
}

async function parse(file: string): Promise<number> {
  const raw = fs.readFileSync(file);
  const lf = raw.reduce((n, b) => n + (b === 0x0a ? 1 : 0), 0);
  const bytes = Buffer.alloc(raw.length + lf);
  for (let i = 0, j = 0; i < raw.length; i++) {
    if (raw[i] === 0x0a) bytes[j++] = 0x0d;
    bytes[j++] = raw[i];
  }
  const term = new xtermHeadless.Terminal({ cols: COLS, rows: ROWS, scrollback: 5000, allowProposedApi: true });
  try {
    const t0 = performance.now();
    for (let at = 0; at < bytes.length; at += READ) term.write(bytes.subarray(at, at + READ));
    await new Promise<void>((resolve) => term.write('', resolve));
    return raw.length / MB / ((performance.now() - t0) / 1000);
  } finally {
    term.dispose();
  }
}
