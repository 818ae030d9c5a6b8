// thurm's paste buffers, as tmux's: text copied in copy mode (or set by a script), newest
// first. Bounded in count and in bytes, so copying never grows the server without limit.

export const MAX_BUFFERS = 50;
/** The most one buffer may hold; a larger selection is cut to it. */
export const MAX_BUFFER_BYTES = 1024 * 1024;
/** The most all buffers may hold together; the oldest go first. */
export const MAX_TOTAL_BYTES = 16 * 1024 * 1024;

export interface PasteBuffer {
  /** Stable name: `buffer0`, `buffer1`... in creation order, as tmux names them. */
  name: string;
  text: string;
  createdAt: number;
}

export class PasteBuffers {
  private readonly buffers: PasteBuffer[] = [];
  private created = 0;
  private bytes = 0;

  /**
   * Adds a buffer as the newest; returns it (its text cut to MAX_BUFFER_BYTES). A buffer of the
   * name given is replaced, as tmux's `set-buffer -b NAME` does; without one it is `bufferN`.
   */
  add(text: string, now = Date.now(), name?: string): PasteBuffer {
    if (name !== undefined) this.delete(name);
    const cut = Buffer.byteLength(text) > MAX_BUFFER_BYTES ? cutToBytes(text, MAX_BUFFER_BYTES) : text;
    const buffer = { name: name ?? `buffer${this.created++}`, text: cut, createdAt: now };
    this.buffers.unshift(buffer);
    this.bytes += Buffer.byteLength(cut);
    while (this.buffers.length > MAX_BUFFERS || this.bytes > MAX_TOTAL_BYTES) {
      this.bytes -= Buffer.byteLength(this.buffers.pop()!.text);
    }
    return buffer;
  }

  /** `text` added to the end of the buffer named (or the newest), as the newest; a new one when there is none. */
  append(text: string, name?: string, now = Date.now()): PasteBuffer {
    const to = this.get(name);
    return to ? this.add(to.text + text, now, to.name) : this.add(text, now, name);
  }

  /** Removes the buffer named, or the newest; false when there is none. */
  delete(name?: string): boolean {
    const buffer = this.get(name);
    if (!buffer) return false;
    this.buffers.splice(this.buffers.indexOf(buffer), 1);
    this.bytes -= Buffer.byteLength(buffer.text);
    return true;
  }

  /** The buffer named (or the newest) is named `to` now, and a buffer that had that name is gone, as tmux's `set-buffer -n`; null when there is none. */
  rename(name: string | undefined, to: string): PasteBuffer | null {
    const buffer = this.get(name);
    if (!buffer || buffer.name === to) return buffer;
    const other = this.get(to);
    if (other) this.delete(to);
    buffer.name = to;
    return buffer;
  }

  /** The newest buffer, or the one named; null when there is none. */
  get(name?: string): PasteBuffer | null {
    if (name === undefined) return this.buffers[0] ?? null;
    return this.buffers.find((b) => b.name === name) ?? null;
  }

  list(): readonly PasteBuffer[] {
    return this.buffers;
  }

  /** The buffers and the next name's number, for the server that replaces this one. */
  handover(): { buffers: PasteBuffer[]; created: number } {
    return { buffers: this.buffers.map((b) => ({ ...b })), created: this.created };
  }

  adopt(s: { buffers: PasteBuffer[]; created: number }): void {
    for (const b of [...s.buffers].reverse()) this.add(b.text, b.createdAt);
    // Names stay as they were: buffer names are how scripts refer to them.
    this.buffers.forEach((b, i) => { b.name = s.buffers[i]?.name ?? b.name; });
    this.created = Math.max(this.created, s.created);
  }
}

/** The longest prefix of `text` that fits in `max` UTF-8 bytes, never splitting a character. */
function cutToBytes(text: string, max: number): string {
  let bytes = 0, end = 0;
  for (const ch of text) {
    const n = Buffer.byteLength(ch);
    if (bytes + n > max) break;
    bytes += n;
    end += ch.length;
  }
  return text.slice(0, end);
}
