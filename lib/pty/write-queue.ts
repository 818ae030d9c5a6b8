// What waits to be written to one pty, bounded. The kernel takes bytes only as fast as the
// program reads them; past a limit a write is dropped instead of queued: emulator replies past
// REPLY_LIMIT (a program that does not read its input cannot be waiting for them; `yes` of DSR
// queries grew this queue to 5 GB), typed input past INPUT_LIMIT.

export type WriteKind = 'input' | 'reply';

export const REPLY_LIMIT = 64 * 1024;
export const INPUT_LIMIT = 16 * 1024 * 1024;
/** Retries after the kernel refused bytes back off to this, so a stuck pane costs little. */
const MAX_RETRY_MS = 50;

/** Writes what the kernel takes now and returns how many bytes that was; throws EAGAIN if none. */
export type WriteSome = (data: Buffer) => number;

export class WriteQueue {
  private readonly chunks: { data: Buffer; kind: WriteKind }[] = [];
  private readonly queued: Record<WriteKind, number> = { input: 0, reply: 0 };
  private timer: NodeJS.Timeout | null = null;
  private retryMs = 1;
  private closed = false;

  constructor(
    private readonly writeSome: WriteSome,
    private readonly dropped: (kind: WriteKind, bytes: number) => void = () => {},
  ) {}

  /** Queues `data` behind what waits and writes what it can; false when it was dropped. */
  write(data: string | Buffer, kind: WriteKind): boolean {
    if (this.closed) return false;
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    if (buf.length === 0) return true;
    if (this.queued[kind] + buf.length > (kind === 'reply' ? REPLY_LIMIT : INPUT_LIMIT)) {
      this.dropped(kind, buf.length);
      return false;
    }
    this.chunks.push({ data: buf, kind });
    this.queued[kind] += buf.length;
    if (!this.timer) this.flush();
    return true;
  }

  /** Bytes waiting for the program to read, of either kind. */
  get backlog(): number {
    return this.queued.input + this.queued.reply;
  }

  /** The pty is gone: nothing queued can arrive, and nothing may be written to its fd again. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.chunks.length = 0;
    this.queued.input = this.queued.reply = 0;
  }

  private flush(): void {
    this.timer = null;
    while (this.chunks.length > 0) {
      const head = this.chunks[0];
      let written: number;
      try {
        written = this.writeSome(head.data);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EAGAIN') return this.retry(false);
        // EIO, EBADF: the program and its terminal are gone.
        return this.close();
      }
      this.queued[head.kind] -= written;
      if (written < head.data.length) {
        head.data = head.data.subarray(written);
        return this.retry(written > 0);
      }
      this.chunks.shift();
    }
    this.retryMs = 1;
  }

  private retry(progressed: boolean): void {
    this.retryMs = progressed ? 1 : Math.min(this.retryMs * 2, MAX_RETRY_MS);
    this.timer = setTimeout(() => this.flush(), this.retryMs);
  }
}
