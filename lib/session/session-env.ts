// The session's environment, as tmux's set-environment keeps it: variables set, or removed (-r),
// for the programs of panes started from then on, over the server's own environment. Kept while
// the server runs (not in the session file), bounded in count and size.
import { ThurmError } from '../errors.js';

export const MAX_ENV_VARS = 256;
export const MAX_ENV_VALUE = 4096;
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

export class SessionEnv {
  /** null: removed from the panes' environment. */
  private readonly vars = new Map<string, string | null>();

  /** Every variable set or removed, by name. */
  list(): [string, string | null][] {
    return [...this.vars].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** Sets `name` for new panes, or removes it from their environment (null). */
  set(name: string, value: string | null): void {
    if (!ENV_NAME.test(name)) throw new ThurmError('INVALID_ARGUMENT', `set-environment: not a variable name: ${JSON.stringify(name)}`);
    if (!this.vars.has(name) && this.vars.size >= MAX_ENV_VARS) throw new ThurmError('INVALID_ARGUMENT', `set-environment: at most ${MAX_ENV_VARS} variables are kept`);
    this.vars.set(name, value);
  }

  /** Forgets `name`: new panes get the server's own value again; false when it was not set. */
  unset(name: string): boolean {
    return this.vars.delete(name);
  }

  /** `base` with the variables set and without those removed. */
  apply(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
    if (!this.vars.size) return base;
    const env = { ...base };
    for (const [name, value] of this.vars) {
      if (value === null) delete env[name];
      else env[name] = value;
    }
    return env;
  }
}
