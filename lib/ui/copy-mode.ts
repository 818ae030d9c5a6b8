// Copy mode of one client on one pane, as tmux's vi copy mode: a view into the pane's history
// that stays where it is while output arrives, a cursor moved with vi keys, search, and a
// selection to copy. It only reads the pane's buffer; the client screen draws it.
import type { History } from '../term/history.js';

export type SelectionMode = 'char' | 'line' | 'block';

export interface Point { x: number; y: number }

/** What a key asks of the client screen once copy mode has handled it. */
export type CopyOutcome = { kind: 'stay' } | { kind: 'exit' } | { kind: 'copy'; text: string };

interface Search { pattern: string; backward: boolean }

const STAY: CopyOutcome = { kind: 'stay' };
const MAX_PATTERN = 256;

export class CopyMode {
  /** Absolute index of the view's first line. */
  top: number;
  cursor: Point;
  selection: { mode: SelectionMode; anchor: Point } | null = null;
  /** The search being typed (shown in the status line), or null. */
  prompt: Search | null = null;
  private search: Search | null = null;
  /** Where the search being typed started, so each keystroke searches from there again. */
  private promptFrom: Point | null = null;
  message: string | null = null;

  constructor(private readonly history: History, cursor: Point) {
    this.top = history.base;
    this.cursor = { x: cursor.x, y: history.base + cursor.y };
  }

  /** The oldest `n` lines were dropped from the history: everything moves up with them. */
  trimmed(n: number): void {
    const shift = (p: Point) => ({ x: p.x, y: Math.max(p.y - n, 0) });
    this.top = Math.max(this.top - n, 0);
    this.cursor = shift(this.cursor);
    if (this.selection) this.selection = { ...this.selection, anchor: shift(this.selection.anchor) };
  }

  /** `[offset/size]` as tmux shows it: lines above the live screen, and the history size. */
  get position(): string {
    return `[${this.history.base - this.top}/${this.history.base}]`;
  }

  /** Handles one key (a name from keyName()). */
  key(name: string): CopyOutcome {
    if (this.prompt) return this.promptKey(name);
    this.message = null;
    const h = this.history;
    const page = h.rows;
    switch (name) {
      case 'q': return { kind: 'exit' };
      case 'Escape':
        if (!this.selection) return { kind: 'exit' };
        this.selection = null;
        return STAY;
      case 'j': case 'Down': case 'C-n': this.moveTo(this.cursor.x, this.cursor.y + 1); break;
      case 'k': case 'Up': case 'C-p': this.moveTo(this.cursor.x, this.cursor.y - 1); break;
      case 'h': case 'Left': this.moveTo(this.nextColumn(-1), this.cursor.y); break;
      case 'l': case 'Right': this.moveTo(this.nextColumn(1), this.cursor.y); break;
      case '0': case 'Home': this.moveTo(0, this.cursor.y); break;
      case '$': case 'End': this.moveTo(h.columnOf(this.cursor.y, Math.max(h.text(this.cursor.y).length - 1, 0)), this.cursor.y); break;
      case 'w': this.word(1); break;
      case 'b': this.word(-1); break;
      case 'H': this.moveTo(this.cursor.x, this.top); break;
      case 'M': this.moveTo(this.cursor.x, this.top + Math.floor((page - 1) / 2)); break;
      case 'L': this.moveTo(this.cursor.x, this.top + page - 1); break;
      case 'C-e': this.scroll(1); break;
      case 'C-y': this.scroll(-1); break;
      case 'C-d': this.scroll(Math.ceil(page / 2)); break;
      case 'C-u': this.scroll(-Math.ceil(page / 2)); break;
      case 'C-f': case 'PageDown': case 'Space': this.scroll(page); break;
      case 'C-b': case 'PageUp': this.scroll(-page); break;
      case 'g': this.moveTo(0, 0); break;
      case 'G': this.moveTo(0, h.length - 1); break;
      case 'v': this.select('char'); break;
      case 'V': this.select('line'); break;
      case 'C-v': this.select('block'); break;
      case 'y': case 'Enter': return this.selection ? { kind: 'copy', text: this.selectedText() } : { kind: 'exit' };
      case '/': case '?': this.prompt = { pattern: '', backward: name === '?' }; this.promptFrom = { ...this.cursor }; break;
      case 'n': this.findNext(false); break;
      case 'N': this.findNext(true); break;
      default: break;
    }
    return STAY;
  }

  /** Scrolls the view by `lines` (the mouse wheel, C-e/C-y); the cursor stays inside it. */
  scroll(lines: number): void {
    const h = this.history;
    this.top = clamp(this.top + lines, 0, h.base);
    this.cursor = { x: this.cursor.x, y: clamp(this.cursor.y, this.top, this.top + h.rows - 1) };
  }

  /** Whether the view shows the live screen (the wheel leaves copy mode there). */
  get atBottom(): boolean {
    return this.top >= this.history.base;
  }

  /** The column of the character before (-1) or after (1) the cursor's: a wide one is one step, as in tmux. */
  private nextColumn(step: 1 | -1): number {
    const h = this.history;
    const { x, y } = this.cursor;
    const offset = h.offsetOf(y, x);
    if (step < 0) return offset > 0 ? h.columnOf(y, offset - 1) : x - 1;
    const code = h.text(y).codePointAt(offset);
    return h.columnOf(y, offset + (code !== undefined && code > 0xffff ? 2 : 1));
  }

  /** Moves the cursor, scrolling the view just enough to keep it visible. */
  moveTo(x: number, y: number): void {
    const h = this.history;
    const row = clamp(y, 0, h.length - 1);
    this.cursor = { x: clamp(x, 0, h.cols - 1), y: row };
    if (row < this.top) this.top = row;
    else if (row >= this.top + h.rows) this.top = Math.min(row - h.rows + 1, h.base);
  }

  /** Starts a selection at the cursor, or changes its mode, or ends it (the same key again). */
  select(mode: SelectionMode): void {
    if (this.selection?.mode === mode) this.selection = null;
    else this.selection = { mode, anchor: this.selection?.anchor ?? { ...this.cursor } };
  }

  /** Whether the cell at (x, absolute line y) is selected. */
  selected(x: number, y: number): boolean {
    const s = this.selection;
    if (!s) return false;
    const [a, b] = ordered(s.anchor, this.cursor);
    if (y < a.y || y > b.y) return false;
    if (s.mode === 'line') return true;
    if (s.mode === 'block') return x >= Math.min(a.x, b.x) && x <= Math.max(a.x, b.x);
    return (y > a.y || x >= a.x) && (y < b.y || x <= b.x);
  }

  /** The selected text: lines joined with newlines except where the program's text wrapped. */
  selectedText(): string {
    const s = this.selection;
    if (!s) return '';
    const [a, b] = ordered(s.anchor, this.cursor);
    let out = '';
    const h = this.history;
    for (let y = a.y; y <= b.y; y++) {
      const text = h.text(y);
      let from = 0, to = h.cols;
      if (s.mode === 'block') [from, to] = [Math.min(a.x, b.x), Math.max(a.x, b.x) + 1];
      else if (s.mode === 'char') [from, to] = [y === a.y ? a.x : 0, y === b.y ? b.x + 1 : h.cols];
      if (y > a.y) out += s.mode !== 'block' && h.wrapped(y) ? '' : '\n';
      out += text.slice(h.offsetOf(y, from), h.offsetOf(y, to)).replace(/\s+$/, '');
    }
    return out;
  }

  /** Columns of matches of the current search on absolute line y, for highlighting. */
  matchesOn(y: number): { x: number; length: number }[] {
    const search = this.prompt ?? this.search;
    if (!search?.pattern) return [];
    const out: { x: number; length: number }[] = [];
    const text = fold(this.history.text(y), search.pattern);
    const pattern = fold(search.pattern, search.pattern);
    for (let i = text.indexOf(pattern); i >= 0; i = text.indexOf(pattern, i + 1)) {
      const x = this.history.columnOf(y, i);
      out.push({ x, length: this.history.columnOf(y, i + pattern.length) - x });
    }
    return out;
  }

  private promptKey(name: string): CopyOutcome {
    const prompt = this.prompt!;
    if (name === 'Escape' || name === 'C-c') {
      this.prompt = null;
      if (this.promptFrom) this.moveTo(this.promptFrom.x, this.promptFrom.y);
      return STAY;
    }
    if (name === 'Enter') {
      this.prompt = null;
      if (prompt.pattern) this.search = prompt;
      return STAY;
    }
    if (name === 'BSpace' || name === 'C-h') prompt.pattern = [...prompt.pattern].slice(0, -1).join('');
    else if (name === 'Space') prompt.pattern += ' ';
    else if ([...name].length === 1 && name >= ' ' && prompt.pattern.length < MAX_PATTERN) prompt.pattern += name;
    else return STAY;
    // Incremental: each keystroke searches again from where the search started.
    this.message = null;
    if (this.promptFrom) this.moveTo(this.promptFrom.x, this.promptFrom.y);
    if (prompt.pattern) this.find(prompt, prompt.backward);
    return STAY;
  }

  private findNext(reverse: boolean): void {
    if (!this.search) {
      this.message = 'no previous search';
      return;
    }
    this.find(this.search, this.search.backward !== reverse);
  }

  /** Moves to the next match after (or before) the cursor, wrapping around the history. */
  private find(search: Search, backward: boolean): void {
    const h = this.history;
    const pattern = fold(search.pattern, search.pattern);
    const start = this.cursor;
    const startOffset = h.offsetOf(start.y, start.x);
    for (let step = 0; step <= h.length; step++) {
      const y = (start.y + (backward ? -step : step) + h.length * 2) % h.length;
      const text = fold(h.text(y), search.pattern);
      const first = step === 0 && step !== h.length;
      if (first && backward && startOffset === 0) continue;
      const offset = backward
        ? text.lastIndexOf(pattern, first ? startOffset - 1 : text.length)
        : text.indexOf(pattern, first ? startOffset + 1 : 0);
      if (offset < 0) continue;
      const wrapped = backward ? y > start.y || (y === start.y && !first) : y < start.y || (y === start.y && !first);
      if (wrapped) this.message = backward ? 'search hit TOP, continuing at BOTTOM' : 'search hit BOTTOM, continuing at TOP';
      this.moveTo(h.columnOf(y, offset), y);
      return;
    }
    this.message = `pattern not found: ${search.pattern}`;
  }

  /** Moves to the start of the next (or previous) word, across lines. */
  private word(dir: 1 | -1): void {
    const h = this.history;
    let y = this.cursor.y;
    let x = h.offsetOf(y, this.cursor.x);
    const at = (px: number, py: number) => /\w/.test(h.text(py)[px] ?? ' ');
    let inWord = at(x, y);
    for (let guard = 0; guard < h.cols * 4 + 2; guard++) {
      x += dir;
      if (x < 0 || x >= Math.max(h.text(y).length, 1)) {
        if (y + dir < 0 || y + dir >= h.length) break;
        y += dir;
        x = dir > 0 ? 0 : Math.max(h.text(y).length - 1, 0);
        inWord = false;
      }
      const now = at(x, y);
      if (dir > 0 && now && !inWord) break;
      if (dir < 0 && now && !at(x - 1, y)) break;
      inWord = now;
    }
    this.moveTo(h.columnOf(y, x), y);
  }
}

function clamp(n: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, n));
}

function ordered(a: Point, b: Point): [Point, Point] {
  return a.y < b.y || (a.y === b.y && a.x <= b.x) ? [a, b] : [b, a];
}

/** Smart case: a pattern in lower case matches either case. */
function fold(text: string, pattern: string): string {
  return pattern === pattern.toLowerCase() ? text.toLowerCase() : text;
}
