// Copy mode of one client on one pane, as tmux's: a view into the pane's history that stays
// where it is while output arrives, a cursor moved with the keys of the vi or emacs table
// (copy-keys.ts), search, and a selection to copy. It only reads the pane's buffer; the client
// screen draws it.
import type { History } from '../term/history.js';
import { COPY_KEYS, type CopyCommand, type Jump, type ModeKeys } from './copy-keys.js';
import { SPACE_WORD, type TextPoint, WORD, words } from './copy-words.js';

export type SelectionMode = 'char' | 'line' | 'block';

export interface Point { x: number; y: number }

/** What a key asks of the client screen once copy mode has handled it. */
export type CopyOutcome = { kind: 'stay' } | { kind: 'exit' } | { kind: 'copy'; text: string; append?: boolean };

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
  /** A jump (f, F, t, T) waiting for its character, and the last one made (for `;` and `,`). */
  private pendingJump: Jump | null = null;
  private lastJump: { kind: Jump; char: string } | null = null;

  constructor(private readonly history: History, cursor: Point, private readonly modeKeys: ModeKeys = 'vi') {
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

  /** Handles one key (a name from keyName()), as the key table of `mode-keys` binds it. */
  key(name: string): CopyOutcome {
    if (this.prompt) return this.promptKey(name);
    this.message = null;
    if (this.pendingJump) {
      const jump = this.pendingJump;
      this.pendingJump = null;
      if ([...name].length === 1 || name === 'Space') this.jump({ kind: jump, char: name === 'Space' ? ' ' : name }, false);
      return STAY;
    }
    const command = COPY_KEYS[this.modeKeys][name];
    return command ? this.run(command) : STAY;
  }

  /** Runs one copy-mode command (tmux's `send -X NAME`). */
  run(command: CopyCommand): CopyOutcome {
    const h = this.history;
    const page = h.rows;
    const { x, y } = this.cursor;
    switch (command) {
      case 'cancel': return { kind: 'exit' };
      case 'clear-selection': this.selection = null; break;
      case 'clear-selection-or-cancel':
        if (!this.selection) return { kind: 'exit' };
        this.selection = null;
        break;
      case 'cursor-down': this.moveTo(x, y + 1); break;
      case 'cursor-up': this.moveTo(x, y - 1); break;
      case 'cursor-left': this.moveTo(this.nextColumn(-1), y); break;
      case 'cursor-right': this.moveTo(this.nextColumn(1), y); break;
      case 'start-of-line': this.moveTo(0, y); break;
      case 'end-of-line': this.moveTo(h.columnOf(y, Math.max(h.text(y).length - 1, 0)), y); break;
      case 'back-to-indentation': this.moveTo(h.columnOf(y, Math.max(h.text(y).search(/\S/), 0)), y); break;
      case 'next-word': this.moveToOffset(words.next(h, this.at(), WORD)); break;
      case 'previous-word': this.moveToOffset(words.previous(h, this.at(), WORD)); break;
      case 'next-word-end': this.moveToOffset(words.end(h, this.at(), WORD)); break;
      case 'next-space': this.moveToOffset(words.next(h, this.at(), SPACE_WORD)); break;
      case 'previous-space': this.moveToOffset(words.previous(h, this.at(), SPACE_WORD)); break;
      case 'next-space-end': this.moveToOffset(words.end(h, this.at(), SPACE_WORD)); break;
      case 'next-paragraph': this.moveTo(0, this.paragraph(1)); break;
      case 'previous-paragraph': this.moveTo(0, this.paragraph(-1)); break;
      case 'top-line': this.moveTo(x, this.top); break;
      case 'middle-line': this.moveTo(x, this.top + Math.floor((page - 1) / 2)); break;
      case 'bottom-line': this.moveTo(x, this.top + page - 1); break;
      case 'scroll-down': this.scroll(1); break;
      case 'scroll-up': this.scroll(-1); break;
      case 'halfpage-down': this.scroll(Math.ceil(page / 2)); break;
      case 'halfpage-up': this.scroll(-Math.ceil(page / 2)); break;
      case 'page-down': this.scroll(page); break;
      case 'page-up': this.scroll(-page); break;
      case 'history-top': this.moveTo(0, 0); break;
      case 'history-bottom': this.moveTo(0, h.length - 1); break;
      case 'begin-selection': this.selection = { mode: this.selection?.mode === 'block' ? 'block' : 'char', anchor: { ...this.cursor } }; break;
      case 'select-char': this.select('char'); break;
      case 'select-line': this.select('line'); break;
      case 'select-block': this.select('block'); break;
      case 'rectangle-toggle':
        this.selection = { mode: this.selection?.mode === 'block' ? 'char' : 'block', anchor: this.selection?.anchor ?? { ...this.cursor } };
        break;
      case 'other-end':
        if (this.selection) {
          const anchor = this.selection.anchor;
          this.selection = { ...this.selection, anchor: { ...this.cursor } };
          this.moveTo(anchor.x, anchor.y);
        }
        break;
      case 'copy-selection-and-cancel': return this.selection ? { kind: 'copy', text: this.selectedText() } : { kind: 'exit' };
      case 'append-selection-and-cancel': return this.selection ? { kind: 'copy', text: this.selectedText(), append: true } : { kind: 'exit' };
      case 'copy-end-of-line': {
        const text = h.text(y);
        return { kind: 'copy', text: text.slice(h.offsetOf(y, x)).replace(/\s+$/, '') };
      }
      case 'search-forward': case 'search-backward':
        this.prompt = { pattern: '', backward: command === 'search-backward' };
        this.promptFrom = { ...this.cursor };
        break;
      case 'search-again': this.findNext(false); break;
      case 'search-reverse': this.findNext(true); break;
      case 'jump-again': case 'jump-reverse':
        if (this.lastJump) this.jump(this.lastJump, command === 'jump-reverse');
        break;
      default:
        // The four jumps: the next key is the character to jump to.
        this.pendingJump = command;
        break;
    }
    return STAY;
  }

  /** The cursor as a text offset of its line. */
  private at(): TextPoint {
    return { offset: this.history.offsetOf(this.cursor.y, this.cursor.x), y: this.cursor.y };
  }

  private moveToOffset(p: TextPoint): void {
    this.moveTo(this.history.columnOf(p.y, p.offset), p.y);
  }

  /** f, F, t and T on the cursor's line, as vi's: `reverse` is `,` (the other way). */
  private jump(j: { kind: Jump; char: string }, reverse: boolean): void {
    this.lastJump = j;
    const forward = (j.kind === 'jump-forward' || j.kind === 'jump-to-forward') !== reverse;
    const before = j.kind === 'jump-to-forward' || j.kind === 'jump-to-backward';
    const { offset, y } = this.at();
    const text = this.history.text(y);
    // A `t` again from just before its character would find that one: look one further.
    const from = before ? offset + (forward ? 2 : -2) : offset + (forward ? 1 : -1);
    const found = forward ? text.indexOf(j.char, Math.max(from, 0)) : from < 0 ? -1 : text.lastIndexOf(j.char, from);
    if (found < 0) return;
    this.moveToOffset({ offset: before ? found + (forward ? -1 : 1) : found, y });
  }

  /** The next (1) or previous (-1) blank line from the cursor, or the history's end that way. */
  private paragraph(dir: 1 | -1): number {
    const h = this.history;
    let y = this.cursor.y + dir;
    while (y > 0 && y < h.length - 1 && h.text(y).trim()) y += dir;
    return Math.max(0, Math.min(y, h.length - 1));
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
