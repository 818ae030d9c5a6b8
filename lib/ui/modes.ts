// What a client's keys go to: a stack of modes, the top one first. At its bottom lie the modes
// that are always there (normal-mode.ts: the bindings, the focused pane's copy mode, the pane);
// overlays are pushed over them (the pending prefix, a prompt, a chooser, a question, the help)
// and end themselves. A mode that does not take a token offers it to the one below.
import type { MuxEvent } from '../session/events.js';
import { legacyInput } from '../term/key-encoding.js';
import type { Chooser } from './chooser.js';
import type { HelpView } from './help-view.js';
import { keyName, type InputToken } from './input.js';

/**
 * What a mode did with a token: true, it was the mode's; false, the mode below is offered it;
 * text: it was the mode's and becomes these bytes for the focused pane.
 */
export type Taken = boolean | string;

export interface Mode {
  /** Takes one key or paste; `end` takes the mode off the stack. */
  handle(t: InputToken, end: () => void): Taken;
  /**
   * The status line while the mode is open, shown even without `[ui] statusLine`: the text over
   * it, or null for the usual line. A mode without it leaves the status line alone.
   */
  status?(): string | null;
  /** Where the client's cursor is while the mode is on top: a column of the status line, or hidden. */
  cursor?(): number | 'hidden';
  /** The session changed (a list shows it again); null: a far host's agents did. */
  changed?(e: MuxEvent | null): void;
  /** Frees what it holds (a widget, a timer): it is off the stack. */
  close?(): void;
  /** Closing it uncovers the panes, which are drawn again. */
  readonly covers?: boolean;
}

/** A key's name (keyName) in legacy form, however the client's terminal encoded it. */
export const nameOf = (seq: string) => keyName(legacyInput(seq));

export class ModeStack {
  private readonly modes: Mode[] = [];

  /** `onChange` runs after a mode came (`removed` false) or went. */
  constructor(private readonly onChange: (mode: Mode, removed: boolean) => void) {}

  /** The modes that are always there, bottom first; then `push` lays overlays over them. */
  base(...modes: Mode[]): void {
    this.modes.unshift(...modes);
  }

  push(mode: Mode): void {
    this.modes.push(mode);
    this.onChange(mode, false);
  }

  /** Takes `mode` off the stack, wherever it is (an overlay may end below another). */
  remove(mode: Mode): void {
    const at = this.modes.indexOf(mode);
    if (at < 0) return;
    this.modes.splice(at, 1);
    mode.close?.();
    this.onChange(mode, true);
  }

  /** Offers the token to each mode from the top: null when thurm took it, else bytes for the pane. */
  handle(t: InputToken): string | null {
    for (let i = this.modes.length - 1; i >= 0; i--) {
      const mode = this.modes[i];
      const taken = mode.handle(t, () => this.remove(mode));
      if (typeof taken === 'string') return taken;
      if (taken) return null;
    }
    return null;
  }

  /** The topmost answer of `ask` that is not undefined. */
  private first<T>(ask: (m: Mode) => T | undefined): T | undefined {
    for (let i = this.modes.length - 1; i >= 0; i--) {
      const answer = ask(this.modes[i]);
      if (answer !== undefined) return answer;
    }
    return undefined;
  }

  /** Whether a mode wants the status line, and its text over it (null: the usual line). */
  status(): { text: string | null } | undefined {
    return this.first((m) => (m.status ? { text: m.status() } : undefined));
  }

  cursor(): number | 'hidden' | undefined {
    return this.first((m) => m.cursor?.());
  }

  has(kind: abstract new (...args: never[]) => Mode): boolean {
    return this.modes.some((m) => m instanceof kind);
  }

  changed(e: MuxEvent | null): void {
    for (const m of [...this.modes]) m.changed?.(e);
  }

  /** Frees every mode (the client is gone); nothing is drawn again. */
  dispose(): void {
    for (const m of this.modes.splice(0)) m.close?.();
  }
}

/**
 * The prefix was pressed: the next key is `after`'s (a binding, or the prefix itself for the
 * pane). A paste passes on to the pane meanwhile, and the prefix stays pending.
 */
export class PrefixMode implements Mode {
  constructor(private readonly after: (seq: string) => Taken) {}

  handle(t: InputToken, end: () => void): Taken {
    if (t.kind !== 'key') return false;
    end();
    return this.after(t.seq);
  }

  status(): null {
    return null;
  }
}

/** A yes/no question in the status line (closing a pane or window): y or Y says yes, anything else no. */
export class ConfirmMode implements Mode {
  readonly covers = true;

  constructor(private readonly question: string, private readonly yes: () => void) {}

  handle(t: InputToken, end: () => void): true {
    end();
    if (t.kind === 'key' && (t.seq === 'y' || t.seq === 'Y')) this.yes();
    return true;
  }

  status(): string {
    return this.question;
  }

  cursor(): 'hidden' {
    return 'hidden';
  }
}

/** The key list over the layout; any token but a scrolling key closes it (every key, for an observer). */
export class HelpMode implements Mode {
  readonly covers = true;

  constructor(private readonly view: HelpView, private readonly scrolls = true) {}

  handle(t: InputToken, end: () => void): true {
    if (t.kind !== 'key' || !this.scrolls || this.view.key(nameOf(t.seq)) === 'close') end();
    return true;
  }

  cursor(): 'hidden' {
    return 'hidden';
  }

  close(): void {
    this.view.destroy();
  }
}

/** The events a chooser's rows follow: statuses, panes and windows coming and going. */
const LISTED = (e: MuxEvent) => e.type === 'status-changed' || e.type === 'pane-added' || e.type === 'pane-removed' || e.type.startsWith('window-');

/** A list to pick from over the layout, and what a pick does; a paste passes on to the pane. */
export class ChooserMode implements Mode {
  readonly covers = true;

  constructor(private readonly list: Chooser, private readonly pick: (key: string) => void) {}

  handle(t: InputToken, end: () => void): boolean {
    if (t.kind !== 'key') return false;
    const chosen = this.list.key(nameOf(t.seq));
    if (chosen === null) return true;
    end();
    if (typeof chosen === 'object') chosen.action.run(chosen.row);
    else if (chosen !== 'close') this.pick(chosen);
    return true;
  }

  cursor(): 'hidden' {
    return 'hidden';
  }

  changed(e: MuxEvent | null): void {
    if (e === null || LISTED(e)) this.list.refresh();
  }

  close(): void {
    this.list.destroy();
  }
}
