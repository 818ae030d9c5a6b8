// The attached clients and the window size they give the session. The window follows the
// smallest of them, so every client sees every pane; an observer (a read-only client) sees the
// window as it is and never sizes it. Owned by the Mux (Mux.clients), which relays out when the
// window size changes.
import type { MuxEvent } from './events.js';

export interface CellSize { cols: number; rows: number }

/**
 * The largest window thurm draws: wider than any real terminal, small enough to stay cheap. One
 * limit for the wire, the CLI and the session file (a file may not ask for more than a client can).
 */
export const MAX_SIZE: Readonly<CellSize> = { cols: 1000, rows: 500 };

/** The highest pane id: ids are decimal numbers of at most nine digits, wherever they are read. */
export const MAX_PANE_ID = 999_999_999;

/** An attached client as `thurm clients` and prefix D list it. */
export interface ClientEntry { id: string; size: CellSize; observer: boolean; attachedAt: number }

export class ClientSizes {
  private readonly sizes = new Map<string, CellSize>();
  private readonly observers = new Set<string>();
  private readonly attachedAt = new Map<string, number>();
  private size: CellSize;

  constructor(size: CellSize, private readonly emit: (e: MuxEvent) => void, private readonly resized: () => void, private readonly now: () => number = Date.now) {
    this.size = size;
  }

  /** Every attached client, in the order they attached. */
  list(): ClientEntry[] {
    return [...this.sizes].map(([id, size]) => ({ id, size, observer: this.observers.has(id), attachedAt: this.attachedAt.get(id) ?? 0 }));
  }

  /** How many clients are attached, observers included. */
  get count(): number {
    return this.sizes.size;
  }

  /** The session's window size: the smallest client's, else the one it started with. */
  get windowSize(): CellSize {
    return this.size;
  }

  /** Only this registers a client: a late resize from a detached one must not bring it back. */
  add(client: string, cols: number, rows: number, observer = false): void {
    if (observer) this.observers.add(client);
    this.attachedAt.set(client, this.now());
    this.sizes.set(client, atLeastOne(cols, rows));
    this.update();
    this.emit({ type: 'client-attached', client });
  }

  /** A client's new size; ignored when it is not attached. */
  resize(client: string, cols: number, rows: number): void {
    if (!this.sizes.has(client)) return;
    this.sizes.set(client, atLeastOne(cols, rows));
    this.update();
  }

  remove(client: string): void {
    this.observers.delete(client);
    this.attachedAt.delete(client);
    if (!this.sizes.delete(client)) return;
    this.update();
    this.emit({ type: 'client-detached', client });
  }

  private update(): void {
    const next = this.smallest();
    if (!next || (next.cols === this.size.cols && next.rows === this.size.rows)) return;
    this.size = next;
    this.resized();
  }

  /** The smallest size of the clients that size the window; null when none does. */
  private smallest(): CellSize | null {
    const sizes = [...this.sizes].filter(([id]) => !this.observers.has(id)).map(([, size]) => size);
    if (!sizes.length) return null;
    return { cols: Math.min(...sizes.map((s) => s.cols)), rows: Math.min(...sizes.map((s) => s.rows)) };
  }
}

function atLeastOne(cols: number, rows: number): CellSize {
  return { cols: Math.max(cols, 1), rows: Math.max(rows, 1) };
}
