// The window options a tmux user sets: where window indexes start and whether they close up when
// a window closes (base-index, renumber-windows), whose size the window takes (window-size), and
// whether a pane stays when its program ends (remain-on-exit, also per window and pane).
// The config's [ui] keys, unless a tmux `set -g` (through the shim or the `:` prompt) gave the
// session a value of its own, which wins as it does in tmux.
import { ThurmError } from '../errors.js';
import { WINDOW_SIZE_RULES, type WindowSizeRule } from './client-sizes.js';
import type { Config } from './config.js';
import type { TmuxOptions } from './tmux-options.js';

/** The highest index a window can have, wherever one is read. */
export const MAX_WINDOW_INDEX = 9999;

export interface WindowNumbering {
  /** The index the first window takes, and the lowest a new one does. */
  base: number;
  /** Closing a window renumbers the others from `base`, in order. */
  renumber: boolean;
}

/** tmux's words for a flag option's on and off. */
const FLAG: Record<string, boolean> = { on: true, yes: true, 1: true, off: false, no: false, 0: false };

type OptionsOf = { tmuxOptions: Pick<TmuxOptions, 'get'>; config: Config };

export function windowNumbering(mux: OptionsOf): WindowNumbering {
  const base = mux.tmuxOptions.get('base-index', ['session']);
  const renumber = mux.tmuxOptions.get('renumber-windows', ['session']);
  return {
    base: base !== undefined && /^\d{1,4}$/.test(base) ? Number(base) : mux.config.ui.baseIndex,
    renumber: (renumber !== undefined ? FLAG[renumber] : undefined) ?? mux.config.ui.renumberWindows,
  };
}

/**
 * Whether pane `id`, its program ended (`failed`: with a non-zero status or a signal), stays: tmux's
 * remain-on-exit of the pane, else its window, else the session (`on`, `off` or `failed`), else the config's.
 */
export function remainsOnExit(mux: OptionsOf & { optionScopes(pane: string): string[] }, id: string, failed: boolean): boolean {
  const set = mux.tmuxOptions.get('remain-on-exit', mux.optionScopes(id));
  if (set === 'failed') return failed;
  return (set !== undefined ? FLAG[set] : undefined) ?? mux.config.remainOnExit;
}

/** Whose size the window takes: tmux's `window-size`, else the config's. */
export function windowSizeRule(mux: OptionsOf): WindowSizeRule {
  const set = mux.tmuxOptions.get('window-size', ['session']);
  return WINDOW_SIZE_RULES.find((rule) => rule === set) ?? mux.config.ui.windowSize;
}

/** A tmux `set` of base-index, renumber-windows, window-size or remain-on-exit that thurm could not use, refused as tmux refuses it. */
export function checkWindowOption(name: string, value: string): void {
  if (name === 'remain-on-exit' && !(value in FLAG) && value !== 'failed') throw new ThurmError('INVALID_ARGUMENT', `remain-on-exit: not on, off or failed: ${value}`);
  if (name === 'window-size' && !WINDOW_SIZE_RULES.some((rule) => rule === value)) throw new ThurmError('INVALID_ARGUMENT', `window-size: not one of ${WINDOW_SIZE_RULES.join(', ')}: ${value}`);
  if (name === 'base-index' && !/^\d{1,4}$/.test(value)) throw new ThurmError('INVALID_ARGUMENT', `base-index: not a number from 0 to ${MAX_WINDOW_INDEX}: ${value}`);
  if (name === 'renumber-windows' && !(value in FLAG)) throw new ThurmError('INVALID_ARGUMENT', `renumber-windows: not on or off: ${value}`);
}
