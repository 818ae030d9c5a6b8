// A list over the layout to pick from (prefix `a`, the agent overview; prefix `w`, windows and
// their panes): Up/Down (or k/j) move, Enter picks, a list's own keys act on the selected row
// (l in the overview shows the pane's status log), q or Escape closes. It is refreshed while
// open (on status changes, and once a second for durations); the selection stays on its row.
import blessed from 'blessed';
import { truncate } from './text-cells.js';

const TICK_MS = 1000;

export interface ChooserRow { key: string; text: string }

/** A key of a list's own that does something with the selected row: `l` for `shows its log`. */
export interface ChooserAction { key: string; describe: string; run: (row: string) => void }

export class Chooser {
  private readonly box: blessed.Widgets.BoxElement;
  private rows: ChooserRow[] = [];
  private selected = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    screen: blessed.Widgets.Screen,
    label: string,
    private readonly list: () => ChooserRow[],
    private readonly size: { cols: number; rows: number },
    private readonly changed: () => void,
    private readonly empty = 'nothing to choose',
    /** The row selected at first (the current window, as in tmux); else the first row. */
    initial: string | null = null,
    private readonly actions: readonly ChooserAction[] = [],
  ) {
    this.box = blessed.box({ parent: screen, top: 'center', left: 'center', border: { type: 'line' }, label: ` ${label} `, tags: false });
    this.rows = list();
    this.selected = Math.max(0, this.rows.findIndex((r) => r.key === initial));
    this.refresh();
    this.timer = setInterval(() => this.refresh(), TICK_MS);
    this.timer.unref();
  }

  refresh(): void {
    const key = this.rows[this.selected]?.key;
    this.rows = this.list();
    const at = this.rows.findIndex((r) => r.key === key);
    this.selected = at >= 0 ? at : Math.min(this.selected, Math.max(this.rows.length - 1, 0));
    const width = Math.min(this.size.cols, 90);
    const lines = this.rows.length
      ? this.rows.map((r, i) => truncate(`${i === this.selected ? '>' : ' '} ${r.text}`, width - 2))
      : [`  ${this.empty}`];
    lines.push('', `  Up/Down move, Enter picks, ${this.actions.map((a) => `${a.key} ${a.describe}, `).join('')}q closes`);
    this.box.width = width;
    this.box.height = Math.min(this.size.rows - 1, lines.length + 2);
    this.box.setContent(lines.join('\n'));
    this.changed();
  }

  /** Handles a key: the picked row's key, an action on the selected row, 'close', or null (the list stays open). */
  key(name: string): string | { action: ChooserAction; row: string } | null {
    if (name === 'q' || name === 'Escape' || name === 'C-c') return 'close';
    if (name === 'Enter') return this.rows[this.selected]?.key ?? 'close';
    const action = this.actions.find((a) => a.key === name);
    const row = this.rows[this.selected]?.key;
    if (action && row !== undefined) return { action, row };
    if (name === 'Up' || name === 'k') this.selected = Math.max(this.selected - 1, 0);
    if (name === 'Down' || name === 'j') this.selected = Math.min(this.selected + 1, Math.max(this.rows.length - 1, 0));
    this.refresh();
    return null;
  }

  destroy(): void {
    clearInterval(this.timer);
    this.box.destroy();
  }
}
