// The ids new panes get: 1, 2, 3... as tmux numbers them, never reused while the session lives.
// Ids are at most MAX_PANE_ID (nine digits, what the session file and `--pane` read); a session
// that has gone past it (a file that says so, a very long life) takes the lowest free id, so it
// never makes an id that its own next restore would refuse.
import { MAX_PANE_ID } from './client-sizes.js';

export class PaneIds {
  /** The number tried first for the next pane; a restore or handover carries it over. */
  next = 1;

  constructor(private readonly inUse: (id: string) => boolean) {}

  /** The id the next new pane gets (taken by take()). */
  peek(): string {
    // Bounded: at most one pane per id in use, and MAX_PANE_ID is far above the panes allowed.
    for (let n = this.next > MAX_PANE_ID ? 1 : this.next; ; n = n >= MAX_PANE_ID ? 1 : n + 1) {
      if (!this.inUse(String(n))) return String(n);
    }
  }

  take(): string {
    const id = this.peek();
    this.next = Number(id) + 1;
    return id;
  }
}
