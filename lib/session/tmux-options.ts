// Option values that tools set through the tmux shim (`set-option`), kept by the server so
// `show-options` gives them back and borders can use the ones thurm has a meaning for. Each
// value has a scope: the session (`-g`, `-s` or neither), a window (`@N`) or a pane (`%N`).
// Bounded: at most MAX_OPTIONS values, names of 64 characters, values of 1024.
import { ThurmError } from '../errors.js';

export const MAX_OPTIONS = 512;
export const MAX_OPTION_VALUE = 1024;
export const OPTION_NAME = /^@?[A-Za-z][A-Za-z0-9_-]{0,63}$/;
export const OPTION_SCOPE = /^(session|@\d{1,9}|%\d{1,9})$/;

export class TmuxOptions {
  /** By scope, then name. */
  private readonly values = new Map<string, Map<string, string>>();
  private count = 0;

  /** How many values are kept. */
  get size(): number {
    return this.count;
  }

  /** Sets a value, or unsets it (null); refuses a new one past the bound. */
  set(scope: string, name: string, value: string | null): void {
    const of = this.values.get(scope);
    if (value === null) {
      if (of?.delete(name)) this.count--;
      if (of && !of.size) this.values.delete(scope);
      return;
    }
    if (!of?.has(name) && this.count >= MAX_OPTIONS) throw new ThurmError('INVALID_ARGUMENT', `set-option: at most ${MAX_OPTIONS} option values are kept`);
    if (!of?.has(name)) this.count++;
    if (of) of.set(name, value);
    else this.values.set(scope, new Map([[name, value]]));
  }

  /** The value in the first of `scopes` (most specific first) that has one. */
  get(name: string, scopes: readonly string[]): string | undefined {
    for (const scope of scopes) {
      const v = this.values.get(scope)?.get(name);
      if (v !== undefined) return v;
    }
    return undefined;
  }

  /** Every value seen from `scopes`, the most specific winning. */
  all(scopes: readonly string[]): Record<string, string> {
    const out: Record<string, string> = {};
    for (const scope of [...scopes].reverse()) for (const [k, v] of this.values.get(scope) ?? []) out[k] = v;
    return out;
  }

  /** Every value as [scope, name, value] (for a handover). */
  entries(): [string, string, string][] {
    return [...this.values].flatMap(([scope, of]) => [...of].map(([name, value]): [string, string, string] => [scope, name, value]));
  }

  /** Drops a closed pane's or window's values. */
  forget(scope: string): void {
    this.count -= this.values.get(scope)?.size ?? 0;
    this.values.delete(scope);
  }
}
