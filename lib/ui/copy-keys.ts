// Copy mode's two key tables, as tmux's copy-mode-vi and copy-mode (emacs) tables bind them:
// each key names a copy-mode command (tmux's names, `send -X NAME`), which copy-mode.ts runs.
// Which table a client uses is `mode-keys`: the config's keys.mode-keys, or a tmux
// `set -g mode-keys` (through the shim or the `:` prompt), which wins as it does in tmux.

import type { Mux } from '../session/mux.js';

export type ModeKeys = 'vi' | 'emacs';
export const MODE_KEYS: readonly ModeKeys[] = ['vi', 'emacs'];

/** The table a copy mode entered now uses: the session's tmux `mode-keys` value, else the config's. */
export function modeKeysOf(mux: Pick<Mux, 'tmuxOptions' | 'config'>): ModeKeys {
  const set = mux.tmuxOptions.get('mode-keys', ['session']);
  return MODE_KEYS.find((k) => k === set) ?? mux.config.keys.modeKeys;
}

export type CopyCommand =
  | 'cancel' | 'clear-selection' | 'clear-selection-or-cancel'
  | 'cursor-down' | 'cursor-up' | 'cursor-left' | 'cursor-right'
  | 'start-of-line' | 'end-of-line' | 'back-to-indentation'
  | 'next-word' | 'previous-word' | 'next-word-end' | 'next-space' | 'previous-space' | 'next-space-end'
  | 'next-paragraph' | 'previous-paragraph'
  | 'top-line' | 'middle-line' | 'bottom-line'
  | 'scroll-down' | 'scroll-up' | 'halfpage-down' | 'halfpage-up' | 'page-down' | 'page-up'
  | 'history-top' | 'history-bottom'
  | 'begin-selection' | 'select-char' | 'select-line' | 'select-block' | 'rectangle-toggle' | 'other-end'
  | 'copy-selection-and-cancel' | 'append-selection-and-cancel' | 'copy-end-of-line'
  | 'search-forward' | 'search-backward' | 'search-again' | 'search-reverse'
  | 'jump-forward' | 'jump-backward' | 'jump-to-forward' | 'jump-to-backward' | 'jump-again' | 'jump-reverse';

/** The commands that take the next key as the character to jump to. */
export const JUMPS = ['jump-forward', 'jump-backward', 'jump-to-forward', 'jump-to-backward'] as const;
export type Jump = (typeof JUMPS)[number];

/** Keys both tables bind alike: the cursor keys, paging keys, repeating a search or a jump. */
const COMMON: Record<string, CopyCommand> = {
  Up: 'cursor-up', Down: 'cursor-down', Left: 'cursor-left', Right: 'cursor-right',
  Home: 'start-of-line', End: 'end-of-line', PageUp: 'page-up', PageDown: 'page-down',
  'C-Up': 'scroll-up', 'C-Down': 'scroll-down',
  q: 'cancel', 'C-c': 'cancel',
  n: 'search-again', N: 'search-reverse',
  f: 'jump-forward', F: 'jump-backward', t: 'jump-to-forward', T: 'jump-to-backward', ';': 'jump-again', ',': 'jump-reverse',
};

export const COPY_KEYS: Record<ModeKeys, Readonly<Record<string, CopyCommand>>> = {
  vi: {
    ...COMMON,
    // Escape clears a selection, and with none leaves (tmux's only clears; leaving is q).
    Escape: 'clear-selection-or-cancel',
    j: 'cursor-down', k: 'cursor-up', h: 'cursor-left', l: 'cursor-right', 'C-n': 'cursor-down', 'C-p': 'cursor-up',
    0: 'start-of-line', $: 'end-of-line', '^': 'back-to-indentation',
    w: 'next-word', b: 'previous-word', e: 'next-word-end', W: 'next-space', B: 'previous-space', E: 'next-space-end',
    '}': 'next-paragraph', '{': 'previous-paragraph',
    H: 'top-line', M: 'middle-line', L: 'bottom-line',
    'C-e': 'scroll-down', 'C-y': 'scroll-up', J: 'scroll-down', K: 'scroll-up',
    'C-d': 'halfpage-down', 'C-u': 'halfpage-up', 'C-f': 'page-down', 'C-b': 'page-up',
    g: 'history-top', G: 'history-bottom',
    Space: 'begin-selection', v: 'select-char', V: 'select-line', 'C-v': 'select-block', o: 'other-end',
    y: 'copy-selection-and-cancel', Enter: 'copy-selection-and-cancel', 'C-j': 'copy-selection-and-cancel',
    A: 'append-selection-and-cancel', D: 'copy-end-of-line',
    '/': 'search-forward', '?': 'search-backward',
  },
  emacs: {
    ...COMMON,
    Escape: 'cancel', 'C-g': 'clear-selection',
    'C-n': 'cursor-down', 'C-p': 'cursor-up', 'C-b': 'cursor-left', 'C-f': 'cursor-right',
    'C-a': 'start-of-line', 'C-e': 'end-of-line', 'M-m': 'back-to-indentation',
    'M-f': 'next-word-end', 'M-b': 'previous-word',
    'M-}': 'next-paragraph', 'M-{': 'previous-paragraph',
    'M-r': 'middle-line',
    'C-v': 'page-down', 'M-v': 'page-up', 'M-<': 'history-top', 'M->': 'history-bottom',
    'C-Space': 'begin-selection', R: 'rectangle-toggle',
    'M-w': 'copy-selection-and-cancel', 'C-w': 'copy-selection-and-cancel', Enter: 'copy-selection-and-cancel',
    'C-k': 'copy-end-of-line',
    'C-s': 'search-forward', 'C-r': 'search-backward',
  },
};

/** A row of the copy-mode key table in docs/guide.md: commands that read best together. */
export interface CopyDocRow {
  commands: CopyCommand[];
  /** What they do, told apart with ` / ` in the order of `commands`. */
  text: string;
}

/** The guide's copy-mode key table (spec/docs/keys-doc.spec.ts renders it and checks every bound command is in one row). */
export const COPY_DOC: readonly CopyDocRow[] = [
  { commands: ['cursor-left', 'cursor-down', 'cursor-up', 'cursor-right'], text: 'move the cursor (the view follows it)' },
  { commands: ['start-of-line', 'back-to-indentation', 'end-of-line'], text: 'the start of the line / its first non-blank / its end' },
  { commands: ['next-word', 'previous-word', 'next-word-end'], text: 'the next word / the start of this or the previous word / the end of this or the next (words of letters, digits and `_`)' },
  { commands: ['next-space', 'previous-space', 'next-space-end'], text: 'the same, for words of anything but blanks' },
  { commands: ['previous-paragraph', 'next-paragraph'], text: 'the blank line above / below' },
  { commands: ['top-line', 'middle-line', 'bottom-line'], text: 'the top / middle / bottom line of the view' },
  { commands: ['history-top', 'history-bottom'], text: 'the top / bottom of the history' },
  { commands: ['scroll-up', 'scroll-down', 'halfpage-up', 'halfpage-down', 'page-up', 'page-down'], text: 'scroll a line up / down, half a page up / down, a page up / down' },
  { commands: ['jump-forward', 'jump-backward', 'jump-to-forward', 'jump-to-backward', 'jump-again', 'jump-reverse'], text: 'then a character: to it on the line forward / backward, to just before / after it; the last jump again / the other way' },
  { commands: ['search-forward', 'search-backward', 'search-again', 'search-reverse'], text: 'search down / up as you type (lower case matches either case), wrapping around, matches highlighted; the search again / the other way' },
  { commands: ['begin-selection', 'select-char', 'select-line', 'select-block', 'rectangle-toggle', 'other-end'], text: 'begin a selection at the cursor / select characters / whole lines / a block (the same key again: no selection) / a block or not / go to the selection\'s other end' },
  { commands: ['copy-selection-and-cancel', 'append-selection-and-cancel', 'copy-end-of-line'], text: 'copy the selection and leave / add it to the end of the newest paste buffer and leave / copy from the cursor to the end of the line and leave' },
  { commands: ['clear-selection', 'clear-selection-or-cancel', 'cancel'], text: 'clear the selection / clear it, or leave when there is none / leave copy mode' },
];
