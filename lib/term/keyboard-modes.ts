// The keyboard modes a pane's program asks for that xterm.js does not track: the kitty keyboard
// protocol's flags (https://sw.kovidgoyal.net/kitty/keyboard-protocol/, a stack per screen)
// and xterm's modifyOtherKeys (`CSI > 4 ; n m`). Queries get fixed-format numeric replies.
import type { IDisposable, Terminal as XTerminal } from '@xterm/headless';

/** Flags thurm knows; the spec's five (disambiguate, events, alternates, all keys, text). */
const FLAG_MASK = 0b11111;
/** The spec asks for a bound; past it the oldest entry goes, as kitty does. */
const MAX_STACK = 16;

export interface KeyboardState { normal: number[]; alternate: number[]; modifyOtherKeys: number }

export class KeyboardModes {
  private readonly stacks: Record<'normal' | 'alternate', number[]> = { normal: [], alternate: [] };
  /** modifyOtherKeys level: 0 off, 1 ambiguous keys, 2 all modified keys. */
  modifyOtherKeys = 0;

  /** The flag stacks and level, for the server that replaces this one (`server upgrade`). */
  handover(): KeyboardState {
    return { normal: [...this.stacks.normal], alternate: [...this.stacks.alternate], modifyOtherKeys: this.modifyOtherKeys };
  }

  adopt(s: KeyboardState): void {
    this.stacks.normal.splice(0, Infinity, ...s.normal.slice(-16));
    this.stacks.alternate.splice(0, Infinity, ...s.alternate.slice(-16));
    this.modifyOtherKeys = Math.min(Math.max(s.modifyOtherKeys, 0), 2);
  }
  private readonly disposables: IDisposable[] = [];

  /** `reply` sends bytes to the program (the pty). */
  constructor(private readonly xterm: XTerminal, reply: (data: string) => void) {
    const parser = xterm.parser;
    const first = (params: (number | number[])[], fallback: number) => {
      const p = params[0];
      return typeof p === 'number' && params.length ? p : fallback;
    };
    this.disposables.push(
      parser.registerCsiHandler({ prefix: '>', final: 'u' }, (params) => {
        this.push(first(params, 0));
        return true;
      }),
      parser.registerCsiHandler({ prefix: '<', final: 'u' }, (params) => {
        const stack = this.stack;
        stack.splice(Math.max(stack.length - Math.max(first(params, 1), 1), 0));
        return true;
      }),
      parser.registerCsiHandler({ prefix: '=', final: 'u' }, (params) => {
        const flags = first(params, 0) & FLAG_MASK;
        const mode = typeof params[1] === 'number' ? params[1] : 1;
        const now = this.kittyFlags;
        const next = mode === 2 ? now | flags : mode === 3 ? now & ~flags : flags;
        if (!this.stack.length) this.stack.push(0);
        this.stack[this.stack.length - 1] = next;
        return true;
      }),
      // Only our own number goes back: nothing of the program's text is echoed.
      parser.registerCsiHandler({ prefix: '?', final: 'u' }, () => {
        reply(`\x1b[?${this.kittyFlags}u`);
        return true;
      }),
      parser.registerCsiHandler({ prefix: '>', final: 'm' }, (params) => {
        if (first(params, -1) !== 4) return false;
        const level = typeof params[1] === 'number' ? params[1] : 0;
        this.modifyOtherKeys = Math.min(Math.max(level, 0), 2);
        return true;
      }),
      // RIS resets the keyboard too; xterm handles the rest (false passes it on).
      parser.registerEscHandler({ final: 'c' }, () => {
        this.reset();
        return false;
      }),
    );
  }

  /** The kitty flags in force on the active screen. */
  get kittyFlags(): number {
    const stack = this.stack;
    return stack.length ? stack[stack.length - 1] : 0;
  }

  private get stack(): number[] {
    return this.stacks[this.xterm.buffer.active.type];
  }

  private push(flags: number): void {
    const stack = this.stack;
    stack.push(flags & FLAG_MASK);
    if (stack.length > MAX_STACK) stack.shift();
  }

  private reset(): void {
    this.stacks.normal = [];
    this.stacks.alternate = [];
    this.modifyOtherKeys = 0;
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}
