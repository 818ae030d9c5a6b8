// The Mux owns a session's state (panes, layout, focus, zoom, client sizes) and is the only
// thing that changes it. Every change is announced as a MuxEvent; see events.ts.
import fs from 'node:fs';
import { AiClassifier } from '../agent/ai-classifier.js';
import type { HookEvent } from '../agent/hook.js';
import type { AgentReleaseInput, AgentReportInput } from '../agent/ownership.js';
import { ThurmError } from '../errors.js';
import { defaultShell, paneEnv } from '../pty/spawn.js';
import type { Config } from './config.js';
import type { MuxEvent, MuxListener } from './events.js';
import {
  borderAt, computeGeometry, equalize, leaf, moveBorder, neighbour, panesOf, removePane, resizePane, splitPane,
  type Direction, type Geometry, type Heading, type LayoutNode, type Rect,
} from './layout.js';
import { historyLines } from './history-budget.js';
import { Pane } from './pane.js';
import { PasteBuffers, type PasteBuffer } from './paste-buffers.js';

/** How long the programs of a pane closed while they ran get to exit after the hang-up before SIGKILL. */
const REAP_AFTER_MS = 2000;

export interface MuxOptions {
  session: string;
  socketPath: string;
  config: Config;
  size: { cols: number; rows: number };
}

export interface NewPaneSpec {
  argv?: string[];
  cwd?: string;
}

export class Mux {
  readonly session: string;
  readonly socketPath: string;
  config: Config;
  private readonly panes = new Map<string, Pane>();
  readonly buffers = new PasteBuffers();
  private readonly listeners = new Set<MuxListener>();
  private readonly clientSizes = new Map<string, { cols: number; rows: number }>();
  private layout: LayoutNode | null = null;
  private focusedId: string | null = null;
  private zoomedId: string | null = null;
  private nextId = 1;
  private statusTimer: NodeJS.Timeout | null = null;
  private readonly lastStatus = new Map<string, string>();
  /** Closed panes whose programs may still ignore the hang-up. */
  private readonly closed = new Set<Pane>();
  private readonly ai = new AiClassifier(() => this.config.detection.ai);
  private size: { cols: number; rows: number };
  private ended = false;

  constructor(opts: MuxOptions) {
    this.session = opts.session;
    this.socketPath = opts.socketPath;
    this.config = opts.config;
    this.size = opts.size;
    this.watchStatus();
  }

  subscribe(listener: MuxListener): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private emit(event: MuxEvent): void {
    for (const l of [...this.listeners]) {
      try {
        l(event);
      } catch (err) {
        console.error(`thurm: listener failed on ${event.type}:`, err);
      }
    }
  }

  // ---- queries ----

  pane(id: string): Pane {
    const p = this.panes.get(id);
    if (!p) throw new ThurmError('NOT_FOUND', `no such pane: ${id}`);
    return p;
  }

  paneIds(): string[] {
    return this.layout ? panesOf(this.layout) : [];
  }

  get focused(): string | null {
    return this.focusedId;
  }

  get zoomed(): string | null {
    return this.zoomedId;
  }

  get clients(): number {
    return this.clientSizes.size;
  }

  get windowSize(): { cols: number; rows: number } {
    return this.size;
  }

  /** The area panes share: the window minus the status line. */
  geometry(): Geometry {
    if (!this.layout) return { panes: new Map(), hidden: new Set(), separators: [] };
    return computeGeometry(this.layout, this.paneArea(), this.zoomedId ?? undefined);
  }

  private paneArea(): Rect {
    const statusRows = this.config.ui.statusLine ? 1 : 0;
    return { x: 0, y: 0, w: this.size.cols, h: Math.max(this.size.rows - statusRows, 0) };
  }

  // ---- panes ----

  /** Starts the first pane of the session. */
  start(spec: NewPaneSpec): string {
    if (this.layout) throw new ThurmError('INTERNAL', 'session already started');
    const pane = this.spawn(spec, this.size.cols, Math.max(this.size.rows - 2, 1));
    this.layout = leaf(pane.id);
    this.focusedId = pane.id;
    this.relayout();
    this.emit({ type: 'pane-added', pane: pane.id });
    this.emit({ type: 'focus-changed', pane: pane.id });
    return pane.id;
  }

  split(target: string, dir: Direction, spec: NewPaneSpec): string {
    const from = this.pane(target);
    const cwd = spec.cwd ?? from.cwd;
    const id = String(this.nextId);
    const layout = splitPane(this.layout!, target, id, dir);
    const hidden = computeGeometry(layout, this.paneArea(), undefined).hidden;
    if (hidden.has(id) || hidden.has(target)) throw new ThurmError('INVALID_ARGUMENT', `no space for a new pane next to pane ${target}`);
    const pane = this.spawn({ ...spec, cwd }, from.size.cols, from.size.rows);
    this.layout = layout;
    this.zoomedId = null;
    this.focusedId = pane.id;
    this.relayout();
    this.emit({ type: 'pane-added', pane: pane.id });
    this.emit({ type: 'focus-changed', pane: pane.id });
    return pane.id;
  }

  private spawn(spec: NewPaneSpec, cols: number, rows: number): Pane {
    const cwd = spec.cwd ?? process.cwd();
    if (!fs.statSync(cwd, { throwIfNoEntry: false })?.isDirectory()) {
      throw new ThurmError('INVALID_ARGUMENT', `not a directory: ${cwd}`);
    }
    const id = String(this.nextId++);
    const argv = spec.argv?.length ? spec.argv : [defaultShell()];
    const env = paneEnv(process.env, { THURM_PANE_ID: id, THURM_SOCKET: this.socketPath, THURM_SESSION: this.session });
    const pane = new Pane(
      {
        id, argv, cwd, cols: Math.max(cols, 1), rows: Math.max(rows, 1), env,
        scrollback: this.config.ui.scrollback, detection: this.config.detection,
      },
      {
        output: () => this.emit({ type: 'pane-output', pane: id }),
        title: () => this.emit({ type: 'pane-title-changed', pane: id }),
        exit: (exitCode, signal) => this.exited(id, exitCode, signal),
        statusChanged: () => this.emit({ type: 'status-changed', pane: id }),
        notify: (notification) => this.emit({ type: 'notification', pane: id, notification }),
        watched: () => this.focusedId === id && this.clientSizes.size > 0,
        clipboard: (text) => {
          if (this.config.ui.paneClipboard) this.addBuffer(text, id);
        },
      },
    );
    this.panes.set(id, pane);
    return pane;
  }

  private exited(id: string, exitCode: number, signal: number | null): void {
    if (!this.panes.has(id)) return;
    this.emit({ type: 'pane-exited', pane: id, exitCode, signal });
    if (!this.config.remainOnExit) this.killPane(id);
  }

  killPane(id: string): void {
    const pane = this.pane(id);
    this.panes.delete(id);
    this.lastStatus.delete(id);
    this.ai.forget(id);
    this.layout = this.layout && removePane(this.layout, id);
    if (this.zoomedId === id) this.zoomedId = null;
    this.close(pane);
    this.emit({ type: 'pane-removed', pane: id });
    if (!this.layout) {
      this.end();
      return;
    }
    if (this.focusedId === id) {
      this.focusedId = null;
      this.focus(panesOf(this.layout)[0]);
    }
    this.relayout();
  }

  /** Input from a person or a script for one pane. */
  typeInto(id: string, data: string): void {
    const pane = this.pane(id);
    pane.attention();
    pane.type(data);
  }

  /** Keeps copied text as the newest paste buffer; `fromPane` when a pane's program set it. */
  addBuffer(text: string, fromPane?: string): PasteBuffer {
    const buffer = this.buffers.add(text);
    this.emit({ type: 'buffer-added', buffer: buffer.name, fromPane });
    return buffer;
  }

  agentReport(id: string, input: AgentReportInput): void {
    this.pane(id).agentReport(input);
  }

  agentRelease(id: string, input: AgentReleaseInput): void {
    this.pane(id).agentRelease(input);
  }

  agentHook(id: string, event: HookEvent): void {
    this.pane(id).agentHook(event);
  }

  /** Asks the AI classifier about a pane running an agent whose screen no rule explains. */
  private askAi(id: string, pane: Pane): void {
    if (!this.config.detection.enabled || !this.config.detection.ai.command.length) return;
    const d = pane.sources.detection();
    if (!d.inconclusive || !d.agent) return;
    this.ai.maybeAsk(id, { agent: d.agent, title: pane.title, screen: pane.term.liveScreen() }, (state, kind) => {
      if (this.panes.get(id) === pane) pane.sources.setAiAnswer(state, kind);
    });
  }

  /**
   * Status from detection, hooks and owners that come and go changes without an event of its
   * own: look twice a second, announce changes, and notify on entering blocked, done or error
   * (records and reports notify when they arrive).
   */
  private watchStatus(): void {
    this.statusTimer = setInterval(() => {
      for (const id of this.paneIds()) {
        const pane = this.panes.get(id);
        if (!pane) continue;
        this.askAi(id, pane);
        pane.checkForeground();
        const s = pane.summary();
        const key = `${s.state}|${s.source}|${s.kind}|${s.text}`;
        const before = this.lastStatus.get(id);
        this.lastStatus.set(id, key);
        if (before === undefined || before === key) continue;
        this.emit({ type: 'status-changed', pane: id });
        const entered = before.split('|')[0] !== s.state;
        if (entered && (s.state === 'blocked' || s.state === 'done' || s.state === 'error') && !['program-status', 'report', 'notification'].includes(s.source)) {
          pane.status.notify({ cause: s.state, title: `${s.app ?? 'pane'} ${s.state}`, text: s.text || s.state });
        }
      }
    }, 500);
    this.statusTimer.unref();
  }

  // ---- focus, zoom, layout ----

  focus(id: string): void {
    this.pane(id).attention();
    if (this.zoomedId && this.zoomedId !== id) this.zoomedId = null;
    const changed = this.focusedId !== id;
    const before = this.focusedId;
    this.focusedId = id;
    if (changed) {
      if (before) this.panes.get(before)?.focusEvent(false);
      this.pane(id).focusEvent(true);
      this.relayout();
      this.emit({ type: 'focus-changed', pane: id });
    }
  }

  /** Moves focus to the neighbour in a heading; false when there is none. */
  focusToward(heading: Heading): boolean {
    if (!this.focusedId) return false;
    const next = neighbour(this.geometry(), this.focusedId, heading);
    if (next) this.focus(next);
    return next !== null;
  }

  focusNext(step = 1): void {
    const ids = this.paneIds();
    if (!ids.length || !this.focusedId) return;
    const i = ids.indexOf(this.focusedId);
    this.focus(ids[(i + step + ids.length) % ids.length]);
  }

  /** The pane that most needs the user (blocked, then error, then done), the focused one last. */
  mostUrgent(): string | null {
    const rank = { blocked: 0, error: 1, done: 2 } as Record<string, number>;
    const ids = this.paneIds();
    const start = this.focusedId ? ids.indexOf(this.focusedId) + 1 : 0;
    let best: { id: string; rank: number } | null = null;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[(start + i) % ids.length];
      const r = rank[this.pane(id).summary().state];
      if (r !== undefined && (!best || r < best.rank)) best = { id, rank: r };
    }
    return best?.id ?? null;
  }

  /** Zooms a pane (focusing it the way the keyboard does), or unzooms it. */
  toggleZoom(id = this.focusedId): void {
    if (!id) return;
    this.pane(id);
    if (this.zoomedId === id) {
      this.zoomedId = null;
    } else {
      this.focus(id);
      this.zoomedId = id;
    }
    this.relayout();
  }

  resizePane(id: string, dir: Direction, cells: number): void {
    this.pane(id);
    this.zoomedId = null;
    this.layout = resizePane(this.layout!, id, dir, cells, this.paneArea());
    this.relayout();
  }

  /** Whether a border between panes passes through window cell (x, y) (a drag can move it). */
  isBorder(x: number, y: number): boolean {
    return !this.zoomedId && !!this.layout && borderAt(this.layout, this.paneArea(), x, y) !== null;
  }

  /** Moves the border through cell (x, y) to column or row `to`; returns where it ended, or null. */
  moveBorder(x: number, y: number, to: number): number | null {
    if (this.zoomedId || !this.layout) return null;
    const moved = moveBorder(this.layout, this.paneArea(), x, y, to);
    if (!moved) return null;
    this.layout = moved.node;
    this.relayout();
    return moved.at;
  }

  equalize(): void {
    if (!this.layout) return;
    this.layout = equalize(this.layout, this.paneArea());
    this.relayout();
  }

  /**
   * Window size follows the smallest attached client, so every client sees every pane. Only
   * addClient registers a client: a late resize from a detached one must not bring it back.
   */
  setClientSize(client: string, cols: number, rows: number): void {
    if (!this.clientSizes.has(client)) return;
    this.clientSizes.set(client, { cols: Math.max(cols, 1), rows: Math.max(rows, 1) });
    this.updateSize();
  }

  addClient(client: string, cols: number, rows: number): void {
    this.clientSizes.set(client, { cols: Math.max(cols, 1), rows: Math.max(rows, 1) });
    this.updateSize();
    this.emit({ type: 'client-attached', client });
  }

  removeClient(client: string): void {
    if (!this.clientSizes.delete(client)) return;
    this.updateSize();
    this.emit({ type: 'client-detached', client });
  }

  private updateSize(): void {
    if (!this.clientSizes.size) return;
    const sizes = [...this.clientSizes.values()];
    const next = { cols: Math.min(...sizes.map((s) => s.cols)), rows: Math.min(...sizes.map((s) => s.rows)) };
    if (next.cols === this.size.cols && next.rows === this.size.rows) return;
    this.size = next;
    this.relayout();
  }

  /** Gives every visible pane its rect's size; hidden panes keep theirs. */
  private relayout(): void {
    for (const [id, r] of this.geometry().panes) {
      const pane = this.panes.get(id);
      if (!pane) continue;
      const before = pane.size;
      pane.resize(r.w, r.h - 1);
      if (before.cols !== r.w || before.rows !== r.h - 1) this.emit({ type: 'pane-resized', pane: id });
    }
    this.fitHistory();
    this.emit({ type: 'layout-changed' });
  }

  /** Panes came, went or changed width: keep all their history within `[ui] scrollback-memory`. */
  private fitHistory(): void {
    const panes = [...this.panes.values()];
    const lines = historyLines(this.config.ui.scrollback, this.config.ui.scrollbackMemory, panes.map((p) => p.size.cols));
    for (const pane of panes) pane.term.scrollback = lines;
  }

  // ---- lifetime ----

  /** Hangs up a pane; one whose program still runs is reaped later (a pane that exited is not). */
  private close(pane: Pane): void {
    const running = !pane.exit;
    pane.dispose();
    if (!running) return;
    this.closed.add(pane);
    setTimeout(() => this.reap(pane), REAP_AFTER_MS).unref();
  }

  /** Kills what is left of closed panes (all of them, or one): programs that ignored SIGHUP. */
  reap(pane?: Pane): void {
    for (const p of pane ? [pane] : [...this.closed]) {
      if (!this.closed.delete(p)) continue;
      p.reap();
    }
  }

  /** Ends the session: kills every pane and tells subscribers (the server then exits). */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.statusTimer) clearInterval(this.statusTimer);
    for (const pane of this.panes.values()) this.close(pane);
    this.panes.clear();
    this.layout = null;
    this.emit({ type: 'session-ended' });
  }
}
