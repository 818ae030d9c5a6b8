// The Mux owns a session's state (panes, windows, focus, zoom, paste buffers, option values)
// and is the only thing that changes it: other modules read through getters and read-only views
// and change things through its methods, or through the parts it owns that change state on its
// behalf: a pane's start and end (pane-lifecycle.ts), arranging panes (arrange.ts), window
// changes (window-changes.ts), client sizing (client-sizes.ts), each pane's pipe
// (pane-pipes.ts) and recording (pane-recordings.ts), the notification routes (notify-routes.ts),
// the agents' usage (agent-usages.ts), and persistence and the handover (persistence.ts). Every
// change is announced as a MuxEvent; see events.ts.
// It is some 600 lines because it is the one place readers ask (about 100 lines of read-only
// queries: panes, windows, names, geometry) beside what must stay with the state it changes:
// opening panes and windows, focus, typing, the marked pane, the relayout and the session's end,
// and the small tables the session keeps for tmux (option values, bound keys, the environment).
import type { HookEvent } from '../agent/hook.js';
import type { AgentReleaseInput, AgentReportInput } from '../agent/ownership.js';
import { claudeStatusLineUsage } from '../agent/usage.js';
import { AgentUsages } from './agent-usages.js';
import { ThurmError } from '../errors.js';
import { LIVE_PROC, type ProcFacts } from '../pty/proc.js';
import { AfterKeys } from './after-keys.js';
import { Arrange } from './arrange.js';
import { ClientSizes } from './client-sizes.js';
import type { Config } from './config.js';
import { MuxEvents, type MuxListener } from './events.js';
import { historyLines } from './history-budget.js';
import {
  computeGeometry, leaf, panesOf, rectCells, resizePaneTo, splitPane,
  type Direction, type PaneSize, type Geometry, type LayoutNode, type Rect,
} from './layout.js';
import type { MuxParts } from './mux-parts.js';
import { Notifier } from './notifier.js';
import type { MouseEvent as PaneMouseEvent } from '../term/pane-terminal.js';
import type { Pane, PaneOptions, PaneView } from './pane.js';
import { PaneIds } from './pane-ids.js';
import { PaneLifecycle } from './pane-lifecycle.js';
import { PanePipes } from './pane-pipes.js';
import { PaneRecordings } from './pane-recordings.js';
import { NotifyRoutes } from './notify-routes.js';
import type { NewPaneSpec } from './pane-spawn.js';
import { PasteBuffers, type PasteBuffer } from './paste-buffers.js';
import { Persistence } from './persistence.js';
import { Reaper } from './reaper.js';
import { StatusWatch } from './status-watch.js';
import { TmuxOptions } from './tmux-options.js';
import { WindowChanges } from './window-changes.js';
import { Windows, type Window } from './windows.js';
import { type OneTimer, realTimer } from './one-timer.js';
import { checkWindowOption, windowNumbering, windowSizeRule } from './window-options.js';
import { type KeyBind, KeyBinds } from './key-binds.js';
import { SessionEnv } from './session-env.js';
import type { StatusNotification } from '../status/program-status.js';

export interface MuxOptions {
  session: string;
  socketPath: string;
  config: Config;
  size: { cols: number; rows: number };
  /** Starts pane programs; specs pass a fake pty. */
  spawn?: PaneOptions['spawn'];
  /** What panes read of processes, the clock and its timers; specs pass made-up ones. */
  proc?: ProcFacts;
  now?: () => number;
  timer?: () => OneTimer;
}

export interface SplitOptions {
  /** The new pane's size; half of the split pane's by default. */
  size?: PaneSize;
  /** Focus stays where it was (tmux `split-window -d`). */
  keepFocus?: boolean;
}

export class Mux {
  private sessionName: string;
  private socketFile: string;
  private settings: Config;
  private readonly panes = new Map<string, Pane>();
  private readonly pasteBuffers = new PasteBuffers();
  private readonly options = new TmuxOptions();
  private readonly events = new MuxEvents();
  /** Each pane's state and when it entered it, for the agent overview. */
  private readonly states = new Map<string, { state: string; since: number }>();
  private readonly windows = new Windows(() => windowNumbering(this).base);
  private readonly binds = new KeyBinds();
  private readonly env = new SessionEnv();
  private readonly ids = new PaneIds((id) => this.panes.has(id));
  private readonly watch: StatusWatch;
  private readonly notifier: Notifier;
  private readonly reaper = new Reaper();
  private readonly afterKeys = new AfterKeys();
  private readonly proc: ProcFacts;
  private readonly now: () => number;
  private markedPane: string | null = null;
  private ended = false;
  /** The attached clients and the window size they give (see client-sizes.ts). */
  readonly clients: ClientSizes;
  /** Presets, swaps, moving panes, sizes and zoom (see arrange.ts). */
  readonly arrange: Arrange;
  /** The session file's data, the saver's state, the restore report and the handover (see persistence.ts). */
  readonly persistence: Persistence;
  /** Selecting, renaming, moving, synchronizing and killing windows (see window-changes.ts). */
  readonly windowChanges: WindowChanges;
  /** A pane's start, end and respawn (see pane-lifecycle.ts). */
  readonly lifecycle: PaneLifecycle;
  /** Each pane's pipe-pane command (see pane-pipes.ts). */
  readonly pipes = new PanePipes((id) => this.panes.get(id));
  /** Each pane's recording (`thurm record`, pane-recordings.ts). */
  readonly recordings: PaneRecordings;
  /** Where notifications go beyond the terminal (`[[notify.route]]`, notify-routes.ts). */
  readonly notifyRoutes = new NotifyRoutes(() => this.config.notify.routes, () => this.session, (d) => this.events.emit({ type: 'notification-delivered', ...d }));
  /** Each pane's agent usage: context, cost, limits (`usage-changed`, agent-usages.ts). */
  readonly usages: AgentUsages;

  constructor(opts: MuxOptions) {
    this.sessionName = opts.session;
    this.socketFile = opts.socketPath;
    this.settings = opts.config;
    this.proc = opts.proc ?? LIVE_PROC;
    const timer = opts.timer ?? realTimer;
    this.now = opts.now ?? Date.now;
    this.recordings = new PaneRecordings((id) => this.panes.get(id), this.now);
    this.clients = new ClientSizes(opts.size, (e) => this.events.emit(e), () => this.relayout(), this.now, () => windowSizeRule(this));
    const parts: MuxParts = {
      panes: this.panes, windows: this.windows, pasteBuffers: this.pasteBuffers, states: this.states, ids: this.ids,
      emit: (e) => this.events.emit(e), echo: (pane) => this.events.echo(pane), relayout: () => this.relayout(), paneArea: () => this.paneArea(),
      livePane: (id) => this.livePane(id), windowWith: (pane) => this.windowWith(pane), currentWindow: () => this.currentWindow(), live: (w) => this.live(w),
      detachPane: (w, id, rest) => this.detachPane(w, id, rest), spawn: (spec, cols, rows, restored) => this.lifecycle.spawn(spec, cols, rows, restored),
    };
    this.arrange = new Arrange(this, parts);
    this.persistence = new Persistence(this, parts, this.proc);
    this.windowChanges = new WindowChanges(this, parts);
    this.notifier = new Notifier((pane, notification) => {
      this.events.emit({ type: 'notification', pane, notification });
      this.notifyRoutes.notified(pane, notification);
    }, this.now);
    this.lifecycle = new PaneLifecycle(this, parts, { panes: this.panes, notifier: this.notifier, reaper: this.reaper, pipes: this.pipes, recordings: this.recordings, spawnPty: opts.spawn, proc: this.proc, now: this.now, timer });
    this.watch = new StatusWatch(this, (id) => this.livePane(id), (pane) => this.events.emit({ type: 'status-changed', pane }), this.now, timer());
    this.usages = new AgentUsages({
      pane: (id) => this.panes.get(id) ?? null, proc: this.proc, now: this.now, timer: timer(),
      thresholds: () => ({ context: this.config.agents.contextAlert, limit: this.config.agents.limitAlert }),
      changed: (pane) => this.events.emit({ type: 'usage-changed', pane }),
      alert: (pane, usage, alert) => {
        // Attention as a program's own notification gets it: the border's notice, `!` while unwatched.
        const p = this.livePane(pane);
        p.notice = alert.text;
        if (!p.watched()) p.rang = true;
        this.notifier.usage(pane, { cause: 'usage', title: `${usage.agent} usage`, text: alert.text });
      },
    });
    this.subscribe((e) => {
      if (e.type === 'pane-removed') {
        if (this.markedPane === e.pane) this.markedPane = null;
        this.states.delete(e.pane);
        this.notifier.forget(e.pane);
        this.options.forget(`%${e.pane}`);
        this.pipes.close(e.pane);
        void this.recordings.stop(e.pane);
        this.notifyRoutes.answered(e.pane);
        this.usages.forget(e.pane);
      } else if (e.type === 'window-closed') this.options.forget(`@${e.window}`);
      if (e.type === 'pane-respawned') this.notifier.forget(e.pane);
      if (e.type === 'pane-output' || e.type === 'status-changed' || e.type === 'pane-exited' || e.type === 'pane-respawned') this.usages.look(e.pane);
      if ((e.type === 'status-changed' || e.type === 'pane-added' || e.type === 'pane-respawned') && this.panes.has(e.pane)) {
        const summary = this.pane(e.pane).summary();
        if (this.states.get(e.pane)?.state !== summary.state) this.states.set(e.pane, { state: summary.state, since: this.now() });
        // A pane comes with the status it has (adopted, restored): only changes are news.
        if (e.type === 'status-changed') {
          this.notifier.statusChanged(e.pane, summary);
          this.recordings.marker(e.pane, summary);
          // A state's notification is answered once the pane has left that state.
          this.notifyRoutes.answered(e.pane, (cause) => cause === summary.state || cause === 'program' || cause === 'bell' || cause === 'usage');
        } else this.notifier.known(e.pane, summary);
      }
    });
  }

  subscribe(listener: MuxListener): { dispose(): void } {
    return this.events.subscribe(listener);
  }

  /** Output that is likely the echo of keys just typed (events.ts), heard before its 'pane-output'. */
  onEcho(listener: (pane: string) => void): { dispose(): void } {
    return this.events.onEcho(listener);
  }

  // ---- queries ----

  /** The session's name: changed only by renameSession(). */
  get session(): string {
    return this.sessionName;
  }

  /** Where the session is served: changed only by renameSession(). */
  get socketPath(): string {
    return this.socketFile;
  }

  /** The config in force: changed only by setConfig(). */
  get config(): Config {
    return this.settings;
  }

  /** The paste buffers, to read: addBuffer() adds one and announces it. */
  get buffers(): Pick<PasteBuffers, 'get' | 'list'> {
    return this.pasteBuffers;
  }

  /** Keys bound while the session runs (key-binds.ts), to read: bindKey() and unbindKey() change them. */
  get keyBinds(): Pick<KeyBinds, 'list'> {
    return this.binds;
  }

  /** The session's environment for new panes (session-env.ts), to read: setEnvironment() and unsetEnvironment() change it. */
  get environment(): Pick<SessionEnv, 'list' | 'apply'> {
    return this.env;
  }

  setEnvironment(name: string, value: string | null): void {
    this.env.set(name, value);
  }

  unsetEnvironment(name: string): void {
    this.env.unset(name);
  }

  bindKey(b: KeyBind): void {
    this.binds.bind(b);
  }

  unbindKey(key: string, prefix: boolean): boolean {
    return this.binds.unbind(key, prefix);
  }

  /** Values set through the tmux shim's set-option (see tmux-options.ts), to read: setTmuxOption() sets them. */
  get tmuxOptions(): Pick<TmuxOptions, 'size' | 'get' | 'all' | 'entries'> {
    return this.options;
  }

  /** A pane to read; its changes go through the Mux's methods. */
  pane(id: string): PaneView {
    return this.livePane(id);
  }

  private livePane(id: string): Pane {
    const p = this.panes.get(id);
    if (!p) throw new ThurmError('NOT_FOUND', `no such pane: ${id}`);
    return p;
  }

  /** Every pane of the session, window by window. */
  paneIds(): string[] {
    return this.windows.panes();
  }

  /** The panes of a window (the current one by default), in layout order. */
  windowPaneIds(w: Readonly<Window> | null = this.windows.current): string[] {
    return w ? panesOf(w.layout) : [];
  }

  /** The windows by index, and which is current. */
  windowList(): { window: Readonly<Window>; current: boolean; last: boolean }[] {
    const current = this.windows.current, last = this.windows.last;
    return this.windows.all().map((window) => ({ window, current: window === current, last: window === last }));
  }

  /** The window a pane is in, to read: the Mux's methods change it. */
  windowOf(pane: string): Readonly<Window> {
    return this.windowWith(pane);
  }

  private windowWith(pane: string): Window {
    const w = this.windows.ofPane(pane);
    if (!w) throw new ThurmError('NOT_FOUND', `no such pane: ${pane}`);
    return w;
  }

  /** A window's name: the one it was given, else its focused pane's title. */
  windowName(w: Readonly<Window>): string {
    return w.name ?? (this.panes.has(w.focused) ? this.pane(w.focused).title : '');
  }

  /**
   * A new config (`reload-config`): keys, the status line, notifications, history budgets and
   * session settings apply at once; detection settings to panes started after it.
   */
  setConfig(config: Config): void {
    this.settings = config;
    this.clients.ruleChanged();
    this.relayout();
  }

  /** When the pane entered its current state. */
  stateSince(id: string): number {
    return this.states.get(id)?.since ?? this.now();
  }

  /** The focused pane of the current window. */
  get focused(): string | null {
    return this.windows.current?.focused ?? null;
  }

  /** The zoomed pane of the current window. */
  get zoomed(): string | null {
    return this.windows.current?.zoomed ?? null;
  }

  /** Where a window's panes go (the current window's by default): the window minus the status line. */
  geometry(w: Readonly<Window> | null = this.windows.current): Geometry {
    if (!w) return { panes: new Map(), hidden: new Set(), separators: [] };
    return computeGeometry(w.layout, this.paneArea(), w.zoomed ?? undefined);
  }

  private paneArea(): Rect {
    const statusRows = this.config.ui.statusLine ? 1 : 0;
    return { x: 0, y: 0, w: this.clients.windowSize.cols, h: Math.max(this.clients.windowSize.rows - statusRows, 0) };
  }

  // ---- panes ----

  /** Starts the first pane of the session, in its first window. */
  start(spec: NewPaneSpec): string {
    if (this.windows.size) throw new ThurmError('INTERNAL', 'session already started');
    return this.newWindow(spec);
  }

  /** Opens a window with one pane running `spec` and selects it; returns the pane's id. */
  newWindow(spec: NewPaneSpec, name: string | null = null, select = true): string {
    const area = this.paneArea();
    const pane = this.lifecycle.spawn({ ...spec, window: this.windows.freeIndex() }, area.w, Math.max(area.h - 1, 1));
    const w = this.windows.add(leaf(pane.id), pane.id, name);
    this.events.emit({ type: 'pane-added', pane: pane.id });
    this.events.emit({ type: 'window-added', window: w.id });
    if (select) this.windowChanges.select(w);
    this.relayout();
    return pane.id;
  }

  split(target: string, dir: Direction, spec: NewPaneSpec, opts: SplitOptions = {}): string {
    const from = this.pane(target);
    const w = this.windowWith(target);
    const cwd = spec.cwd ?? from.cwd;
    const id = this.ids.peek();
    let layout = splitPane(w.layout, target, id, dir);
    if (opts.size) layout = resizePaneTo(layout, id, dir, rectCells(opts.size, dir, from.size), this.paneArea());
    const hidden = computeGeometry(layout, this.paneArea(), undefined).hidden;
    if (hidden.has(id) || hidden.has(target)) throw new ThurmError('INVALID_ARGUMENT', `no space for a new pane next to pane ${target}`);
    const pane = this.lifecycle.spawn({ ...spec, cwd, window: w.index }, from.size.cols, from.size.rows);
    w.layout = layout;
    w.zoomed = null;
    this.events.emit({ type: 'pane-added', pane: pane.id });
    if (!opts.keepFocus) this.focus(pane.id);
    this.relayout();
    return pane.id;
  }

  /** Names a pane (null: its title follows its program again); shown in its border. */
  setPaneTitle(id: string, title: string | null): void {
    this.livePane(id).nameAs(title);
  }

  /** The window at `index`, else the window with id `id`, else the current one. */
  findWindow(ref: { index?: number; id?: number }): Readonly<Window> {
    const w = ref.index !== undefined ? this.windows.byIndex(ref.index) : ref.id !== undefined ? this.windows.byId(ref.id) : this.windows.current;
    if (!w) throw new ThurmError('NOT_FOUND', `no such window: ${ref.index ?? (ref.id !== undefined ? `@${ref.id}` : '')}`);
    return w;
  }

  /** A window left with `rest` after a pane closed or moved out of it. */
  private detachPane(w: Window, id: string, rest: LayoutNode): void {
    const order = panesOf(w.layout);
    w.layout = rest;
    if (w.zoomed === id) w.zoomed = null;
    this.windows.refocus(w, id, order);
  }

  private live(view: Readonly<Window>): Window {
    const w = this.windows.byId(view.id);
    if (!w) throw new ThurmError('NOT_FOUND', `no such window: @${view.id}`);
    return w;
  }

  private currentWindow(): Window {
    const w = this.windows.current;
    if (!w) throw new ThurmError('NOT_FOUND', 'no window');
    return w;
  }

  /**
   * Input from a person or a script for one pane, and for every pane of a synchronized window
   * unless `alone` (an answer or prompt meant for one agent is never typed into its neighbours).
   * The keys are written at once; what they mean for the panes' state (the pane seen, then the
   * keys' own part) follows at once too, or with `echoFirst` (keys typed in a client) just
   * after their echo (after-keys.ts).
   */
  typeInto(id: string, data: string, alone = false, echoFirst = false): void {
    const w = this.windowWith(id);
    const others = w.synchronize && !alone ? panesOf(w.layout).filter((other) => other !== id) : [];
    for (const target of [id, ...others]) {
      const pane = this.livePane(target);
      const step = pane.typeKeys(data);
      this.afterKeys.add(() => {
        if (this.panes.get(target) !== pane) return;
        if (target === id) this.seen(id);
        step();
      });
    }
    if (!echoFirst) this.afterKeys.settle();
  }

  /** Works out what keys typed so far mean for their panes (see typeInto); whatever reads that state calls it first. */
  settleKeys(): void {
    this.afterKeys.settle();
  }

  /** The marked pane (prefix m, tmux's `{marked}`): where join-pane and swap-pane take a pane from by default. */
  get marked(): string | null {
    return this.markedPane;
  }

  /** Marks a pane, or none (null). */
  mark(id: string | null): void {
    if (id !== null) this.livePane(id);
    if (id === this.markedPane) return;
    this.markedPane = id;
    this.events.emit({ type: 'mark-changed' });
  }

  /** Drops the lines kept above a pane's screen (tmux's clear-history); copy modes move with them. */
  clearHistory(id: string): void {
    this.livePane(id).term.clearHistory();
    this.events.emit({ type: 'pane-output', pane: id });
  }

  /** A mouse event for a pane's program; false when it did not ask for mouse events. */
  mouseInto(id: string, e: PaneMouseEvent): boolean {
    return this.livePane(id).term.mouse(e);
  }

  /**
   * Keeps copied text as the newest paste buffer, or as the buffer named (replacing it), or at
   * the end of one (`append`); `fromPane` when a pane's program set it.
   */
  addBuffer(text: string, fromPane?: string, to: { name?: string; append?: boolean; clipboard?: boolean } = {}): PasteBuffer {
    const buffer = to.append ? this.pasteBuffers.append(text, to.name) : this.pasteBuffers.add(text, Date.now(), to.name);
    this.events.emit({ type: 'buffer-added', buffer: buffer.name, fromPane, clipboard: fromPane !== undefined || to.clipboard === true });
    return buffer;
  }

  /** Gives the paste buffer named (or the newest) the name `to`; null when there is none. */
  renameBuffer(name: string | undefined, to: string): PasteBuffer | null {
    return this.pasteBuffers.rename(name, to);
  }

  /** Removes the paste buffer named, or the newest; false when there is none. */
  deleteBuffer(name?: string): boolean {
    return this.pasteBuffers.delete(name);
  }

  agentReport(id: string, input: AgentReportInput): void {
    this.livePane(id).agentReport(input);
  }

  agentRelease(id: string, input: AgentReleaseInput): void {
    this.livePane(id).agentRelease(input);
  }

  agentHook(id: string, event: HookEvent): void {
    this.livePane(id).agentHook(event);
  }

  /** What Claude Code handed its status line (`thurm agent statusline`), from agent process `ownerPid`. */
  agentStatusLine(id: string, json: unknown, ownerPid: number): void {
    const usage = claudeStatusLineUsage(json);
    if (!usage) throw new ThurmError('INVALID_ARGUMENT', 'the status line\'s JSON holds no usage (model, context_window, cost or rate_limits)');
    this.usages.report(id, usage, ownerPid);
  }

  // ---- focus, zoom, layout ----

  /** Focuses a pane, selecting its window; `announce` even when it was focused already. */
  focus(id: string, announce = false): void {
    const w = this.windowWith(id);
    if (w !== this.windows.current) this.windowChanges.select(w);
    if (w.zoomed && w.zoomed !== id) w.zoomed = null;
    const before = w.focused;
    w.focused = id;
    if (before !== id) w.lastFocused = before;
    if (before !== id || announce) {
      if (before !== id && this.panes.has(before)) this.livePane(before).focusEvent(false);
      this.livePane(id).focusEvent(true);
      this.relayout();
      this.events.emit({ type: 'focus-changed', pane: id });
    }
    // After focus-changed: what the user saw because of the focus follows it.
    this.seen(id);
  }

  /** The user looked at a pane (focused it, typed into it): what it said has been seen. */
  private seen(id: string): void {
    const changed = this.pane(id).attention();
    this.notifier.seen(id);
    this.notifyRoutes.answered(id);
    if (changed) this.events.emit({ type: 'status-changed', pane: id });
  }

  /** Gives every visible pane of every window its rect's size; hidden panes keep theirs. */
  private relayout(): void {
    for (const w of this.windows.all()) {
      for (const [id, r] of this.geometry(w).panes) {
        const pane = this.panes.get(id);
        if (!pane) continue;
        const before = pane.size;
        pane.resize(r.w, r.h - 1);
        if (before.cols !== r.w || before.rows !== r.h - 1) this.events.emit({ type: 'pane-resized', pane: id });
      }
    }
    this.fitHistory();
    this.events.emit({ type: 'layout-changed' });
  }

  /** Panes came, went or changed width: keep all their history within `[ui] scrollback-memory`. */
  private fitHistory(): void {
    const panes = [...this.panes.values()];
    const lines = historyLines(this.config.ui.scrollback, this.config.ui.scrollbackMemory, panes.map((p) => p.size.cols));
    for (const pane of panes) pane.term.scrollback = lines;
  }

  // ---- lifetime ----

  /** Kills what is left of closed panes: programs that ignored the hang-up. */
  reap(): void {
    this.reaper.reap();
  }

  /**
   * Ends the session: kills every pane and tells subscribers (the server then exits). Ended
   * `onPurpose` (kill-server, the last pane exited), it is not restored by itself later.
   */
  end(onPurpose = true): void {
    if (this.ended) return;
    this.ended = true;
    this.events.emit({ type: 'session-ending', onPurpose });
    this.watch.dispose();
    this.afterKeys.dispose();
    this.pipes.closeAll();
    this.notifyRoutes.dispose();
    void this.recordings.stopAll();
    for (const pane of this.panes.values()) this.reaper.close(pane);
    this.panes.clear();
    for (const w of this.windows.all()) this.windows.remove(w);
    this.events.emit({ type: 'session-ended' });
  }

  /**
   * The session goes by another name, served on `socketPath` (the server has moved its files);
   * panes started from now on get it in THURM_SOCKET and TMUX.
   */
  renameSession(name: string, socketPath: string): void {
    const from = this.sessionName;
    this.sessionName = name;
    this.socketFile = socketPath;
    this.events.emit({ type: 'session-renamed', from, to: name });
  }

  /** The window at `size` whatever the clients' (tmux `resize-window`): window-size becomes manual. */
  resizeWindow(size: { cols: number; rows: number }): void {
    this.setTmuxOption('session', 'window-size', 'manual');
    this.clients.setManual(size);
  }

  /** Sets or unsets a tmux option value (the shim's set-option); borders may change with it. */
  setTmuxOption(scope: string, name: string, value: string | null): void {
    if (value !== null) checkWindowOption(name, value);
    this.options.set(scope, name, value);
    this.events.emit({ type: 'options-changed' });
    if (name === 'window-size') this.clients.ruleChanged();
  }

  /** The scopes a pane's options are looked up in, most specific first: pane, window, session. */
  optionScopes(pane: string): string[] {
    return [`%${pane}`, `@${this.windowWith(pane).id}`, 'session'];
  }

  /** Shows `text` in the status line of every attached client (`display-message`). */
  displayMessage(text: string): void {
    this.events.emit({ type: 'message-shown', text });
  }

  /** A browser opened or closed the web view, or answered a pane from it: told on the events stream. */
  webViewer(change: 'connected' | 'disconnected' | 'answered', viewer: string, view: string, address: string): void {
    this.events.emit({ type: 'web-viewer', change, viewer, view, address });
  }

  /** A far host's pane (`build:3`) needs the user: told as this session's notifications are. */
  farNotification(pane: string, notification: StatusNotification): void {
    this.events.emit({ type: 'notification', pane, notification, far: true });
  }
}
