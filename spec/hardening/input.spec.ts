// Hostile client input (lib/ui/input.ts): any bytes, cut anywhere, give the tokens they give
// in one piece, nothing throws, and what waits for the rest of a sequence stays small.
import fc from 'fast-check';
import { InputParser, keyName, type InputToken } from '../../lib/ui/input.js';
import { check, cuts, invariant, terminalBytes } from '../helpers/hardening.js';

/** The longest tail the parser may hold back: an XTGETTCAP answer it still waits for (MAX_DCS). */
const MAX_HELD = 512;

const PIECES = [
  '\x1b', '\x1b[', '\x1b[1;5A', '\x1b[<0;10;5M', '\x1b[<65;3;7m', '\x1b[200~', '\x1b[201~', '\x1b[20', '~', '\x1bP1+r', '\x1bP0+r', '\x1bP', '\x1b\\',
  '\x1b]7501;?:states=idle\x07', '\x1b]7501;?:', '\x1b]', '\x1bO', '\x1bOP', '\x1b\x1b', '\x07', '\x02', '\r', '\x7f', 'a', ';', '5463', 'é', '🚀',
  '\xe2\x82', '\xac', '\xf0\x9f', '\xff', '\x00',
];

/** What the parser holds back (private: the bound is the point of this check). */
const held = (p: InputParser) => (p as unknown as { pending: string }).pending.length;

function tokens(chunks: Buffer[]): { out: InputToken[]; most: number } {
  const p = new InputParser();
  const out: InputToken[] = [];
  let most = 0;
  for (const chunk of chunks) {
    out.push(...p.feed(chunk));
    most = Math.max(most, held(p));
  }
  out.push(...p.flush());
  for (const t of out) if (t.kind === 'key') keyName(t.seq);
  return { out, most };
}

check({
  id: 'input-chunks',
  what: 'client input bytes in random chunks: the same tokens as in one piece, nothing thrown, at most 512 characters held back',
  args: [terminalBytes(PIECES, 60), fc.array(fc.nat(), { maxLength: 10 })],
  property: (data: number[], at: number[]) => {
    const whole = tokens([Buffer.from(data)]);
    const split = tokens(cuts(data, at));
    invariant(JSON.stringify(split.out) === JSON.stringify(whole.out), `cut at ${JSON.stringify(at)}: ${JSON.stringify(split.out)} instead of ${JSON.stringify(whole.out)}`);
    invariant(Math.max(whole.most, split.most) <= MAX_HELD, `${Math.max(whole.most, split.most)} characters held back`);
  },
});

check({
  id: 'input-endless',
  what: 'an endless sequence start (CSI, XTGETTCAP answer, OSC 7501 answer) fed in small chunks: it is given up on, the tail held stays bounded',
  args: [fc.constantFrom('\x1b[', '\x1bP1+r', '\x1b]7501;?:'), fc.string({ unit: fc.constantFrom('1', ';', 'a', '\x1b', ' '), minLength: 600, maxLength: 2000 }), fc.integer({ min: 1, max: 64 })],
  cases: 1000,
  property: (start: string, rest: string, size: number) => {
    const p = new InputParser();
    const data = start + rest;
    for (let i = 0; i < data.length; i += size) {
      p.feed(Buffer.from(data.slice(i, i + size)));
      invariant(held(p) <= MAX_HELD, `${held(p)} characters held back`);
    }
  },
});
