// What makes `tmux` inside a pane mean thurm (docs/tmux.md): a folder holding an
// executable `tmux` at the front of PATH, and the $TMUX and $TMUX_PANE by which tools decide
// they run inside tmux. The script runs this build's shim (lib/tmux/main.ts) with this node.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ShimTarget {
  socket: string;
  pane: string;
  /** Index of the window the pane opens in. */
  window: number;
}

const ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'tmux', 'main.js');
/** Folders already written by this process, and those that could not be. */
const written = new Map<string, boolean>();

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * The folder with the `tmux` script, beside the socket (its directory is private to the user).
 * Named after the build and node it runs, so servers of other checkouts never overwrite it.
 */
export function shimDir(socket: string): string {
  const hash = crypto.createHash('sha256').update(`${process.execPath}\0${ENTRY}`).digest('hex').slice(0, 12);
  return path.join(path.dirname(socket), `tmux-shim-${hash}`);
}

/** Whether `dir` is private to this user, as the socket directory must be (panes run what is in it). */
function privateDir(dir: string): boolean {
  const st = fs.lstatSync(dir, { throwIfNoEntry: false });
  return !!st && st.isDirectory() && st.uid === process.getuid?.() && (st.mode & 0o077) === 0;
}

/** Writes the script once per process (atomically: a pane may run it while another server writes it). */
function ensureScript(dir: string): boolean {
  const known = written.get(dir);
  if (known !== undefined) return known;
  const script = `#!/bin/sh\n# thurm's tmux shim: tmux commands become requests to this thurm session's server.\nexec ${quote(process.execPath)} ${quote(ENTRY)} "$@"\n`;
  let ok = true;
  try {
    if (!privateDir(path.dirname(dir))) throw new Error('the socket directory is not private to this user');
    if (!fs.existsSync(dir)) fs.mkdirSync(dir, { mode: 0o700 });
    if (!privateDir(dir)) throw new Error('it is not private to this user');
    const tmp = path.join(dir, `.tmux-${process.pid}`);
    fs.writeFileSync(tmp, script, { mode: 0o700 });
    fs.renameSync(tmp, path.join(dir, 'tmux'));
  } catch (err) {
    // Panes still start, without the shim; the server log says why.
    console.error(`thurm: tmux shim not installed in ${dir}: ${(err as Error).message}`);
    ok = false;
  }
  written.set(dir, ok);
  return ok;
}

/** `env` with the shim first on PATH and tmux's variables set; unchanged when off (`[tmux] shim = false`) or not writable. */
export function tmuxShimEnv(env: Record<string, string>, target: ShimTarget | false): Record<string, string> {
  if (!target) return env;
  const dir = shimDir(target.socket);
  if (!ensureScript(dir)) return env;
  return {
    ...env,
    PATH: env.PATH ? `${dir}:${env.PATH}` : dir,
    // tmux's own form is socket,server pid,session; tools read the socket before the first comma.
    TMUX: `${target.socket},${process.pid},${target.window}`,
    TMUX_PANE: `%${target.pane}`,
  };
}
