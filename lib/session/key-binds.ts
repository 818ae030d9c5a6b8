// Keys bound while the session runs (tmux `bind-key`, through the shim, a source-file or prefix
// :), beside the config's `[[keys.bind]]`: a key, after the prefix or on its own, runs a command
// line as prefix : would. A key bound here wins over the config's until `unbind-key`. Bounded.
import { ThurmError } from '../errors.js';
import { keyBytes } from '../term/keys.js';

export interface KeyBind { key: string; command: string; prefix: boolean }

export const MAX_KEY_BINDS = 256;
/** The longest command line a key may run, as a tmux option value may be. */
export const MAX_BIND_COMMAND = 1024;

export class KeyBinds {
  private readonly binds: KeyBind[] = [];

  list(): readonly KeyBind[] {
    return this.binds;
  }

  /** Binds `key` (replacing what this table bound it to); refuses a key thurm cannot read. */
  bind(b: KeyBind): void {
    if (!keyBytes(b.key)) throw new ThurmError('INVALID_ARGUMENT', `bind-key: unknown key: ${b.key}`);
    const i = this.binds.findIndex((x) => x.key === b.key && x.prefix === b.prefix);
    if (i < 0 && this.binds.length >= MAX_KEY_BINDS) throw new ThurmError('INVALID_ARGUMENT', `bind-key: at most ${MAX_KEY_BINDS} keys are bound`);
    if (i >= 0) this.binds[i] = b;
    else this.binds.push(b);
  }

  /** Unbinds `key`; false when this table did not bind it. */
  unbind(key: string, prefix: boolean): boolean {
    const i = this.binds.findIndex((x) => x.key === key && x.prefix === prefix);
    if (i >= 0) this.binds.splice(i, 1);
    return i >= 0;
  }
}
