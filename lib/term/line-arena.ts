// The scrollback store's lines packed one after another into a ring of bytes, as tmux packs its
// grid: a line costs a 7-byte header, a byte a cell (two beyond Latin-1, twelve for cells only
// xterm's words can say) and ten bytes a colour change, and no object of its own. An object
// a line made every scrolled line garbage that outlived the young generation: with 40 panes
// printing, the old generation collected tens of MB a second and the idle pane's echo waited
// for it (bench: busy, 34 ms p50). Lines are read back as StoredLine objects when asked.
import { StoredLine, WIDE_TAIL, type LineMaps } from './stored-line.js';
import { CELL_WORDS as CELL, EMPTY_CELL as EMPTY, HAS_EXTENDED, IS_COMBINED, WIDTH_SHIFT } from './xterm-internals.js';

/** How a line's cells are kept: a byte each, two bytes each, or xterm's three words each. */
const LATIN1 = 0, UTF16 = 1, WORDS = 2;
const WRAPPED = 0x80;
/** kind | wrapped, cols (u16), cells (u16), colour runs (u16). */
const HEADER = 7;
const RUN = 10;
const CELL_BYTES = [1, 2, 12];
/** A plain cell's bits past its Latin-1 code: width 1 (the never-written cell's), no combining flag, no higher code. */
const PLAIN_MASK = 0xffffff00;

/** Whether a text of one unit per cell can say these cells, and in how many bytes a unit. */
function kindOf(data: Uint32Array, used: number): number {
  let kind = LATIN1;
  for (let x = 0; x < used; x++) {
    const content = data[x * CELL];
    if (content === EMPTY) continue;
    if (data[x * CELL + 2] & HAS_EXTENDED || content & IS_COMBINED) return WORDS;
    const tailNext = x + 1 < used && data[(x + 1) * CELL] === 0;
    if (content === 0) {
      kind = UTF16;
      continue;
    }
    const code = content & 0x1fffff;
    const width = content >>> WIDTH_SHIFT;
    if (width === 1 && !tailNext && code < 256 && code > 0) continue;
    // Any other code a unit holds, whose width its neighbour says back (2 exactly when a tail follows).
    if (code > 0 && code < WIDE_TAIL && (code < 0xd800 || code > 0xdfff) && width >= 1 && (width === 2) === tailNext) kind = UTF16;
    else return WORDS;
  }
  return kind;
}

export class LineArena {
  private bytes = new Uint8Array(1 << 14);
  private view = new DataView(this.bytes.buffer);
  /** Where each line starts, by serial modulo its size: byte positions that only grow. */
  private starts = new Float64Array(256);
  /** Serial of the oldest line, and how many there are. */
  private first = 0;
  private count = 0;
  /** Byte position just past the newest line. */
  private end = 0;
  /** Combined characters and extended attributes of the rare lines that have them, by serial. */
  private readonly maps = new Map<number, LineMaps>();

  get length(): number { return this.count; }

  /**
   * Adds a line of xterm's words (`length` cells of content, fg, bg): trailing cells never written
   * (empty, default colours) are left out; written spaces stay, as xterm's text keeps them.
   */
  push(data: Uint32Array, length: number, maps: LineMaps | null, cols: number, wrapped: boolean): void {
    if (this.pushPlain(data, length, cols, wrapped)) return;
    let used = length;
    while (used > 0 && data[(used - 1) * CELL] === EMPTY && !data[(used - 1) * CELL + 1] && !data[(used - 1) * CELL + 2]) used--;
    const kind = kindOf(data, used);
    let runs = 0;
    if (kind !== WORDS) {
      let fg = 0, bg = 0;
      for (let x = 0; x < used; x++) {
        const f = data[x * CELL + 1], b = data[x * CELL + 2];
        if (f !== fg || b !== bg) {
          runs++;
          fg = f;
          bg = b;
        }
      }
    }
    const size = HEADER + used * CELL_BYTES[kind] + runs * RUN;
    const at = this.room(size);
    const bytes = this.bytes, view = this.view;
    let p = at & (bytes.length - 1);
    this.header(p, kind, wrapped, cols, used, runs);
    p += HEADER;
    if (kind === LATIN1) {
      for (let x = 0; x < used; x++) bytes[p++] = data[x * CELL] === EMPTY ? 0 : data[x * CELL] & 0xff;
    } else if (kind === UTF16) {
      for (let x = 0; x < used; x++, p += 2) {
        const content = data[x * CELL];
        view.setUint16(p, content === EMPTY ? 0 : content === 0 ? WIDE_TAIL : content & 0xffff, true);
      }
    } else {
      for (let i = 0; i < used * CELL; i++, p += 4) view.setUint32(p, data[i], true);
    }
    if (runs) {
      let fg = 0, bg = 0;
      for (let x = 0; x < used; x++) {
        const f = data[x * CELL + 1], b = data[x * CELL + 2];
        if (f === fg && b === bg) continue;
        fg = f;
        bg = b;
        view.setUint16(p, x, true);
        view.setUint32(p + 2, f, true);
        view.setUint32(p + 6, b, true);
        p += RUN;
      }
    }
    const serial = this.added(at, size);
    if (kind === WORDS && maps) this.maps.set(serial, maps);
  }

  /**
   * Most lines: Latin-1 text in default colours, a byte a cell. The never-written cells at the
   * end are skipped first, so only the cells up to the last one written are copied, each checked
   * with two tests (no colour; width 1, a code under 256 and nothing else): this step went from
   * 0.44 to 0.27 us a 120-column line. False for any other line.
   */
  pushPlain(data: Uint32Array, length: number, cols: number, wrapped: boolean): boolean {
    let end = length * CELL;
    while (end > 0 && data[end - CELL] === EMPTY && (data[end - 2] | data[end - 1]) === 0) end -= CELL;
    const used = end / 3;
    // Written in place; a line that turns out not plain leaves only a larger ring behind.
    const at = this.room(HEADER + used);
    const bytes = this.bytes;
    const p = (at & (bytes.length - 1)) + HEADER;
    for (let i = 0, q = p; i < end; i += CELL, q++) {
      const content = data[i];
      if ((data[i + 1] | data[i + 2]) !== 0) return false;
      if (content === EMPTY) {
        bytes[q] = 0;
        continue;
      }
      if ((content & PLAIN_MASK) !== EMPTY || (content & 0xff) === 0) return false;
      bytes[q] = content;
    }
    this.header(p - HEADER, LATIN1, wrapped, cols, used, 0);
    this.added(at, HEADER + used);
    return true;
  }

  private header(p: number, kind: number, wrapped: boolean, cols: number, used: number, runs: number): void {
    const bytes = this.bytes;
    bytes[p] = kind | (wrapped ? WRAPPED : 0);
    bytes[p + 1] = cols & 0xff;
    bytes[p + 2] = cols >>> 8;
    bytes[p + 3] = used & 0xff;
    bytes[p + 4] = used >>> 8;
    bytes[p + 5] = runs & 0xff;
    bytes[p + 6] = runs >>> 8;
  }

  /** Counts in the line just written at `at`, `size` bytes long. */
  private added(at: number, size: number): number {
    const serial = this.first + this.count;
    if (this.count === this.starts.length) this.growStarts();
    this.starts[serial % this.starts.length] = at;
    this.count++;
    this.end = at + size;
    return serial;
  }

  /** Adds a line read back (a rewrapped or handed-over one). */
  pushStored(line: StoredLine): void {
    this.push(line.words(), line.used, line.maps, line.cols, line.wrapped);
  }

  /** The line at `index` (0 the oldest). */
  get(index: number): StoredLine | undefined {
    if (index < 0 || index >= this.count) return undefined;
    const serial = this.first + index;
    const bytes = this.bytes, view = this.view;
    let p = this.starts[serial % this.starts.length] & (bytes.length - 1);
    const kind = bytes[p] & ~WRAPPED;
    const flags = (view.getUint16(p + 1, true) << 1) | (bytes[p] & WRAPPED ? 1 : 0);
    const used = view.getUint16(p + 3, true);
    const runCount = view.getUint16(p + 5, true);
    p += HEADER;
    let cells: string | Uint32Array;
    if (kind === LATIN1) {
      cells = Buffer.from(bytes.buffer, bytes.byteOffset + p, used).toString('latin1');
      p += used;
    } else if (kind === UTF16) {
      const units = new Array<number>(used);
      for (let x = 0; x < used; x++, p += 2) units[x] = view.getUint16(p, true);
      cells = String.fromCharCode(...units);
    } else {
      cells = new Uint32Array(used * CELL);
      for (let i = 0; i < cells.length; i++, p += 4) cells[i] = view.getUint32(p, true);
    }
    let runs: number[] | null = null;
    for (let r = 0; r < runCount; r++, p += RUN) (runs ??= []).push(view.getUint16(p, true), view.getUint32(p + 2, true), view.getUint32(p + 6, true));
    return new StoredLine(cells, runs, this.maps.get(serial) ?? null, flags);
  }

  /** Whether the line at `index` continues the one above it. */
  wrapped(index: number): boolean {
    return (this.bytes[this.startOf(index)] & WRAPPED) !== 0;
  }

  /**
   * The line's text as xterm's translateToString(true) gives it (never-written cells as spaces,
   * up to the last cell with text), read from the ring without making the line; undefined for a
   * line of xterm's words, which the caller reads through the line itself.
   */
  text(index: number): string | undefined {
    const bytes = this.bytes;
    let p = this.startOf(index);
    const kind = bytes[p] & ~WRAPPED;
    const used = bytes[p + 3] | (bytes[p + 4] << 8);
    p += HEADER;
    if (kind === LATIN1) {
      let n = used;
      while (n && !bytes[p + n - 1]) n--;
      const text = Buffer.from(bytes.buffer, bytes.byteOffset + p, n).toString('latin1');
      return text.includes('\0') ? text.replaceAll('\0', ' ') : text;
    }
    if (kind !== UTF16) return undefined;
    let text = '';
    let end = 0;
    for (let x = 0; x < used; x++, p += 2) {
      const unit = bytes[p] | (bytes[p + 1] << 8);
      if (unit === WIDE_TAIL) continue;
      text += unit ? String.fromCharCode(unit) : ' ';
      if (unit) end = text.length;
    }
    return text.slice(0, end);
  }

  private startOf(index: number): number {
    return this.starts[(this.first + index) % this.starts.length] & (this.bytes.length - 1);
  }

  /** Drops the `n` oldest lines. */
  shift(n: number): void {
    n = Math.min(n, this.count);
    for (let i = 0; i < n && this.maps.size; i++) this.maps.delete(this.first + i);
    this.first += n;
    this.count -= n;
    if (!this.count) this.clear();
  }

  clear(): void {
    this.first = this.count = this.end = 0;
    this.maps.clear();
    if (this.bytes.length > 1 << 14) {
      this.bytes = new Uint8Array(1 << 14);
      this.view = new DataView(this.bytes.buffer);
    }
  }

  /** Where a record of `size` bytes goes: contiguous in the ring, which grows when it is full. */
  private room(size: number): number {
    for (;;) {
      const cap = this.bytes.length;
      const oldest = this.count ? this.starts[this.first % this.starts.length] : this.end;
      // A record never wraps round the ring's end: it starts again at the beginning.
      const at = (this.end & (cap - 1)) + size > cap ? this.end + (cap - (this.end & (cap - 1))) : this.end;
      if (at + size - oldest <= cap) return at;
      this.grow(at + size - oldest);
    }
  }

  /** A ring of at least `need` bytes, the lines at the same positions modulo its size. */
  private grow(need: number): void {
    let cap = this.bytes.length * 2;
    while (cap < need) cap *= 2;
    const bytes = new Uint8Array(cap);
    const oldest = this.count ? this.starts[this.first % this.starts.length] : this.end;
    const old = this.bytes, mask = old.length - 1;
    for (let a = oldest; a < this.end;) {
      const from = a & mask;
      const n = Math.min(old.length - from, this.end - a);
      bytes.set(old.subarray(from, from + n), a & (cap - 1));
      a += n;
    }
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer);
  }

  private growStarts(): void {
    const starts = new Float64Array(this.starts.length * 2);
    for (let i = 0; i < this.count; i++) starts[(this.first + i) % starts.length] = this.starts[(this.first + i) % this.starts.length];
    this.starts = starts;
  }
}
