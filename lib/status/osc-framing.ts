// Watches a pane's raw output for the framing of OSC 7501 sequences, which the emulator's OSC
// hook cannot see: which terminator ended each one (a query is answered with the same) and
// how many bytes the whole sequence took (over MAX_SEQUENCE_BYTES it is discarded).
// It follows @xterm/headless 6 on the same chunks, so that every body the hook is handed has
// its framing (spec/hardening/osc-framing.spec.ts feeds both the same bytes):
// - UTF-8 is decoded as xterm's Utf8ToUtf32 does it, in the pieces xterm parses (each chunk,
//   cut every 128 KiB): invalid bytes, overlong forms, surrogates and the BOM are dropped from
//   the body but counted, and a character cut between chunks is finished as xterm finishes it,
//   quirks included (a continuation byte 0x80 it kept is taken for a missing one).
// - ESC ] or C1 OSC (U+009D) starts an OSC in any state (also after an ESC that C0 controls
//   follow: an ESC ignores them); `0*7501;` is ours, and so is `0*7501` ended without a `;`.
// - BEL, ESC \ or C1 ST ends it; any other ESC ends it early (the body still counts); CAN and
//   SUB abort it; any other C1 control abandons it (U+009D starts the next one); other C0
//   controls are dropped from the body but counted.
import { MAX_SEQUENCE_BYTES } from './osc7501.js';

export interface Framing {
  /** The body after `7501;`, as the emulator hands it over (its first bytes when long). */
  body: Buffer;
  bodyLength: number;
  terminator: 'bel' | 'st' | 'esc';
  /** Bytes from the OSC introducer to the end of the terminator. */
  length: number;
}

/** A framing waiting for the emulator's hook, with the scanned chunk it ended in. */
interface Pending extends Framing { chunk: number }

const enum S { Ground, Esc, Ident, Body, Other }

/** xterm parses (and decodes) a longer write in pieces of this size. */
const PIECE = 131072;
/** The decoder dropped the bytes it read, or ran out of them inside a character. */
const DROP = -1, CUT = -2;
const IDENT = '7501';

/** The number of continuation bytes a UTF-8 lead byte wants (0: not a lead). */
function wanted(b: number): number {
  return (b & 0xe0) === 0xc0 ? 1 : (b & 0xf0) === 0xe0 ? 2 : (b & 0xf8) === 0xf0 ? 3 : 0;
}

/** Whether xterm drops a decoded character of `n` bytes with code point `cp`. */
function dropped(n: number, cp: number): boolean {
  if (n === 2) return cp < 0x80;
  if (n === 3) return cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff) || cp === 0xfeff;
  return cp < 0x10000 || cp > 0x10ffff;
}

export class OscFramingScanner {
  private state = S.Ground;
  /** How much of `0*7501` the identifier matched (4: all of it; -1: another number). */
  private ident = 0;
  private body: number[] = [];
  private bodyLength = 0;
  private length = 0;
  private readonly done: Pending[] = [];
  private chunk = 0;
  /** Bytes of a character the previous piece cut, as xterm keeps them (zero-filled). */
  private readonly interim = new Uint8Array(3);
  /** Where the character decode() or resume() just read ends. */
  private at = 0;
  /** One of ours that an ESC ended, queued as ST until the next character says otherwise. */
  private cut: Pending | null = null;

  /**
   * Feeds raw pty bytes (in order, before the emulator sees them). Call the returned function
   * once the emulator has parsed them: framings that ended in them and were not taken by then
   * never will be (the emulator dropped them, say for a body over its 10 MB), and go.
   */
  scan(data: Uint8Array): () => void {
    const chunk = ++this.chunk;
    for (let from = 0; from < data.length; from += PIECE) this.find(data.subarray(from, from + PIECE));
    return () => {
      let n = 0;
      while (n < this.done.length && this.done[n].chunk <= chunk) n++;
      this.done.splice(0, n);
    };
  }

  /** Framings waiting for the emulator's hook. */
  get pending(): number {
    return this.done.length;
  }

  /**
   * The framing of the next finished OSC 7501 whose body is `body`. The emulator hands bodies
   * over in the order they were scanned, so earlier unmatched entries are dropped; when none
   * matches, the queue stays as it is.
   */
  take(body: string): Framing | null {
    const bytes = Buffer.from(body, 'utf8');
    const i = this.done.findIndex((f) => f.bodyLength === bytes.length && f.body.equals(bytes.subarray(0, f.body.length)));
    if (i < 0) return null;
    const { chunk: _, ...framing } = this.done.splice(0, i + 1)[i];
    return framing;
  }

  private get inOsc(): boolean {
    return this.state === S.Ident || this.state === S.Body || this.state === S.Other;
  }

  private find(data: Uint8Array): void {
    let i = 0;
    if (this.interim[0]) {
      const cp = this.resume(data);
      if (this.inOsc) this.length += this.at;
      if (cp === CUT) return;
      i = this.at;
      if (cp >= 0) this.step(cp);
    }
    // Most output holds no OSC: in the ground state jump to the next byte that could start one
    // (ESC, or C2 of U+009D; both always start a character), remembering where each kind is
    // next so no search covers the same bytes twice.
    let esc = -1, c2 = -1;
    while (i < data.length) {
      if (this.state === S.Ground) {
        const from = i;
        if (esc !== data.length && esc < i) esc = data.indexOf(0x1b, i);
        if (esc < 0) esc = data.length;
        if (c2 !== data.length && c2 < i) c2 = data.indexOf(0xc2, i);
        if (c2 < 0) c2 = data.length;
        i = Math.min(esc, c2);
        if (i === data.length) return this.keepTail(data, from);
      }
      // ESC then a printable that is not `]` (CSI, SGR...) is the usual case: back to ground.
      const b = data[i];
      if (this.state === S.Esc && !this.cut && b >= 0x20 && b < 0x7f && b !== 0x5d) {
        this.state = S.Ground;
        i++;
        continue;
      }
      const from = i;
      const cp = this.decode(data, i);
      i = this.at;
      if (this.inOsc) this.length += i - from;
      if (cp >= 0) this.step(cp);
    }
  }

  /** xterm's decoder, one character: the code point at data[i], DROP or CUT; `at` is set past it. */
  private decode(data: Uint8Array, i: number): number {
    const lead = i;
    const b = data[i++];
    this.at = i;
    if (b < 0x80) return b;
    const n = wanted(b);
    if (!n) return DROP;
    let cp = b & (0x3f >> n);
    for (let k = 0; k < n; k++) {
      if (i >= data.length) {
        this.interim.fill(0);
        this.interim.set(data.subarray(lead));
        this.at = data.length;
        return CUT;
      }
      const c = data[i++];
      // A byte that does not continue the character is read again on its own.
      if ((c & 0xc0) !== 0x80) {
        this.at = i - 1;
        return DROP;
      }
      cp = (cp << 6) | (c & 0x3f);
    }
    this.at = i;
    if (!dropped(n + 1, cp)) return cp;
    // A two-byte overlong form: xterm reads its second byte again, and drops it then.
    if (n === 1) this.at = i - 1;
    return DROP;
  }

  /**
   * Finishes the character the previous piece cut, as xterm's decoder does at the start of a
   * piece (it counts the bytes it kept up to the first one whose low six bits are zero).
   */
  private resume(data: Uint8Array): number {
    const kept = this.interim;
    const n = wanted(kept[0]) + 1;
    let cp = kept[0] & (0x7f >> n);
    let pos = 0;
    let bits: number;
    while ((bits = kept[++pos] & 0x3f) && pos < 4) cp = (cp << 6) | bits;
    const missing = n - pos;
    let i = 0;
    let broken = false;
    while (i < missing) {
      if (i >= data.length) {
        this.at = data.length;
        return CUT;
      }
      const c = data[i++];
      if ((c & 0xc0) !== 0x80) {
        i--;
        broken = true;
        break;
      }
      kept[pos++] = c;
      cp = (cp << 6) | (c & 0x3f);
    }
    kept.fill(0);
    let out = DROP;
    if (!broken) {
      if (!dropped(n, cp)) out = cp;
      else if (n === 2) i--;
    }
    this.at = i;
    return out;
  }

  /** The ground state skipped to the end of a piece: keeps a character cut there for the next. */
  private keepTail(data: Uint8Array, from: number): void {
    for (let p = data.length - 1; p >= Math.max(from, data.length - 3); p--) {
      if ((data[p] & 0xc0) === 0x80) continue;
      if (wanted(data[p]) > data.length - 1 - p) {
        this.interim.fill(0);
        this.interim.set(data.subarray(p));
      }
      return;
    }
  }

  private start(): void {
    this.state = S.Ident;
    this.ident = 0;
    this.body = [];
    this.bodyLength = 0;
    this.length = 2;
  }

  /** One decoded character, through the emulator's parser states that matter to OSC. */
  private step(cp: number): void {
    if (this.cut) {
      if (cp !== 0x5c) {
        this.cut.terminator = 'esc';
        this.cut.length--;
      }
      this.cut = null;
    }
    if (cp === 0x1b) {
      if (this.inOsc) this.end('esc');
      this.state = S.Esc;
      return;
    }
    if (cp === 0x9d) return this.start();
    if (cp === 0x18 || cp === 0x1a || (cp >= 0x80 && cp < 0xa0)) {
      if (cp === 0x9c && this.inOsc) this.end('st');
      this.state = S.Ground;
      return;
    }
    switch (this.state) {
      case S.Ground:
        return;
      case S.Esc:
        if (cp === 0x5d) this.start();
        else if (cp >= 0x20 && cp !== 0x7f) this.state = S.Ground;
        return;
      default:
        if (cp === 0x07) return this.end('bel');
        if (cp < 0x20) return;
        if (this.state === S.Ident) this.identify(cp);
        else if (this.state === S.Body) this.push(cp);
    }
  }

  /** A character of the OSC identifier: digits up to `;`, anything else aborts the OSC. */
  private identify(cp: number): void {
    if (cp === 0x3b) {
      this.state = this.ident === IDENT.length ? S.Body : S.Other;
    } else if (cp < 0x30 || cp > 0x39) {
      this.state = S.Other;
    } else if (this.ident >= 0 && !(this.ident === 0 && cp === 0x30)) {
      this.ident = IDENT.charCodeAt(this.ident) === cp ? this.ident + 1 : -1;
    }
  }

  /** Ends the OSC; `length` already counts the terminator's bytes (for ESC, all but the `\`). */
  private end(terminator: Framing['terminator']): void {
    const ours = this.state === S.Body || (this.state === S.Ident && this.ident === IDENT.length);
    this.state = S.Ground;
    if (!ours) return;
    // The hook gets the body at the ESC already: queue it as ST, which the next byte may undo.
    const esc = terminator === 'esc';
    const f: Pending = { body: Buffer.from(this.body), bodyLength: this.bodyLength, terminator: esc ? 'st' : terminator, length: this.length + (esc ? 1 : 0), chunk: this.chunk };
    // Entries wait only for output queued to the emulator (bounded by flow control).
    this.done.push(f);
    if (esc) this.cut = f;
    this.body = [];
  }

  /** Keeps the first bytes of a body (enough to match it) and counts all of them. */
  private push(cp: number): void {
    const n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    this.bodyLength += n;
    if (this.body.length > MAX_SEQUENCE_BYTES) return;
    if (n === 1) this.body.push(cp);
    else if (n === 2) this.body.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (n === 3) this.body.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else this.body.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
  }
}
