// The sequences in a pane's output that thurm acts on beside the emulator: the status OSCs
// (7501, 9, 777, 99), OSC 52 clipboard writes, shell prompt marks (OSC 133), a reset (RIS) and
// the bell. They feed the pane's program status; the parser hooks go with its terminal.
import type { ProgramStatus } from '../status/program-status.js';
import type { PaneTerminal } from '../term/pane-terminal.js';

export interface PaneEscapeHooks {
  /** Whether an attached client has the pane focused. */
  watched(): boolean;
  /** The program asked to set the clipboard (OSC 52) to this text. */
  clipboard(text: string): void;
  /** A bell rang while nobody looked at the pane (the `!` mark). */
  rang(): void;
}

export function hookPaneEscapes(term: PaneTerminal, status: ProgramStatus, hooks: PaneEscapeHooks): void {
  term.registerOsc(7501, (data) => status.onOsc7501(data));
  term.registerOsc(9, (data) => status.onOsc9(data));
  term.registerOsc(777, (data) => status.onOsc777(data));
  term.registerOsc(99, (data) => status.onOsc99(data));
  // OSC 52 ; selections ; base64: a query (`?`) is never answered, it would echo a clipboard.
  term.registerOsc(52, (data) => {
    const text = clipboardText(data);
    if (text) hooks.clipboard(text);
    return true;
  });
  term.registerOsc(133, (data) => {
    if (data === 'A' || data.startsWith('A;')) status.onPrompt();
    return false;
  });
  // RIS: let the emulator reset too (returning false passes it on).
  term.registerEsc({ final: 'c' }, () => {
    status.onReset();
    return false;
  });
  // A bell in the pane you are looking at is for you already (a failed Tab completion).
  term.onBell(() => {
    if (hooks.watched()) return;
    hooks.rang();
    status.onBell();
  });
}

/** The text of an OSC 52 write (`c;aGVsbG8=`), or null for a query, a clear or bad base64. */
export function clipboardText(data: string): string | null {
  const semi = data.indexOf(';');
  const payload = semi < 0 ? '' : data.slice(semi + 1);
  if (!payload || payload === '?' || !/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) return null;
  return Buffer.from(payload, 'base64').toString('utf8') || null;
}
