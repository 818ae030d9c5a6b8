// The agent overview panel (prefix `a`): every pane with a status, most pressing first, over
// the layout. Up/Down (or k/j) move, Enter jumps to the pane, q or Escape closes. It follows
// status changes while open, and its durations tick once a second.
import blessed from 'blessed';
import { agentRows, duration, type AgentRow } from '../session/agents.js';
import type { Mux } from '../session/mux.js';
import { GLYPHS } from './status-view.js';
import { truncate } from './text-cells.js';

const TICK_MS = 1000;

export class AgentOverview {
  private readonly box: blessed.Widgets.BoxElement;
  private rows: AgentRow[] = [];
  private selected = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    screen: blessed.Widgets.Screen,
    private readonly mux: Mux,
    private readonly size: { cols: number; rows: number },
    private readonly changed: () => void,
  ) {
    this.box = blessed.box({ parent: screen, top: 'center', left: 'center', border: { type: 'line' }, label: ' agents ', tags: false });
    this.refresh();
    this.timer = setInterval(() => this.refresh(), TICK_MS);
    this.timer.unref();
  }

  /** Redraws from the Mux; the selection stays on its pane when the order changes. */
  refresh(): void {
    const pane = this.rows[this.selected]?.pane;
    this.rows = agentRows(this.mux);
    const at = this.rows.findIndex((r) => r.pane === pane);
    this.selected = at >= 0 ? at : Math.min(this.selected, Math.max(this.rows.length - 1, 0));
    const width = Math.min(this.size.cols, 90);
    const now = Date.now();
    const lines = this.rows.length
      ? this.rows.map((r, i) => truncate(`${i === this.selected ? '>' : ' '} ${GLYPHS[r.state]} ${r.pane.padStart(3)} ${r.state.padEnd(7)} ${duration(now - r.since).padStart(7)}  ${r.app ?? '-'}${r.text ? `: ${r.text}` : ''}`, width - 2))
      : ['  no pane has a status'];
    lines.push('', '  Up/Down move, Enter jumps to the pane, q closes');
    this.box.width = width;
    this.box.height = Math.min(this.size.rows - 1, lines.length + 2);
    this.box.setContent(lines.join('\n'));
    this.changed();
  }

  /** Handles a key; returns the pane to jump to, 'close', or null (the panel stays). */
  key(name: string): string | 'close' | null {
    if (name === 'q' || name === 'Escape' || name === 'C-c') return 'close';
    if (name === 'Enter') return this.rows[this.selected]?.pane ?? 'close';
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
