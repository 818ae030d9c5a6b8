// Every part of @xterm/headless that thurm reaches beyond its public API, declared once.
// The public headless API cannot say what the renderer needs (changed rows, cursor shape,
// mouse encoding), insert lines into the history, keep the lines it drops, or work around
// defects of xterm 6, so these modules go inside: pane-terminal, dirty-rows, alt-screen-history,
// line-recycling, links, scrollback-store, line-arena, stored-line, count-limits, xterm-defects,
// unicode and ui/cell-style. The package is pinned to an exact
// version in package.json, and spec/term/library-internals.spec.ts fails on the first of these
// fields a new version no longer has: upgrade it there first.
import type { IBufferCell, IBufferLine, IDisposable, IFunctionIdentifier, Terminal } from '@xterm/headless';

export type CursorShape = 'block' | 'underline' | 'bar';

/** The parser's own parameter object: handlers registered on the core get it, not a copy. */
export interface CoreParams { length: number; params: Int32Array }

/** A line of a buffer as xterm keeps it: cells packed in _data, with maps for the rest. */
export interface CoreLine {
  _data: Uint32Array;
  length: number;
  isWrapped: boolean;
  _combined: object;
  _extendedAttrs: object;
  clone(): CoreLine;
  copyFrom(line: CoreLine): void;
  resize(cols: number, fill: unknown): boolean;
  translateToString(trimRight?: boolean): string;
}

export interface CoreBuffer {
  lines: {
    length: number;
    maxLength: number;
    get(i: number): CoreLine | undefined;
    splice(start: number, remove: number, ...items: CoreLine[]): void;
    /** The oldest lines were dropped (`n` of them) to make room. */
    onTrim(listener: (n: number) => void): IDisposable;
  };
  /** The cursor column; one past the last while a wrap is pending. */
  x: number;
  /** The first line of the screen in `lines`. */
  ybase: number;
  /** The first line of the view in `lines`. */
  ydisp: number;
  /** The saved cursor row (DECSC, and 1049 on entering): absolute, unlike the cursor's own. */
  savedY: number;
  getNullCell(): unknown;
  clearAllMarkers(): void;
}

export interface CoreBuffers { normal: CoreBuffer; alt: CoreBuffer; active: CoreBuffer; reset(): void }

export interface LinkService {
  getLinkData(id: number): { id?: string; uri: string } | undefined;
  registerLink(data: unknown): number;
  /** Each link with the markers of the lines it is on, oldest first. */
  _dataByLinkId: Map<number, { lines: { dispose(): void }[] }>;
}

/** A mouse event as xterm's mouse service encodes it for the program. */
export interface CoreMouseEvent { col: number; row: number; button: number; action: number; ctrl: boolean; alt: boolean; shift: boolean }

export interface XtermCore {
  buffers: CoreBuffers;
  coreService: { isCursorHidden: boolean; decPrivateModes: { cursorStyle?: CursorShape; cursorBlink?: boolean } };
  coreMouseService: { activeEncoding: string; triggerMouseEvent(e: CoreMouseEvent): boolean };
  unicodeService: { getStringCellWidth(s: string): number };
  _oscLinkService: LinkService;
  _writeBuffer: { handleUserInput(): void };
  _inputHandler: {
    print(data: Uint32Array, start: number, end: number): void;
    parse(data: string | Uint8Array, promiseResult?: boolean): void | Promise<boolean>;
    /** The rows a parse touched, for the renderer; undefined means all of them. */
    onRequestRefreshRows(listener: (e: { start: number; end: number } | undefined) => void): IDisposable;
    _parser: {
      reset(): void;
      /** Registers an OSC handler that is handed the body in pieces, as it is parsed (osc-body.ts). */
      registerOscHandler(ident: number, handler: CoreOscHandler): IDisposable;
    };
    _parseStack: { paused: boolean };
  };
  /**
   * Registers a CSI handler ahead of xterm's own (false passes on). The public parser API hands
   * handlers a copy of the parameters; this hands over the parser's own (CoreParams), so a
   * changed value reaches xterm's handler.
   */
  registerCsiHandler(id: IFunctionIdentifier, handler: (params: CoreParams) => boolean | Promise<boolean>): IDisposable;
  /** Parses at once, bypassing the write buffer (specs only). */
  writeSync(data: string | Uint8Array): void;
}

/** An OSC handler as the parser calls it: the body in pieces of code points, then whether it ended well. */
export interface CoreOscHandler {
  start(): void;
  put(data: Uint32Array, start: number, end: number): void;
  /** True when handled; false passes the sequence on to the handlers registered before. */
  end(success: boolean): boolean;
}

/** A cell's packed colours and flags, and its extended attributes (a link, an underline style). */
export interface CellInternals { fg: number; bg: number; extended: { urlId: number } }

/** How xterm packs a cell in a line's `_data`: three words, content (code point, combined flag, width), fg, bg. */
export const CELL_WORDS = 3;
/** content: the cell's width from this bit up. */
export const WIDTH_SHIFT = 22;
/** content: the cell holds a combined character (in the line's `_combined`). */
export const IS_COMBINED = 1 << 21;
/** bg: the cell has extended attributes (a link, an underline style or colour; in `_extendedAttrs`). */
export const HAS_EXTENDED = 1 << 28;
/** content of a cell never written: code 0, width 1, what xterm fills a fresh line with. */
export const EMPTY_CELL = 1 << WIDTH_SHIFT;

/** Whether a line's map of combined characters or extended attributes holds nothing. */
export function isEmptyMap(map: object): boolean {
  for (const _ in map) return false;
  return true;
}

export function xtermCore(xterm: Terminal): XtermCore {
  return (xterm as unknown as { _core: XtermCore })._core;
}

export function cellInternals(cell: IBufferCell): CellInternals {
  return cell as unknown as CellInternals;
}

/** The core line behind a public line view. */
export function coreLine(view: IBufferLine): CoreLine {
  return (view as unknown as { _line: CoreLine })._line;
}
