// Splits a client's raw input into tokens (characters, escape sequences, SGR mouse events,
// bracketed pastes, the terminal's XTGETTCAP answers), keeping incomplete sequences for the
// next chunk. Parsed once, here.
import { StringDecoder } from 'node:string_decoder';

export type InputToken =
  | { kind: 'key'; seq: string }
  | { kind: 'paste'; text: string }
  | { kind: 'mouse'; button: number; x: number; y: number; release: boolean }
  /** An XTGETTCAP answer, `DCS 1 + r ... ST` (or `0 + r` for a name the terminal lacks), or an OSC 7501 feature answer. */
  | { kind: 'capability'; seq: string };

const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';
/** Longest CSI we wait for before treating the bytes as typed text. */
const MAX_CSI = 64;
/** Longest XTGETTCAP answer we wait for (names and values are hex, a few dozen bytes). */
const MAX_DCS = 512;
const DCS_ANSWER = '\x1bP1+r';
/**
 * A paste is handed on in parts of at most this much: a terminal that never sends the end
 * marker (or a huge paste) must not make the server hold all of it.
 */
const MAX_PASTE_HELD = 64 * 1024;

export class InputParser {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';
  private paste: string | null = null;

  /** Tokens complete so far; an incomplete tail waits for more input or flush(). */
  feed(chunk: Buffer | string): InputToken[] {
    this.pending += typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    const out: InputToken[] = [];
    let s = this.pending;
    let i = 0;
    while (i < s.length) {
      if (this.paste !== null) {
        const end = s.indexOf(PASTE_END, i);
        if (end < 0) {
          // Keep a possible partial end marker for the next chunk.
          const keep = partialSuffix(s.slice(i), PASTE_END);
          this.paste += s.slice(i, s.length - keep);
          i = s.length - keep;
          if (this.paste.length >= MAX_PASTE_HELD) {
            out.push({ kind: 'paste', text: this.paste });
            this.paste = '';
          }
          break;
        }
        out.push({ kind: 'paste', text: this.paste + s.slice(i, end) });
        this.paste = null;
        i = end + PASTE_END.length;
        continue;
      }
      const ch = s[i];
      if (ch !== '\x1b') {
        const cp = s.codePointAt(i)!;
        const len = cp > 0xffff ? 2 : 1;
        out.push({ kind: 'key', seq: s.slice(i, i + len) });
        i += len;
        continue;
      }
      const len = escapeLength(s, i);
      if (len === 0) break; // incomplete: wait
      const seq = s.slice(i, i + len);
      i += len;
      if (seq.length > 2 && (seq.startsWith('\x1bP') || seq.startsWith('\x1b]'))) {
        out.push({ kind: 'capability', seq });
        continue;
      }
      if (seq === PASTE_START) {
        this.paste = '';
        continue;
      }
      const mouse = /^\x1b\[<(\d+);(\d+);(\d+)([Mm])$/.exec(seq);
      if (mouse) {
        out.push({ kind: 'mouse', button: Number(mouse[1]), x: Number(mouse[2]) - 1, y: Number(mouse[3]) - 1, release: mouse[4] === 'm' });
        continue;
      }
      out.push({ kind: 'key', seq });
    }
    this.pending = s.slice(i);
    s = '';
    return out;
  }

  /** True when bytes wait for the rest of a sequence (a lone ESC, say). */
  get hasPending(): boolean {
    return this.pending.length > 0 && this.paste === null;
  }

  /** True inside a bracketed paste whose end marker has not come yet. */
  get pasting(): boolean {
    return this.paste !== null;
  }

  /**
   * Gives up on a paste's end marker (its terminal went quiet without one): the paste so far is
   * handed on, and what comes next is keys again, so the client is never stuck in a paste.
   */
  endPaste(): InputToken[] {
    if (this.paste === null) return [];
    const text = this.paste + this.pending;
    this.paste = null;
    this.pending = '';
    return text ? [{ kind: 'paste', text }] : [];
  }

  /** Gives up waiting: a lone ESC is the Escape key, a cut sequence is typed as it is. */
  flush(): InputToken[] {
    const s = this.pending;
    this.pending = '';
    if (!s) return [];
    if (s === '\x1b') return [{ kind: 'key', seq: s }];
    if (s.startsWith('\x1b') && s.length === 2) return [{ kind: 'key', seq: s }];
    return [...s].map((c) => ({ kind: 'key' as const, seq: c }));
  }
}

/** Length of the escape sequence at s[i], or 0 when more input is needed. */
function escapeLength(s: string, i: number): number {
  if (i + 1 >= s.length) return 0;
  const next = s[i + 1];
  if (next === '[') {
    for (let j = i + 2; j < s.length; j++) {
      const c = s.charCodeAt(j);
      if (c >= 0x40 && c <= 0x7e) return j - i + 1;
      if (c < 0x20 || j - i > MAX_CSI) return j - i; // malformed: hand over what we have
    }
    return 0;
  }
  if (next === 'O') return i + 2 < s.length ? 3 : 0;
  if (next === 'P') return dcsLength(s, i);
  if (next === ']') return statusAnswerLength(s, i);
  if (next === '\x1b') return 1; // ESC ESC: the first is a plain Escape
  const cp = s.codePointAt(i + 1)!;
  return cp > 0xffff ? 3 : 2; // Meta + key
}

/**
 * Length of an XTGETTCAP answer at s[i] (through its ST), 0 while it may still be one, or 2
 * for Meta+P: only `ESC P 0|1 + r` starts an answer, so Alt+Shift+P is not held back.
 */
function dcsLength(s: string, i: number): number {
  for (let j = 2; j < 5; j++) {
    if (i + j >= s.length) return 0;
    const c = s[i + j];
    if (j === 2 ? c !== '0' && c !== '1' : c !== DCS_ANSWER[j]) return 2;
  }
  const end = s.indexOf('\x1b\\', i + 5);
  if (end >= 0 && end - i <= MAX_DCS) return end - i + 2;
  // A cut-off or endless answer is typed as it is rather than held forever.
  return s.length - i > MAX_DCS ? 2 : 0;
}

const STATUS_ANSWER = '\x1b]7501;?:';
const MAX_OSC = 256;

/**
 * Length of an OSC 7501 feature answer at s[i] (through BEL or ST), 0 while it may still be
 * one, or 2 for Meta+]: only `ESC ] 7501 ; ? :` starts an answer.
 */
function statusAnswerLength(s: string, i: number): number {
  for (let j = 2; j < STATUS_ANSWER.length; j++) {
    if (i + j >= s.length) return 0;
    if (s[i + j] !== STATUS_ANSWER[j]) return 2;
  }
  for (let j = i + STATUS_ANSWER.length; j < s.length && j - i <= MAX_OSC; j++) {
    if (s[j] === '\x07') return j - i + 1;
    if (s[j] === '\x1b') return s[j + 1] === '\\' ? j - i + 2 : j + 1 < s.length ? j - i : 0;
  }
  return s.length - i > MAX_OSC ? 2 : 0;
}

function partialSuffix(s: string, marker: string): number {
  for (let n = Math.min(marker.length - 1, s.length); n > 0; n--) {
    if (marker.startsWith(s.slice(s.length - n))) return n;
  }
  return 0;
}

/** A token's key name as tmux spells it (Up, C-Up, M-x, C-b, %), for bindings. */
export function keyName(seq: string): string {
  const cursor: Record<string, string> = { A: 'Up', B: 'Down', C: 'Right', D: 'Left', H: 'Home', F: 'End' };
  let m = /^\x1b[[O]([ABCDHF])$/.exec(seq);
  if (m) return cursor[m[1]];
  m = /^\x1b\[1;(\d)([ABCDHF])$/.exec(seq);
  if (m) {
    const mod = Number(m[1]) - 1;
    return `${mod & 4 ? 'C-' : ''}${mod & 2 ? 'M-' : ''}${mod & 1 ? 'S-' : ''}${cursor[m[2]]}`;
  }
  const tilde: Record<string, string> = { 2: 'Insert', 3: 'Delete', 5: 'PageUp', 6: 'PageDown' };
  m = /^\x1b\[([2356])~$/.exec(seq);
  if (m) return tilde[m[1]];
  if (seq === '\x1b') return 'Escape';
  if (seq === '\r') return 'Enter';
  if (seq === '\t') return 'Tab';
  if (seq === '\x7f') return 'BSpace';
  if (seq === ' ') return 'Space';
  if (seq.length === 1 && seq.charCodeAt(0) < 0x20) {
    const code = seq.charCodeAt(0);
    if (code === 0) return 'C-Space';
    const key = String.fromCharCode(code + 0x40);
    return `C-${code <= 26 ? key.toLowerCase() : key}`;
  }
  if (seq.length >= 2 && seq[0] === '\x1b' && seq[1] !== '[' && seq[1] !== 'O') return `M-${keyName(seq.slice(1))}`;
  return seq;
}

/** A lone ESC (or a cut sequence) still pending after this long is typed as it is. */
const ESCAPE_WAIT_MS = 25;
/** A paste whose terminal goes quiet this long without its end marker is over. */
const PASTE_WAIT_MS = 2000;

/**
 * Parses a client's input as it comes, and gives up on what stays pending (an escape, a paste)
 * once it goes quiet. Each token is `token`'s: bytes for the focused pane, or null when thurm
 * took it; bytes in a row are typed together, before what thurm took next has effect.
 */
export class InputFeed {
  private readonly parser = new InputParser();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly token: (t: InputToken) => string | null, private readonly type: (bytes: string) => void) {}

  private tokens(tokens: InputToken[]): void {
    let typed = '';
    const flush = () => {
      if (typed) this.type(typed);
      typed = '';
    };
    for (const t of tokens) {
      const forward = this.token(t);
      if (forward === null) flush();
      else typed += forward;
    }
    flush();
  }

  feed(data: Buffer): void {
    this.tokens(this.parser.feed(data));
    if (this.timer) clearTimeout(this.timer);
    this.timer = this.parser.pasting
      ? setTimeout(() => { this.timer = null; this.tokens(this.parser.endPaste()); }, PASTE_WAIT_MS)
      : this.parser.hasPending
        ? setTimeout(() => { this.timer = null; this.tokens(this.parser.flush()); }, ESCAPE_WAIT_MS)
        : null;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}
