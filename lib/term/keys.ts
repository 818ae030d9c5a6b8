// Key names (as tmux spells them: Enter, C-c, M-x, Up, F5...) to the bytes a terminal sends,
// and cursor keys re-encoded for a pane's application-cursor mode.

const CURSOR: Record<string, string> = { Up: 'A', Down: 'B', Right: 'C', Left: 'D', Home: 'H', End: 'F' };
const FIXED: Record<string, string> = {
  Enter: '\r', Tab: '\t', BTab: '\x1b[Z', Escape: '\x1b', Space: ' ', BSpace: '\x7f',
  Insert: '\x1b[2~', IC: '\x1b[2~', Delete: '\x1b[3~', DC: '\x1b[3~',
  PageUp: '\x1b[5~', PPage: '\x1b[5~', PageDown: '\x1b[6~', NPage: '\x1b[6~',
  F1: '\x1bOP', F2: '\x1bOQ', F3: '\x1bOR', F4: '\x1bOS', F5: '\x1b[15~', F6: '\x1b[17~',
  F7: '\x1b[18~', F8: '\x1b[19~', F9: '\x1b[20~', F10: '\x1b[21~', F11: '\x1b[23~', F12: '\x1b[24~',
};

export interface KeyModes { applicationCursorKeysMode: boolean }

/** Bytes for a key name, or null when the name is unknown. */
export function keyBytes(name: string, modes: KeyModes = { applicationCursorKeysMode: false }): string | null {
  if (CURSOR[name]) return (modes.applicationCursorKeysMode ? '\x1bO' : '\x1b[') + CURSOR[name];
  if (FIXED[name] !== undefined) return FIXED[name];
  // Modifiers may come in either order: C-M-x and M-C-x are the same key.
  const meta = /^((?:C-)?)M-(.+)$/.exec(name);
  if (meta) {
    const rest = keyBytes(meta[1] + meta[2], modes);
    return rest === null ? null : '\x1b' + rest;
  }
  const ctrl = /^C-(.+)$/.exec(name);
  if (ctrl) return controlByte(ctrl[1]);
  return [...name].length === 1 ? name : null;
}

function controlByte(key: string): string | null {
  if (key === 'Space' || key === '@' || key === ' ') return '\0';
  if (key.length !== 1) return null;
  const code = key.toUpperCase().charCodeAt(0);
  if (code >= 0x40 && code <= 0x5f) return String.fromCharCode(code & 0x1f);
  if (key === '?') return '\x7f';
  return null;
}

/** Rewrites normal/application cursor keys (CSI x / SS3 x) for the pane's mode. */
export function encodeCursorKey(seq: string, modes: KeyModes): string {
  const m = /^\x1b[[O]([ABCDHF])$/.exec(seq);
  if (!m) return seq;
  return (modes.applicationCursorKeysMode ? '\x1bO' : '\x1b[') + m[1];
}

/** Pasted text for a pane: bracketed when the program asked for it, and never able to end the bracket early. */
export function pasteBytes(text: string, modes: { bracketedPasteMode: boolean }): string {
  const clean = text.replace(/\x1b\[20[01]~/g, '');
  return modes.bracketedPasteMode ? `\x1b[200~${clean}\x1b[201~` : clean;
}
