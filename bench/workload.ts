// Generated test files for the throughput runs: plain prose-like text, and text where nearly
// every word carries its own 256-colour SGR (the colour-heavy output of ls, compilers, diffs).
import fs from 'node:fs';

const BLOCK = 1 << 20;

/** A small deterministic PRNG (mulberry32), so every run prints the same bytes. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function word(rand: () => number): string {
  let w = '';
  for (let n = 1 + Math.floor(rand() * 9); n > 0; n--) w += String.fromCharCode(97 + Math.floor(rand() * 26));
  return w;
}

/** About BLOCK bytes of lines of 10 to 110 columns, each word optionally wrapped in SGR. */
function block(colour: boolean): Buffer {
  const rand = random(colour ? 2 : 1);
  const lines: string[] = [];
  let size = 0;
  while (size < BLOCK) {
    const width = 10 + Math.floor(rand() * 100);
    let line = '';
    let shown = 0;
    while (shown < width) {
      const w = word(rand);
      shown += w.length + 1;
      if (!colour) line += `${w} `;
      else {
        const bg = rand() < 0.3 ? `;48;5;${Math.floor(rand() * 256)}` : '';
        const bold = rand() < 0.2 ? ';1' : '';
        line += `\x1b[38;5;${Math.floor(rand() * 256)}${bg}${bold}m${w}\x1b[0m `;
      }
    }
    lines.push(line);
    size += line.length + 1;
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/**
 * Writes about `bytes` bytes of plain or colour-heavy text, whole lines only (a cut escape
 * sequence would swallow what the pane prints next); returns its size.
 */
export function writeWorkload(file: string, bytes: number, colour: boolean): number {
  const chunk = block(colour);
  const fd = fs.openSync(file, 'w');
  let written = 0;
  try {
    while (written < bytes) {
      const end = Math.min(chunk.length, bytes - written);
      const cut = end === chunk.length ? end : chunk.lastIndexOf(0x0a, end - 1) + 1;
      if (cut <= 0) break;
      written += fs.writeSync(fd, chunk, 0, cut);
    }
  } finally {
    fs.closeSync(fd);
  }
  return written;
}
