// The attached clients and the window size they give the session, by tmux's window-size rule:
// `latest`, the client that typed (or attached) last, `largest`, `smallest` (every client sees
// every pane), or `manual` (set by resize-window, whatever the clients). An observer (a read-only
// client) sees the window as it is and never sizes it; a client smaller than the window sees its
// top left. Owned by the Mux (Mux.clients), which relays out when the window size changes.
import type { MuxEvent } from './events.js';

export interface CellSize { cols: number; rows: number }

/**
 * The largest window thurm draws: wider than any real terminal, small enough to stay cheap. One
 * limit for the wire, the CLI and the session file (a file may not ask for more than a client can).
 */
export const MAX_SIZE: Readonly<CellSize> = { cols: 1000, rows: 500 };

/** The highest pane id: ids are decimal numbers of at most nine digits, wherever they are read. */
export const MAX_PANE_ID = 999_999_999;

/** tmux's window-size values: whose size the window takes. */
export const WINDOW_SIZE_RULES = ['latest', 'largest', 'smallest', 'manual'] as const;
export type WindowSizeRule = (typeof WINDOW_SIZE_RULES)[number];

/** An attached client as `thurm clients` and prefix D list it. */
export interface ClientEntry { id: string; size: CellSize; observer: boolean; attachedAt: number }

export class ClientSizes {
  private readonly sizes = new Map<string, CellSize>();
  private readonly observers = new Set<string>();
  private readonly attachedAt = new Map<string, number>();
  /** The order clients last typed or attached in (a counter, not a clock: two in one millisecond differ). */
  private readonly activeAt = new Map<string, number>();
  private activity = 0;
  private size: CellSize;

  constructor(
    size: CellSize, private readonly emit: (e: MuxEvent) => void, private readonly resized: () => void,
    private readonly now: () => number = Date.now, private readonly rule: () => WindowSizeRule = () => 'smallest',
  ) {
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

  /** The session's window size: as the rule gives it, else the one it had last (or started with). */
  get windowSize(): CellSize {
    return this.size;
  }

  /** Only this registers a client: a late resize from a detached one must not bring it back. */
  add(client: string, cols: number, rows: number, observer = false): void {
    if (observer) this.observers.add(client);
    this.attachedAt.set(client, this.now());
    this.activeAt.set(client, ++this.activity);
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

  /** The client that typed (or attached) last, or null with none attached. */
  latest(): string | null {
    let latest: string | null = null;
    for (const [id, at] of this.activeAt) if (latest === null || at > (this.activeAt.get(latest) ?? 0)) latest = id;
    return latest;
  }

  /** A client typed, clicked or pasted: under `latest` the window takes its size. */
  typed(client: string): void {
    if (!this.sizes.has(client) || this.observers.has(client)) return;
    // Typing on in the client that typed last changes no size (every key asks: issue 24's echo).
    if (this.activeAt.get(client) === this.activity) return;
    this.activeAt.set(client, ++this.activity);
    if (this.rule() === 'latest') this.update();
  }

  /** The window at `size` whatever the clients (tmux `resize-window`; the caller makes the rule manual). */
  setManual(size: CellSize): void {
    this.size = atLeastOne(size.cols, size.rows);
    this.resized();
  }

  /** The rule may have changed (an option, the config): the window takes the size it gives now. */
  ruleChanged(): void {
    this.update();
  }

  remove(client: string): void {
    this.observers.delete(client);
    this.attachedAt.delete(client);
    this.activeAt.delete(client);
    if (!this.sizes.delete(client)) return;
    this.update();
    this.emit({ type: 'client-detached', client });
  }

  private update(): void {
    const next = this.sizeBy(this.rule());
    if (!next || (next.cols === this.size.cols && next.rows === this.size.rows)) return;
    this.size = next;
    this.resized();
  }

  /** The size `rule` gives, from the clients that size the window; null when none does, or manual. */
  sizeBy(rule: WindowSizeRule): CellSize | null {
    const sizing = [...this.sizes].filter(([id]) => !this.observers.has(id));
    if (!sizing.length) return null;
    const sizes = sizing.map(([, size]) => size);
    switch (rule) {
      case 'manual': return null;
      case 'latest': return sizing.reduce((a, b) => ((this.activeAt.get(b[0]) ?? 0) > (this.activeAt.get(a[0]) ?? 0) ? b : a))[1];
      case 'largest': return { cols: Math.max(...sizes.map((s) => s.cols)), rows: Math.max(...sizes.map((s) => s.rows)) };
      case 'smallest': return { cols: Math.min(...sizes.map((s) => s.cols)), rows: Math.min(...sizes.map((s) => s.rows)) };
    }
  }
}

function atLeastOne(cols: number, rows: number): CellSize {
  return { cols: Math.max(cols, 1), rows: Math.max(rows, 1) };
}
