// A pane's history beyond the newest few hundred lines, kept compact (line-arena.ts). xterm
// keeps HOT_LINES of scrollback itself, at 12 bytes a cell; each line it is about to drop is
// stored here instead, and readers of the history (history.ts) see these lines first, then
// xterm's. With 40 panes printing, xterm's own scrollback of 5000 lines cost some 100 MB
// (bench: busy); stored, a line costs about its text.
//
// xterm drops its oldest lines through its line list (a CircularList): `recycle` when the next
// line scrolls in, `push`, `splice` and `shiftElements` when they overflow it, `trimStart` when
// the scrollback shrinks or a resize trims. The store wraps those methods on the normal
// buffer's list and stores each line before it goes; `CSI 3 J` (clear the scrollback) drops
// them, and the store with them. A reset (RIS) throws xterm's buffers away, scrollback and all,
// and the store's lines with them (as before the store); the new buffer's list is wrapped again.
import type { IBufferLine, IBufferNamespace, IDisposable, Terminal as XTerminal } from '@xterm/headless';
import { LineArena } from './line-arena.js';
import { lineFromJson, lineToJson, loadLine, rewrap, type StoredLine, type StoredLineJson } from './stored-line.js';
import { coreLine, isEmptyMap, xtermCore, type CoreBuffers, type CoreLine } from './xterm-internals.js';

/** Lines of scrollback xterm keeps itself: reflowed by xterm on resize, and cheap to reach. */
export const HOT_LINES = 200;
/**
 * URIs of OSC 8 links on stored lines the store keeps, the newest (xterm forgets a link once its
 * lines leave its buffer): the bound of links.ts's MAX_LINKS, as plain strings.
 */
const STORED_LINKS = 1000;

/** The line list of xterm's buffer, with the methods that drop its oldest lines. */
interface CoreList {
  length: number;
  maxLength: number;
  get(i: number): CoreLine | undefined;
  recycle(): CoreLine;
  push(line: CoreLine): void;
  splice(start: number, remove: number, ...items: CoreLine[]): void;
  shiftElements(start: number, count: number, offset: number): void;
  trimStart(n: number): void;
}

const stores = new WeakMap<IBufferNamespace, ScrollbackStore>();

/** The store of a terminal's buffers (none for a terminal without one). */
export function storeOf(buffers: IBufferNamespace): ScrollbackStore | undefined {
  return stores.get(buffers);
}

export class ScrollbackStore implements IDisposable {
  private lines = new LineArena();
  private readonly buffers: CoreBuffers;
  private list: CoreList | null = null;
  /** Set by `CSI 3 J` for xterm's trim that follows: those lines are cleared, not kept. */
  private clearing = false;
  private readonly trimListeners = new Set<(n: number) => void>();
  /** Link id -> URI for links on stored lines, oldest first. */
  private readonly links = new Map<number, string>();
  private readonly disposables: IDisposable[] = [];
  /** xterm's own line, line view and extended-attributes classes, to read a stored line back as. */
  private readonly lineKind: new (cols: number) => CoreLine;
  private readonly viewKind: new (line: CoreLine) => IBufferLine;
  private readonly extendedKind: new (ext: number) => unknown;

  constructor(private readonly xterm: XTerminal, public capacity: number) {
    this.buffers = xtermCore(xterm).buffers;
    stores.set(xterm.buffer, this);
    const view = xterm.buffer.normal.getLine(0)!;
    this.lineKind = coreLine(view).constructor as new (cols: number) => CoreLine;
    this.viewKind = view.constructor as new (line: CoreLine) => IBufferLine;
    this.extendedKind = (xterm.buffer.normal.getNullCell() as unknown as { extended: object }).extended.constructor as new (ext: number) => unknown;
    this.hook();
    const reset = this.buffers.reset;
    this.buffers.reset = () => {
      reset.call(this.buffers);
      this.clear();
      this.hook();
    };
    this.disposables.push({ dispose: () => { this.buffers.reset = reset; } });
    this.disposables.push(xterm.parser.registerCsiHandler({ final: 'J' }, (params) => {
      if (params[0] !== 3 || this.buffers.active !== this.buffers.normal) return false;
      this.clear();
      this.clearing = true;
      // xterm's own handler trims at once, or not at all when there was nothing to trim.
      queueMicrotask(() => { this.clearing = false; });
      return false;
    }));
  }

  get length(): number { return this.lines.length; }

  /** A stored line by its index (0 the oldest). */
  get(index: number): StoredLine | undefined {
    return this.lines.get(index);
  }

  /** The line's text, as its line view's translateToString(true) (see LineArena.text). */
  text(index: number): string {
    return this.lines.text(index) ?? this.view(index)?.translateToString(true) ?? '';
  }

  /** Whether the stored line continues the one above it. */
  wrapped(index: number): boolean {
    return this.lines.wrapped(index);
  }

  /** The line as xterm's public line view, as wide as the terminal: what buffer.getLine would give. */
  view(index: number): IBufferLine | undefined {
    const stored = this.get(index);
    return stored && new this.viewKind(loadLine(stored, this.xterm.cols, new this.lineKind(0)));
  }

  /** Keeps a line xterm is about to drop (or, with no room for history, tells it is lost). */
  private keep(line: CoreLine | undefined, tell = true): void {
    if (!line) return;
    if (this.capacity <= 0) {
      if (tell) this.lost(1);
      return;
    }
    // Most lines are plain text; the others take their maps along, copied: xterm reuses the line.
    if (!this.lines.pushPlain(line._data, line.length, line.length, line.isWrapped)) {
      const maps = isEmptyMap(line._combined) && isEmptyMap(line._extendedAttrs) ? null
        : { combined: { ...line._combined as Record<number, string> }, ext: { ...line._extendedAttrs as Record<number, unknown> } };
      if (maps) this.keepLinks(maps.ext);
      this.lines.push(line._data, line.length, maps, line.length, line.isWrapped);
    }
    if (this.length > this.capacity) this.drop(this.length - this.capacity);
  }

  private drop(n: number): void {
    this.lines.shift(n);
    this.lost(n);
  }

  /** The URI of a link on a stored line that xterm no longer knows. */
  linkUri(id: number): string | undefined {
    return this.links.get(id);
  }

  private keepLinks(ext: Record<number, unknown>): void {
    const service = xtermCore(this.xterm)._oscLinkService;
    for (const key in ext) {
      const id = (ext[key] as { urlId: number }).urlId;
      const uri = id ? service.getLinkData(id)?.uri : undefined;
      if (uri === undefined || this.links.has(id)) continue;
      this.links.set(id, uri);
      if (this.links.size > STORED_LINKS) this.links.delete(this.links.keys().next().value!);
    }
  }

  private lost(n: number): void {
    if (this.trimListeners.size) for (const listener of this.trimListeners) listener(n);
  }

  /** Keeps at most `lines` lines, dropping the oldest. */
  setCapacity(lines: number): void {
    this.capacity = Math.max(lines, 0);
    if (this.length > this.capacity) this.drop(this.length - this.capacity);
  }

  /** Drops every stored line. */
  clear(): void {
    const n = this.length;
    this.lines.clear();
    this.links.clear();
    if (n) this.lost(n);
  }

  /** The stored lines wrapped again for a new width (xterm reflows its own lines itself). */
  rewrap(cols: number): void {
    if (!this.length) return;
    const before = this.length;
    const lines = this.all();
    const arena = (this.lines = new LineArena());
    rewrap(lines, cols, (words, length, maps, width, wrapped) => arena.push(words, length, maps, width, wrapped));
    if (this.length > this.capacity) this.drop(this.length - this.capacity);
    else if (this.length < before) this.lost(before - this.length);
  }

  /** Every stored line, oldest first. */
  private all(): StoredLine[] {
    return Array.from({ length: this.length }, (_, i) => this.lines.get(i)!);
  }

  /** Every stored line, oldest first, for the server that takes over. */
  handover(): StoredLineJson[] {
    return this.all().map(lineToJson);
  }

  /** Takes lines handed over by another server, as the oldest. */
  adopt(lines: StoredLineJson[]): void {
    const own = this.all();
    this.lines = new LineArena();
    for (const json of lines) this.lines.pushStored(lineFromJson(json, (ext) => new this.extendedKind(ext)));
    for (const line of own) this.lines.pushStored(line);
    if (this.length > this.capacity) this.drop(this.length - this.capacity);
  }

  /** Lines dropped from the oldest end (`n` of them): indices of the history moved down by n. */
  onTrim(listener: (n: number) => void): IDisposable {
    this.trimListeners.add(listener);
    return { dispose: () => this.trimListeners.delete(listener) };
  }

  /** Wraps the dropping methods of the normal buffer's line list (again after a reset). */
  private hook(): void {
    const list = this.buffers.normal.lines as unknown as CoreList;
    if (list === this.list) return;
    this.list = list;
    const keep = (i: number) => this.keep(list.get(i));
    const { recycle, push, splice, shiftElements, trimStart } = list;
    const full = () => list.length === list.maxLength;
    list.recycle = () => {
      if (full()) keep(0);
      return recycle.call(list);
    };
    list.push = (line) => {
      if (full()) keep(0);
      push.call(list, line);
    };
    list.splice = (start, remove, ...items) => {
      const over = list.length - remove + items.length - list.maxLength;
      // The first `over` of the list as it will be: its own lines before `start`, then the new ones.
      for (let i = 0; i < over; i++) {
        if (i < start) keep(i);
        else if (i - start < items.length) this.keep(items[i - start]);
        else keep(i - items.length + remove);
      }
      splice.call(list, start, remove, ...items);
    };
    list.shiftElements = (start, count, offset) => {
      const over = Math.max(list.length, start + count + offset) - list.maxLength;
      if (offset > 0) for (let i = 0; i < over; i++) keep(i);
      shiftElements.call(list, start, count, offset);
    };
    list.trimStart = (n) => {
      const count = Math.min(n, list.length);
      // Lines that cannot be kept are told lost at once, as one trim.
      if (this.clearing || this.capacity <= 0) this.lost(count);
      else for (let i = 0; i < count; i++) this.keep(list.get(i), false);
      this.clearing = false;
      trimStart.call(list, n);
    };
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
    this.trimListeners.clear();
  }
}
