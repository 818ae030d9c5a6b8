// Character widths as thurm's emulators count them: Unicode 11 (emoji are two columns, as in
// glibc's wcwidth and current terminals), not xterm.js's built-in Unicode 6 table.
import type { Terminal as XTerminal } from '@xterm/headless';
import { requireCjs } from '../cjs.js';
import { xtermCore, type XtermCore } from './xterm-internals.js';

const { Terminal } = requireCjs('@xterm/headless') as typeof import('@xterm/headless');
const { Unicode11Addon } = requireCjs('@xterm/addon-unicode11') as typeof import('@xterm/addon-unicode11');

/** Makes a terminal count widths by Unicode 11. */
export function useUnicode11(term: XTerminal): void {
  term.loadAddon(new Unicode11Addon());
  term.unicode.activeVersion = '11';
}

let service: XtermCore['unicodeService'] | null = null;

/** Columns `text` takes in a pane (combining marks take none, wide characters two). */
export function stringWidth(text: string): number {
  if (!service) {
    const term = new Terminal({ cols: 10, rows: 1, allowProposedApi: true });
    useUnicode11(term);
    service = xtermCore(term).unicodeService;
  }
  return service.getStringCellWidth(text);
}
