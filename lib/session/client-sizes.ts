// The terminal size of each attached client. The session's window follows the smallest of
// them, so every client sees every pane; an observer (a read-only client) sees the window as
// it is and never sizes it. Owned by the Mux, which relays out when the smallest changes.

export interface CellSize { cols: number; rows: number }

export class ClientSizes {
  private readonly sizes = new Map<string, CellSize>();
  private readonly observers = new Set<string>();

  /** How many clients are attached, observers included. */
  get count(): number {
    return this.sizes.size;
  }

  /** Only this registers a client: a late resize from a detached one must not bring it back. */
  add(client: string, cols: number, rows: number, observer: boolean): void {
    if (observer) this.observers.add(client);
    this.sizes.set(client, atLeastOne(cols, rows));
  }

  /** A client's new size; false when it is not attached (nothing changed). */
  resize(client: string, cols: number, rows: number): boolean {
    if (!this.sizes.has(client)) return false;
    this.sizes.set(client, atLeastOne(cols, rows));
    return true;
  }

  /** False when the client was not attached. */
  remove(client: string): boolean {
    this.observers.delete(client);
    return this.sizes.delete(client);
  }

  /** The smallest size of the clients that size the window; null when none does. */
  smallest(): CellSize | null {
    const sizes = [...this.sizes].filter(([id]) => !this.observers.has(id)).map(([, size]) => size);
    if (!sizes.length) return null;
    return { cols: Math.min(...sizes.map((s) => s.cols)), rows: Math.min(...sizes.map((s) => s.rows)) };
  }
}

function atLeastOne(cols: number, rows: number): CellSize {
  return { cols: Math.max(cols, 1), rows: Math.max(rows, 1) };
}
