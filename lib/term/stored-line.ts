// A line of the scrollback store as it is read back (line-arena.ts keeps it packed in bytes):
// its used cells as one UTF-16 unit each with its colours as runs, or, where a text cannot say
// the cells (combined characters, links, underline styles), xterm's own words for them. Either
// way it decodes back to the very words xterm had, so every reader of a line (copy mode,
// capture, the renderer) sees what xterm would have shown. Also here: rewrapping stored lines
// for a new width, and their JSON for the server that takes over.
import { CELL_WORDS as CELL, EMPTY_CELL as EMPTY, WIDTH_SHIFT, type CoreLine } from './xterm-internals.js';

/** In a stored text: the cell right of a wide character (xterm's content word 0). */
export const WIDE_TAIL = 0xffff;
/** In a stored text: an empty cell. */
const NUL = 0;

/** A line's combined characters and extended attributes by column (xterm's own maps). */
export interface LineMaps { combined: Record<number, string>; ext: Record<number, unknown> }

export class StoredLine {
  constructor(
    /** One UTF-16 unit per cell, or the cells' words where a string cannot say them. */
    readonly cells: string | Uint32Array,
    /** Colours of a text line: [column, fg, bg, ...] where they change from the left (none: all default). */
    readonly runs: number[] | null,
    readonly maps: LineMaps | null,
    /** The width it was written at and whether it continues the line above: cols << 1 | wrapped. */
    private readonly flags: number,
  ) {}

  get wrapped(): boolean { return (this.flags & 1) === 1; }
  get cols(): number { return this.flags >>> 1; }
  /** Cells up to the last one that shows anything (text or a colour). */
  get used(): number { return typeof this.cells === 'string' ? this.cells.length : this.cells.length / CELL; }

  /** The cells' words (content, fg, bg), `length` cells long, padded with empty cells. */
  words(length = this.used): Uint32Array {
    const out = new Uint32Array(length * CELL);
    for (let x = 0; x < length; x++) out[x * CELL] = EMPTY;
    if (typeof this.cells !== 'string') {
      out.set(this.cells.subarray(0, Math.min(this.cells.length, out.length)));
      return out;
    }
    const text = this.cells;
    const n = Math.min(text.length, length);
    for (let x = 0; x < n; x++) {
      const c = text.charCodeAt(x);
      if (c === WIDE_TAIL) out[x * CELL] = 0;
      else if (c !== NUL) out[x * CELL] = c | ((text.charCodeAt(x + 1) === WIDE_TAIL ? 2 : 1) << WIDTH_SHIFT);
    }
    const runs = this.runs;
    if (runs) {
      for (let r = 0; r < runs.length; r += 3) {
        const end = Math.min(r + 3 < runs.length ? runs[r + 3] : n, n);
        for (let x = runs[r]; x < end; x++) {
          out[x * CELL + 1] = runs[r + 1];
          out[x * CELL + 2] = runs[r + 2];
        }
      }
    }
    return out;
  }
}

/** Fills a line of xterm's own kind (`blank`) with a stored line, `cols` wide or as wide as it is. */
export function loadLine(stored: StoredLine, cols: number, blank: CoreLine): CoreLine {
  const length = Math.max(cols, stored.used);
  blank._data = stored.words(length);
  blank.length = length;
  blank.isWrapped = stored.wrapped;
  blank._combined = stored.maps ? { ...stored.maps.combined } : {};
  blank._extendedAttrs = stored.maps ? { ...stored.maps.ext } : {};
  return blank;
}

/** Where rewrap hands each row: xterm's words for `length` cells, as LineArena.push takes them. */
export type RowSink = (words: Uint32Array, length: number, maps: LineMaps | null, cols: number, wrapped: boolean) => void;

/**
 * The lines wrapped again at `cols`, handed to `push` one row at a time: each line with the ones
 * that continue it is joined (a wide character's filler at a wrap dropped, as xterm's own reflow
 * does) and cut again, so the history reads as if it had been written at the new width.
 */
export function rewrap(lines: StoredLine[], cols: number, push: RowSink): void {
  for (let i = 0; i < lines.length;) {
    let end = i + 1;
    while (end < lines.length && lines[end].wrapped) end++;
    if (end === i + 1 && lines[i].used <= cols) push(lines[i].words(), lines[i].used, lines[i].maps, lines[i].cols, lines[i].wrapped);
    else cut(join(lines.slice(i, end)), cols, lines[i].wrapped, push);
    i = end;
  }
}

interface Joined { data: number[]; combined: Record<number, string>; ext: Record<number, unknown> }

function join(group: StoredLine[]): Joined {
  const out: Joined = { data: [], combined: {}, ext: {} };
  group.forEach((line, k) => {
    const last = k === group.length - 1;
    const words = line.words(last ? line.used : Math.max(line.cols, line.used));
    let cells = words.length / CELL;
    // A wide character that did not fit left its row's last cell empty.
    const nextWide = !last && (group[k + 1].words(1)[0] >>> WIDTH_SHIFT) === 2;
    if (nextWide && cells > 0 && words[(cells - 1) * CELL] === EMPTY) cells--;
    const base = out.data.length / CELL;
    for (let i = 0; i < cells * CELL; i++) out.data.push(words[i]);
    if (line.maps) {
      for (const key in line.maps.combined) if (Number(key) < cells) out.combined[base + Number(key)] = line.maps.combined[key];
      for (const key in line.maps.ext) if (Number(key) < cells) out.ext[base + Number(key)] = line.maps.ext[key];
    }
  });
  return out;
}

function cut(joined: Joined, cols: number, firstWrapped: boolean, push: RowSink): void {
  const total = joined.data.length / CELL;
  let start = 0;
  let first = true;
  do {
    let end = Math.min(start + cols, total);
    // A wide character never straddles the edge: it starts the next row, a filler before it.
    const wideAtEdge = end < total && end - start === cols && (joined.data[(end - 1) * CELL] >>> WIDTH_SHIFT) === 2;
    if (wideAtEdge && cols > 1) end--;
    const words = joined.data.slice(start * CELL, end * CELL);
    if (wideAtEdge && cols > 1) words.push(EMPTY, 0, 0);
    // As typed words, like xterm's own lines: the arena's hot path then sees one kind of array.
    push(Uint32Array.from(words), words.length / CELL, shifted(joined, start, end), cols, !first || firstWrapped);
    first = false;
    start = end;
  } while (start < total);
}

function shifted(joined: Joined, start: number, end: number): LineMaps | null {
  let maps: LineMaps | null = null;
  for (const key in joined.combined) {
    const x = Number(key);
    if (x >= start && x < end) (maps ??= { combined: {}, ext: {} }).combined[x - start] = joined.combined[key];
  }
  for (const key in joined.ext) {
    const x = Number(key);
    if (x >= start && x < end) (maps ??= { combined: {}, ext: {} }).ext[x - start] = joined.ext[key];
  }
  return maps;
}

/** A stored line as JSON, for the server that takes over (`server upgrade`). */
export interface StoredLineJson { t?: string; w?: number[]; r?: number[]; c?: Record<number, string>; e?: Record<number, number>; f: number }

/** xterm's extended attributes of a cell: its packed underline style and colour (links are the old server's). */
interface ExtendedAttrs { ext: number; urlId: number }

export function lineToJson(line: StoredLine): StoredLineJson {
  const out: StoredLineJson = { f: (line.cols << 1) | (line.wrapped ? 1 : 0) };
  if (typeof line.cells === 'string') out.t = line.cells;
  else out.w = [...line.cells];
  if (line.runs) out.r = line.runs;
  if (line.maps) {
    out.c = line.maps.combined;
    out.e = {};
    for (const key in line.maps.ext) out.e[Number(key)] = (line.maps.ext[key] as ExtendedAttrs).ext;
  }
  return out;
}

/** A line handed over; `extended` makes a cell's extended attributes of xterm's kind (ext, no link). */
export function lineFromJson(json: StoredLineJson, extended: (ext: number) => unknown): StoredLine {
  let maps: LineMaps | null = null;
  if (json.c || json.e) {
    maps = { combined: { ...json.c }, ext: {} };
    for (const key in json.e) maps.ext[Number(key)] = extended(json.e[Number(key)]);
  }
  return new StoredLine(json.t ?? Uint32Array.from(json.w ?? []), json.r ?? null, maps, json.f);
}
