// Word motions of copy mode across the lines of a pane's history, as vi's w, b and e (words of
// letters, digits and _) and W, B and E (words of anything but blanks). Positions are text
// offsets in a line; the end of each line counts as a blank, so a word never runs on into the
// next line.
import type { History } from '../term/history.js';

export interface TextPoint { offset: number; y: number }

/** Which characters make a word. */
export type WordClass = (char: string) => boolean;

export const WORD: WordClass = (c) => /\w/.test(c);
export const SPACE_WORD: WordClass = (c) => /\S/.test(c);

type Lines = Pick<History, 'length' | 'text'>;

const charAt = (h: Lines, p: TextPoint) => h.text(p.y)[p.offset] ?? ' ';

/** The position one character on (1) or back (-1), across lines; null past either end of the history. */
function step(h: Lines, p: TextPoint, dir: 1 | -1): TextPoint | null {
  const offset = p.offset + dir;
  if (offset >= 0 && offset <= h.text(p.y).length) return { offset, y: p.y };
  const y = p.y + dir;
  if (y < 0 || y >= h.length) return null;
  return { offset: dir > 0 ? 0 : h.text(y).length, y };
}

export const words = {
  /** The start of the next word (w, W); the last position when there is none. */
  next(h: Lines, from: TextPoint, isWord: WordClass): TextPoint {
    let p = from;
    let inWord = isWord(charAt(h, p));
    for (let q = step(h, p, 1); q; q = step(h, q, 1)) {
      p = q;
      const now = isWord(charAt(h, q));
      if (now && !inWord) return q;
      inWord = now;
    }
    return p;
  },

  /** The start of this word or the one before (b, B). */
  previous(h: Lines, from: TextPoint, isWord: WordClass): TextPoint {
    let p = step(h, from, -1);
    while (p && !isWord(charAt(h, p))) p = step(h, p, -1);
    if (!p) return { offset: 0, y: 0 };
    for (let q = step(h, p, -1); q && q.y === p.y && isWord(charAt(h, q)); q = step(h, q, -1)) p = q;
    return p;
  },

  /** The end of this word or the next (e, E). */
  end(h: Lines, from: TextPoint, isWord: WordClass): TextPoint {
    let p = step(h, from, 1);
    while (p && !isWord(charAt(h, p))) p = step(h, p, 1);
    if (!p) return from;
    for (let q = step(h, p, 1); q && q.y === p.y && isWord(charAt(h, q)); q = step(h, q, 1)) p = q;
    return p;
  },

  /** The word under a position, as offsets [from, to) of its line; null on a blank. */
  around(h: Lines, at: TextPoint): [number, number] | null {
    const text = h.text(at.y);
    const c = text[at.offset] ?? ' ';
    if (!/\S/.test(c)) return null;
    // A word of letters and digits, or a run of other non-blank characters.
    const same: WordClass = WORD(c) ? WORD : (d) => /\S/.test(d) && !WORD(d);
    let from = at.offset, to = at.offset + 1;
    while (from > 0 && same(text[from - 1])) from--;
    while (to < text.length && same(text[to])) to++;
    return [from, to];
  },
};
