// Keys from a client's terminal, decoded from whichever encoding it used (legacy bytes, Alt as
// an ESC prefix, kitty CSI u, xterm modifyOtherKeys `CSI 27;m;k~`) and encoded again in the
// one the pane asked for. Cursor and function keys keep their standard `CSI 1;m X` forms.

export const SHIFT = 1, ALT = 2, CTRL = 4;
const ENTER = 13, TAB = 9, BACKSPACE = 127, ESCAPE = 27;

/** A key press: a Unicode code point (or kitty's key number) and modifier bits (SHIFT|ALT|CTRL|...). */
export interface KeyEvent { code: number; mods: number }

export interface PaneKeyModes {
  applicationCursorKeysMode: boolean;
  /** kitty keyboard protocol flags (bit 1: disambiguate escape codes). */
  kittyFlags: number;
  /** xterm modifyOtherKeys level 0-2. */
  modifyOtherKeys: number;
}

/** kitty's numbers for keypad keys, and what they type in legacy mode. */
const KEYPAD: Record<number, string> = {
  57399: '0', 57400: '1', 57401: '2', 57402: '3', 57403: '4', 57404: '5', 57405: '6', 57406: '7',
  57407: '8', 57408: '9', 57409: '.', 57410: '/', 57411: '*', 57412: '-', 57413: '+', 57414: '\r', 57415: '=',
};
const PRIVATE_USE = [0xe000, 0xf8ff];

/** The key a sequence stands for, or null for sequences passed on as they are (cursor keys...). */
export function decodeKey(seq: string): KeyEvent | null {
  let m = /^\x1b\[(\d+)(?::[\d:]*)?(?:;(\d+)(?::(\d+))?)?u$/.exec(seq);
  if (m) {
    // A release or repeat report is not a press (thurm never asks for them, but a terminal may send them).
    if (m[3] && m[3] !== '1') return null;
    return { code: Number(m[1]), mods: modsOf(m[2]) };
  }
  m = /^\x1b\[27;(\d+);(\d+)~$/.exec(seq);
  if (m) return { code: Number(m[2]), mods: modsOf(m[1]) };
  if (seq === '\x1b[Z') return { code: TAB, mods: SHIFT };
  if (seq.length >= 2 && seq[0] === '\x1b' && seq[1] !== '[' && seq[1] !== 'O') {
    const rest = decodeKey(seq.slice(1));
    if (!rest) return null;
    // Alt+Shift+a arrives as ESC A: the key is a, shifted (as kitty reports it).
    const upper = rest.code >= 0x41 && rest.code <= 0x5a && !(rest.mods & CTRL);
    return { code: upper ? rest.code + 0x20 : rest.code, mods: rest.mods | ALT | (upper ? SHIFT : 0) };
  }
  const cp = seq.codePointAt(0);
  if (cp === undefined || String.fromCodePoint(cp) !== seq) return null;
  if (cp === ENTER || cp === TAB || cp === BACKSPACE || cp === ESCAPE) return { code: cp, mods: 0 };
  if (cp === 0) return { code: 32, mods: CTRL };
  if (cp < 0x20) return { code: cp + (cp <= 26 ? 0x60 : 0x40), mods: CTRL };
  return { code: cp, mods: 0 };
}

/** A wire modifier field ("1 + bits") as bits; caps and num lock are not modifiers of the key. */
function modsOf(field: string | undefined): number {
  return field ? Math.max(Number(field) - 1, 0) & 0b111111 : 0;
}

/** The bytes a legacy terminal sends for a key ('' when it has none). */
export function legacyBytes(k: KeyEvent): string {
  const mods = k.mods & (SHIFT | ALT | CTRL);
  let base: string;
  if (KEYPAD[k.code] !== undefined) base = KEYPAD[k.code];
  else if (k.code >= PRIVATE_USE[0] && k.code <= PRIVATE_USE[1]) return '';
  else if (k.code === ENTER) base = '\r';
  else if (k.code === TAB) base = mods & SHIFT ? '\x1b[Z' : '\t';
  else if (k.code === BACKSPACE) base = '\x7f';
  else if (k.code === ESCAPE) base = '\x1b';
  else if (k.code > 0x10ffff) return '';
  else base = mods & SHIFT ? String.fromCodePoint(k.code).toUpperCase() : String.fromCodePoint(k.code);
  if (mods & CTRL) base = controlOf(base);
  return mods & ALT ? `\x1b${base}` : base;
}

function controlOf(ch: string): string {
  if (ch === ' ' || ch === '@') return '\0';
  if (ch === '?') return '\x7f';
  const code = ch.toUpperCase().charCodeAt(0);
  return ch.length === 1 && code >= 0x40 && code <= 0x5f ? String.fromCharCode(code & 0x1f) : ch;
}

/** True when the legacy bytes drop a modifier: Shift+Enter and Enter both send CR. */
function lossy(k: KeyEvent): boolean {
  const bytes = legacyBytes(k);
  return [SHIFT, ALT, CTRL].some((bit) => k.mods & bit && legacyBytes({ code: k.code, mods: k.mods & ~bit }) === bytes);
}

const isText = (code: number) => code !== ENTER && code !== TAB && code !== BACKSPACE && code !== ESCAPE && KEYPAD[code] === undefined;

/** A key in the encoding the pane asked for: kitty CSI u, modifyOtherKeys, or legacy bytes. */
export function encodeKey(k: KeyEvent, modes: PaneKeyModes): string {
  const mods = k.mods & (SHIFT | ALT | CTRL);
  if (modes.kittyFlags & 1) {
    // Disambiguate: Escape and modified keys as CSI u, except shifted text, which is just text.
    const plain = mods === 0 || (mods === SHIFT && isText(k.code));
    if (k.code === ESCAPE || (!plain) || (KEYPAD[k.code] !== undefined)) {
      const field = k.mods & 0b111111;
      return `\x1b[${k.code}${field ? `;${field + 1}` : ''}u`;
    }
  } else if (modes.modifyOtherKeys > 0 && mods && !(mods === SHIFT && isText(k.code))) {
    if (modes.modifyOtherKeys >= 2 || lossy(k)) return `\x1b[27;${mods + 1};${k.code}~`;
  }
  return legacyBytes(k);
}

/** Rewrites normal/application cursor keys (CSI x / SS3 x) for the pane's mode. */
export function encodeCursorKey(seq: string, modes: { applicationCursorKeysMode: boolean }): string {
  const m = /^\x1b[[O]([ABCDHF])$/.exec(seq);
  if (!m) return seq;
  return (modes.applicationCursorKeysMode ? '\x1bO' : '\x1b[') + m[1];
}

/**
 * Re-encodes one input token from a client for a pane's modes. A key after an ESC (Alt as an
 * ESC prefix, or Escape and a key typed in one read) reaches a modifyOtherKeys pane as ESC and
 * the key, as tmux sends it: vim asks for modifyOtherKeys 2 and took `CSI 27;3;107~` for Alt+k,
 * losing the Escape of a quick `Esc k`. A kitty pane still gets one key with its Alt flag.
 */
export function encodeInput(seq: string, modes: PaneKeyModes): string {
  if (!(modes.kittyFlags & 1) && seq.length >= 2 && seq[0] === '\x1b' && seq[1] !== '[' && seq[1] !== 'O') return `\x1b${encodeInput(seq.slice(1), modes)}`;
  const key = decodeKey(seq);
  return key ? encodeKey(key, modes) : encodeCursorKey(seq, modes);
}

/**
 * Whether a token is a printable ASCII character, which encodeInput gives back as it is in every
 * mode (kitty's flags and modifyOtherKeys leave unmodified text alone): nearly every key typed,
 * passed on without decoding it (issue 24's echo).
 */
export function typesItself(seq: string): boolean {
  if (seq.length !== 1) return false;
  const c = seq.charCodeAt(0);
  return c >= 0x20 && c < 0x7f;
}

/** A token as legacy bytes, for prefix keys, bindings and copy mode (which speak legacy only). */
export function legacyInput(seq: string): string {
  if (!/^\x1b\[[\d;:]+[u~]$/.test(seq)) return seq;
  const key = decodeKey(seq);
  return key ? legacyBytes(key) : seq;
}
