// The copy modes of one attached client (at most one per pane): entering and leaving them, the
// keys and mouse events they take, and what they add to a frame (the view's lines, highlights,
// the border's position, the search prompt). Another client keeps its live view.
import type { Mux } from '../session/mux.js';
import { historyOf } from '../term/history.js';
import { modeKeysOf } from './copy-keys.js';
import { CopyMode, type CopyOutcome } from './copy-mode.js';
import { words } from './copy-words.js';

/** tmux's mode-style, copy-mode-match-style and copy-mode-current-match-style. */
const SELECTION = '30;43';
const MATCH = '30;46';
const CURRENT_MATCH = '30;45';
/** Lines the mouse wheel scrolls per step, as tmux does. */
export const WHEEL_LINES = 3;
/** Presses this close together on one cell count as a double or triple click (tmux's 300 ms). */
export const CLICK_MS = 300;

export interface CopyViewHooks {
  /** The pane's cells must be drawn again. */
  redraw(pane: string): void;
  /** Text was copied (or appended to the newest buffer): it goes to the paste buffers and the client's clipboard. */
  copied(text: string, append: boolean): void;
}

/** Per-row highlight of a pane in copy mode: the style that replaces a cell's, or null. */
export type Highlight = (x: number) => string | null;

interface Entry {
  mode: CopyMode;
  untrim: { dispose(): void };
}

export class CopyView {
  private readonly modes = new Map<string, Entry>();
  /** Where a mouse drag started, in pane cells (absolute line), before it moved. */
  private dragFrom: { pane: string; x: number; y: number } | null = null;
  /** The last press, and how many quick presses on its cell it ends (2: a word, 3: a line). */
  private lastPress: { pane: string; x: number; y: number; at: number; count: number } | null = null;

  constructor(private readonly mux: Mux, private readonly hooks: CopyViewHooks) {}

  get(pane: string): CopyMode | undefined {
    return this.modes.get(pane)?.mode;
  }

  /** Enters copy mode on a pane (or returns the one it is in). */
  enter(pane: string): CopyMode {
    const existing = this.modes.get(pane);
    if (existing) return existing.mode;
    const term = this.mux.pane(pane).term;
    const mode = new CopyMode(historyOf(term.xterm), term.cursor, modeKeysOf(this.mux));
    const untrim = term.onTrim((n) => {
      mode.trimmed(n);
      this.hooks.redraw(pane);
    });
    this.modes.set(pane, { mode, untrim });
    this.hooks.redraw(pane);
    return mode;
  }

  exit(pane: string): void {
    const entry = this.modes.get(pane);
    if (!entry) return;
    entry.untrim.dispose();
    this.modes.delete(pane);
    this.hooks.redraw(pane);
  }

  /** A key for the pane's copy mode; false when the pane is not in copy mode. */
  key(pane: string, name: string): boolean {
    const mode = this.get(pane);
    if (!mode) return false;
    this.settle(pane, mode.key(name));
    return true;
  }

  private settle(pane: string, outcome: CopyOutcome): void {
    // A selection of nothing but blanks past a line's end makes no buffer, as in tmux.
    if (outcome.kind === 'copy' && outcome.text) this.hooks.copied(outcome.text, outcome.append === true);
    if (outcome.kind !== 'stay') this.exit(pane);
    else this.hooks.redraw(pane);
  }

  /** The wheel over a pane whose program did not ask for the mouse: scroll its history. */
  wheel(pane: string, up: boolean): void {
    if (!up && !this.get(pane)) return;
    const mode = this.enter(pane);
    mode.scroll(up ? -WHEEL_LINES : WHEEL_LINES);
    // Scrolling back down to the live screen leaves copy mode, as tmux's copy-mode -e.
    if (!up && mode.atBottom && !mode.selection) this.exit(pane);
    else this.hooks.redraw(pane);
  }

  /** A drag with the left button over a pane that did not ask for the mouse selects text. */
  drag(pane: string, x: number, row: number, phase: 'press' | 'move' | 'release'): void {
    if (phase === 'press') {
      const mode = this.get(pane);
      const y = (mode?.top ?? historyOf(this.mux.pane(pane).term.xterm).base) + row;
      const count = this.clickCount(pane, x, y);
      if (count > 1) {
        this.dragFrom = null;
        this.selectClicked(pane, x, y, count === 2 ? 'word' : 'line');
        return;
      }
      this.dragFrom = { pane, x, y };
      if (mode?.selection) {
        mode.selection = null;
        this.hooks.redraw(pane);
      }
      return;
    }
    const from = this.dragFrom;
    if (!from || from.pane !== pane) return;
    const mode = this.get(pane);
    if (phase === 'move') {
      const m = mode ?? this.enter(pane);
      if (!m.selection) {
        m.moveTo(from.x, from.y);
        m.select('char');
      }
      m.moveTo(x, m.top + row);
      this.hooks.redraw(pane);
      return;
    }
    this.dragFrom = null;
    if (mode?.selection) this.settle(pane, { kind: 'copy', text: mode.selectedText() });
  }

  /** How many presses in a row, each within CLICK_MS of the one before, this one makes on its cell. */
  private clickCount(pane: string, x: number, y: number): number {
    const last = this.lastPress;
    const at = Date.now();
    const again = last && last.pane === pane && last.x === x && last.y === y && at - last.at <= CLICK_MS;
    const count = again ? (last.count % 3) + 1 : 1;
    this.lastPress = { pane, x, y, at, count };
    return count;
  }

  /** A double click copies the word under it, a triple click its line, as tmux's default mouse bindings. */
  private selectClicked(pane: string, x: number, y: number, what: 'word' | 'line'): void {
    const mode = this.enter(pane);
    const h = historyOf(this.mux.pane(pane).term.xterm);
    const span = what === 'line' ? [0, Math.max(h.text(y).length, 1)] : words.around(h, { offset: h.offsetOf(y, x), y });
    if (!span) return this.settle(pane, mode.atBottom && !mode.selection ? { kind: 'exit' } : { kind: 'stay' });
    mode.moveTo(h.columnOf(y, span[0]), y);
    mode.select(what === 'line' ? 'line' : 'char');
    mode.moveTo(h.columnOf(y, span[1] - 1), y);
    this.settle(pane, { kind: 'copy', text: mode.selectedText() });
  }

  /** The first buffer line a pane's view shows: its copy mode's, else the live screen's. */
  top(pane: string): number | undefined {
    const mode = this.get(pane);
    if (!mode) return undefined;
    mode.scroll(0);
    return mode.top;
  }

  /** How a pane's cells on buffer line `y` are highlighted (selection, matches), or null. */
  highlight(pane: string, y: number): Highlight | null {
    const mode = this.get(pane);
    if (!mode) return null;
    const matches = mode.matchesOn(y);
    if (!mode.selection && !matches.length) return null;
    const cursor = mode.cursor;
    return (x) => {
      if (mode.selected(x, y)) return SELECTION;
      const m = matches.find((r) => x >= r.x && x < r.x + r.length);
      if (!m) return null;
      return y === cursor.y && m.x === cursor.x ? CURRENT_MATCH : MATCH;
    };
  }

  /** The border's addition for a pane in copy mode: where the view is, `[10/200]`. */
  label(pane: string): string | null {
    return this.get(pane)?.position ?? null;
  }

  /** What the status line shows for the focused pane: the search being typed, or a message. */
  statusText(pane: string | null): string | null {
    const mode = pane ? this.get(pane) : undefined;
    if (!mode) return null;
    if (mode.prompt) return `search ${mode.prompt.backward ? 'up' : 'down'}: ${mode.prompt.pattern}`;
    return mode.message;
  }

  /** The client's cursor in a pane in copy mode, in the pane's cells. */
  cursor(pane: string): { x: number; y: number } | null {
    const mode = this.get(pane);
    return mode ? { x: mode.cursor.x, y: mode.cursor.y - mode.top } : null;
  }

  /** The pane went away. */
  forget(pane: string): void {
    this.modes.get(pane)?.untrim.dispose();
    this.modes.delete(pane);
    if (this.dragFrom?.pane === pane) this.dragFrom = null;
  }

  dispose(): void {
    for (const pane of [...this.modes.keys()]) this.forget(pane);
  }
}
