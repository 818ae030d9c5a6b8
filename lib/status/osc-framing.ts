// Watches a pane's raw output for the framing of OSC 7501 sequences, which the emulator's OSC
// hook cannot see: which terminator ended each one (a query is answered with the same) and
// how many bytes the whole sequence took (over MAX_SEQUENCE_BYTES it is discarded).
// Mirrors the emulator's rules: ESC or C1 (U+009D) starts an OSC; BEL, ESC \ or C1 ST ends it;
// any other ESC ends it early (the body still counts); CAN and SUB abort it; other C0 controls
// inside are dropped from the body but counted.
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

const enum S { Ground, Esc, C2, Ident, Body, BodyEsc, BodyC2, Other, OtherEsc, OtherC2 }

const PREFIX = '7501;';

/** Position of `byte` from `from` on, or the length when there is none. */
function indexOr(data: Uint8Array, byte: number, from: number): number {
  const i = data.indexOf(byte, from);
  return i < 0 ? data.length : i;
}

export class OscFramingScanner {
  private state = S.Ground;
  private ident = '';
  private body: number[] = [];
  private bodyLength = 0;
  private length = 0;
  private readonly done: Pending[] = [];
  private chunk = 0;

  /**
   * Feeds raw pty bytes (in order, before the emulator sees them). Call the returned function
   * once the emulator has parsed them: framings that ended in them and were not taken by then
   * never will be (the emulator dropped bytes of their body, such as invalid UTF-8), and go.
   */
  scan(data: Uint8Array): () => void {
    const chunk = ++this.chunk;
    this.find(data);
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

  private find(data: Uint8Array): void {
    // Most output holds no OSC: in the ground state jump to the next byte that could start
    // one, remembering where each kind is next so no search covers the same bytes twice.
    let esc = -1, c2 = -1;
    for (let i = 0; i < data.length; i++) {
      if (this.state === S.Ground) {
        if (esc !== data.length && esc < i) esc = indexOr(data, 0x1b, i);
        if (c2 !== data.length && c2 < i) c2 = indexOr(data, 0xc2, i);
        i = Math.min(esc, c2);
        if (i === data.length) return;
      }
      this.step(data[i]);
    }
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

  private start(introducerBytes: number): void {
    this.state = S.Ident;
    this.ident = '';
    this.body = [];
    this.bodyLength = 0;
    this.length = introducerBytes;
  }


  private step(b: number): void {
    switch (this.state) {
      case S.Ground:
        if (b === 0x1b) this.state = S.Esc;
        else if (b === 0xc2) this.state = S.C2;
        return;
      case S.Esc:
        if (b === 0x5d) this.start(2);
        else this.state = b === 0x1b ? S.Esc : S.Ground;
        return;
      case S.C2:
        if (b === 0x9d) this.start(2);
        else this.state = b === 0x1b ? S.Esc : S.Ground;
        return;
      case S.Ident:
      case S.Body:
      case S.Other: {
        this.length++;
        if (b === 0x07) return this.end('bel');
        if (b === 0x18 || b === 0x1a) return this.abort();
        if (b === 0x1b) { this.state = this.state === S.Other ? S.OtherEsc : this.state === S.Ident ? S.OtherEsc : S.BodyEsc; return; }
        if (b === 0xc2) { this.state = this.state === S.Body ? S.BodyC2 : S.OtherC2; return; }
        if (b < 0x20) return;
        if (this.state === S.Ident) {
          this.ident += String.fromCharCode(b);
          if (!PREFIX.startsWith(this.ident)) this.state = S.Other;
          else if (this.ident === PREFIX) this.state = S.Body;
        } else if (this.state === S.Body) {
          this.push(b);
        }
        return;
      }
      case S.BodyEsc:
      case S.OtherEsc:
        this.length++;
        if (b === 0x5c) return this.end('st');
        // Any other ESC ends the string and starts a new sequence with this byte.
        this.length--;
        this.end('esc');
        this.state = S.Esc;
        this.step(b);
        return;
      case S.BodyC2:
      case S.OtherC2: {
        const inBody = this.state === S.BodyC2;
        if (b === 0x9c) {
          this.length++;
          return this.end('st');
        }
        this.state = inBody ? S.Body : S.Other;
        if (b >= 0x80 && b <= 0xbf) {
          this.length++;
          if (inBody) this.push(0xc2, b);
          return;
        }
        // A C2 not followed by a continuation byte is invalid UTF-8: the emulator drops it.
        this.step(b);
        return;
      }
    }
  }

  /** Ends the string; `length` already counts the terminator's bytes. */
  private end(terminator: Framing['terminator']): void {
    if (this.state === S.Body || this.state === S.BodyEsc || this.state === S.BodyC2) {
      // Entries wait only for output queued to the emulator (bounded by flow control).
      this.done.push({ body: Buffer.from(this.body), bodyLength: this.bodyLength, terminator, length: this.length, chunk: this.chunk });
    }
    this.body = [];
    this.state = S.Ground;
  }

  /** Keeps the first bytes of a body (enough to match it) and counts all of them. */
  private push(...bytes: number[]): void {
    this.bodyLength += bytes.length;
    if (this.body.length <= MAX_SEQUENCE_BYTES) this.body.push(...bytes);
  }

  private abort(): void {
    this.body = [];
    this.state = S.Ground;
  }
}
