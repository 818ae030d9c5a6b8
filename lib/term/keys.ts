// Key names (as tmux spells them: Enter, C-c, M-x, S-Enter, C-F5, Up...) to the bytes a
// terminal sends, encoded for the pane's modes (key-encoding.ts).
import { ALT, CTRL, SHIFT, encodeKey, type PaneKeyModes } from './key-encoding.js';

export { encodeCursorKey } from './key-encoding.js';

const CURSOR: Record<string, string> = { Up: 'A', Down: 'B', Right: 'C', Left: 'D', Home: 'H', End: 'F' };
const FIXED: Record<string, string> = {
  Enter: '\r', Tab: '\t', BTab: '\x1b[Z', Escape: '\x1b', Space: ' ', BSpace: '\x7f',
  Insert: '\x1b[2~', IC: '\x1b[2~', Delete: '\x1b[3~', DC: '\x1b[3~',
  PageUp: '\x1b[5~', PPage: '\x1b[5~', PageDown: '\x1b[6~', NPage: '\x1b[6~',
  F1: '\x1bOP', F2: '\x1bOQ', F3: '\x1bOR', F4: '\x1bOS', F5: '\x1b[15~', F6: '\x1b[17~',
  F7: '\x1b[18~', F8: '\x1b[19~', F9: '\x1b[20~', F10: '\x1b[21~', F11: '\x1b[23~', F12: '\x1b[24~',
};

/** Keys whose modified forms are `CSI n ; m ~` or `CSI 1 ; m X` (xterm's PC-style function keys). */
const TILDE: Record<string, string> = {
  Insert: '2', IC: '2', Delete: '3', DC: '3', PageUp: '5', PPage: '5', PageDown: '6', NPage: '6',
  F5: '15', F6: '17', F7: '18', F8: '19', F9: '20', F10: '21', F11: '23', F12: '24',
};
const FINAL: Record<string, string> = { ...CURSOR, F1: 'P', F2: 'Q', F3: 'R', F4: 'S' };
const CODES: Record<string, number> = { Enter: 13, Tab: 9, BSpace: 127, Escape: 27, Space: 32 };

export type KeyModes = Partial<PaneKeyModes> & { applicationCursorKeysMode: boolean };

/** Bytes for a key name, or null when the name is unknown. */
export function keyBytes(name: string, modes: KeyModes = { applicationCursorKeysMode: false }): string | null {
  const mod = /^((?:[CMS]-)+)(.+)$/.exec(name);
  if (mod && (/S-/.test(mod[1]) || CODES[mod[2]] !== undefined || TILDE[mod[2]] || FINAL[mod[2]])) {
    return modifiedKey(mod[1], mod[2], modes);
  }
  return plainKey(name, modes);
}

/** A key with modifiers held, as xterm sends it, or as the pane's keyboard modes ask. */
function modifiedKey(prefix: string, key: string, modes: KeyModes): string | null {
  const mods = (prefix.includes('S-') ? SHIFT : 0) | (prefix.includes('M-') ? ALT : 0) | (prefix.includes('C-') ? CTRL : 0);
  // Alt alone on cursor and function keys stays an ESC prefix, as it always was here.
  if (mods === ALT && (TILDE[key] || FINAL[key])) {
    const rest = plainKey(key, modes);
    return rest === null ? null : `\x1b${rest}`;
  }
  if (TILDE[key]) return `\x1b[${TILDE[key]};${mods + 1}~`;
  if (FINAL[key]) return `\x1b[1;${mods + 1}${FINAL[key]}`;
  const code = CODES[key] ?? ([...key].length === 1 ? key.codePointAt(0)! : null);
  if (code === null) return null;
  return encodeKey({ code, mods }, { kittyFlags: 0, modifyOtherKeys: 0, ...modes });
}

function plainKey(name: string, modes: KeyModes): string | null {
  if (CURSOR[name]) return (modes.applicationCursorKeysMode ? '\x1bO' : '\x1b[') + CURSOR[name];
  if (FIXED[name] !== undefined) return FIXED[name];
  // Modifiers may come in either order: C-M-x and M-C-x are the same key.
  const meta = /^((?:C-)?)M-(.+)$/.exec(name);
  if (meta) {
    const rest = plainKey(meta[1] + meta[2], modes);
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

/** Pasted text for a pane: bracketed when the program asked for it, and never able to end the bracket early. */
export function pasteBytes(text: string, modes: { bracketedPasteMode: boolean }): string {
  const clean = withoutPasteMarkers(text);
  return modes.bracketedPasteMode ? `\x1b[200~${clean}\x1b[201~` : clean;
}

const MARKERS = ['\x1b[200~', '\x1b[201~'];

/**
 * Text without paste markers, not even ones that removing others puts together (one pass of
 * a replace leaves `ESC[20` + `ESC[201~` + `1~` as an end marker). In one pass: a marker can
 * only end at a `~` just added, so it is dropped there.
 */
function withoutPasteMarkers(text: string): string {
  if (!text.includes('\x1b[20')) return text;
  const out: string[] = [];
  for (const ch of text) {
    out.push(ch);
    if (ch === '~' && out.length >= 6 && MARKERS.includes(out.slice(-6).join(''))) out.length -= 6;
  }
  return out.join('');
}
