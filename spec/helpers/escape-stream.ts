// A seeded stream of the escapes a busy full-screen program prints: SGR colours and underline
// styles, cursor moves, OSC titles, OSC 8 links, OSC 7501 status, DEC modes, alternate screen
// switches, scroll regions, erases, long lines, wide and combining characters, now and then a
// reset (RIS). The same seed gives the same bytes. No queries (nothing is answered) and no bare
// LF (a pty's ONLCR would turn it into CR LF): what a pane shows depends on the bytes alone.

/** mulberry32: small, fast and the same on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['build', 'ok', 'error:', 'warning', 'src/index.ts', '→', '✔', '漢字', '日本語', '🙂', 'e\u0301', 'naïve', '│', '█▌'];
const ESC = '\x1b';
const ST = `${ESC}\\`;

/** `bytes` (about; the last piece may pass it) of mixed escapes and text from `seed`, ending on the normal screen. */
export function mixedEscapes(seed: number, bytes: number): Buffer {
  const r = random(seed);
  const int = (n: number) => Math.floor(r() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  const text = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  let links = 0;
  const pieces: Array<() => string> = [
    () => `${ESC}[${pick(['0', '1', '3', '7', '1;4', '22;24'])};${30 + int(8)};${40 + int(8)}m${text(3)}`,
    () => `${ESC}[38;5;${int(256)};48;2;${int(256)};${int(256)};${int(256)}m${text(2)}${ESC}[m`,
    () => `${ESC}[4:${1 + int(5)}m${ESC}[58;5;${int(256)}m${text(3)}${ESC}[59;24m`,
    () => `${ESC}[${1 + int(30)};${1 + int(100)}H${text(2)}`,
    () => `${ESC}[${1 + int(5)}${pick(['A', 'B', 'C', 'D', 'G', 'd'])}${text(1)}`,
    () => `${ESC}]${pick(['0', '2'])};${text(2)} ${int(1000)}\x07`,
    () => `${ESC}]8;;https://example.com/${seed}/${links++}${ST}${text(1)}${ESC}]8;;${ST}`,
    () => `${ESC}]8;id=${int(50)};https://example.com/ids/${int(50)}${ST}${text(1)}${ESC}]8;;${ST}`,
    () => `${ESC}]7501;state=${pick(['working', 'idle', 'done', 'blocked'])}:id=job${int(20)}:msg=${Buffer.from(text(3)).toString('base64')}${ST}`,
    () => `${ESC}[?${pick(['25', '7', '1', '2004', '1000', '1006', '12'])}${pick(['h', 'l'])}`,
    () => `${ESC}[?1049h${ESC}[H${ESC}[2J${text(20)}${ESC}[${1 + int(20)};1H${text(10)}${ESC}[?1049l`,
    () => `${ESC}[${1 + int(10)};${12 + int(18)}r${ESC}[${5 + int(5)};1H${`${text(4)}\r\n`.repeat(1 + int(12))}${ESC}[r`,
    () => `${ESC}[${pick(['K', '1K', '2K', 'J', '1J', '2J', '3J'])}`,
    () => `${ESC}[${1 + int(20)}X${ESC}[${1 + int(5)}P${ESC}[${1 + int(5)}@${ESC}[${1 + int(3)}L${ESC}[${1 + int(3)}M`,
    () => `${text(40 + int(80))}\r\n`,
    () => `${ESC}7${text(2)}${ESC}8${ESC}D${ESC}M${ESC}E`,
    () => `${'漢字🙂 '.repeat(10 + int(30))}\r\n`,
    () => (int(40) === 0 ? `${ESC}c` : ''),
  ];
  const out: string[] = [];
  let length = 0;
  while (length < bytes) {
    const piece = pick(pieces)();
    out.push(piece, '\r\n');
    length += Buffer.byteLength(piece) + 2;
  }
  // Left in a scroll region or the alternate screen, the next run would start elsewhere.
  out.push(`${ESC}[m${ESC}]8;;${ST}${ESC}[r${ESC}[?1049l${ESC}[?25h${ESC}[?7h\r\n`);
  return Buffer.from(out.join(''));
}
