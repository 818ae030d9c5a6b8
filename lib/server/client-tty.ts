// A client's terminal, opened by the server itself: the client names its tty and that tty's
// identity (device and inode, from fstat), the server opens the path again and checks it is the
// same terminal, then reads keys from it and writes frames to it on its own file description, as
// libuv opens every tty again by name and as tmux's server does where it cannot be passed the fd.
// The client keeps only its signals (resize, suspend, hangup), and echo skips two hops through
// it. Whenever the open or the check fails (another user after `su`, another mount namespace, no
// such path), the client relays as before: this is a speed-up, never a requirement.
import fs from 'node:fs';
import tty from 'node:tty';
import { pauseReading } from '../pty/reading.js';

/** What a client says of its terminal (`attach` request, field `tty`). */
export interface TtyIdentity { path: string; dev: number; ino: number; rdev: number }

/** How long a closing client's last bytes may take to reach its terminal. */
const FLUSH_MS = 1000;

export class ClientTty {
  private closed = false;

  private constructor(private readonly io: tty.ReadStream) {
    io.on('error', () => this.destroy());
  }

  /** The client's terminal, opened and checked; null when it cannot be (the client then relays). */
  static open(id: TtyIdentity): ClientTty | null {
    // A pseudo-terminal's side that programs use (ssh's, a terminal window's, tmux's): libuv can
    // open those again by name, in non-blocking mode, so a stalled terminal never blocks the server.
    if (!/^\/dev\/pts\/\d+$/.test(id.path)) return null;
    let fd: number;
    try {
      fd = fs.openSync(id.path, fs.constants.O_RDWR | fs.constants.O_NOCTTY | fs.constants.O_NONBLOCK);
    } catch {
      return null;
    }
    let io: tty.ReadStream;
    try {
      const st = fs.fstatSync(fd);
      if (!st.isCharacterDevice() || !tty.isatty(fd) || st.dev !== id.dev || st.ino !== id.ino || st.rdev !== id.rdev) throw new Error('another terminal');
      io = new tty.ReadStream(fd);
    } catch {
      fs.closeSync(fd);
      return null;
    }
    // Opened again by libuv: ours is spare. Not opened again: its writes would block; relay instead.
    if ((io as unknown as { _handle?: { fd?: number } })._handle?.fd === fd) {
      io.destroy();
      return null;
    }
    fs.closeSync(fd);
    return new ClientTty(io);
  }

  /** Keys (and the terminal's replies) as they are read; `hangup` once the terminal is gone. */
  read(input: (data: Buffer) => void, hangup: () => void): void {
    this.io.on('data', (d: Buffer | string) => input(typeof d === 'string' ? Buffer.from(d) : d));
    this.io.once('end', hangup);
    this.io.once('close', hangup);
  }

  /** Bytes waiting to reach the terminal (a terminal that stops reading leaves them here). */
  get queued(): number {
    return this.io.writableLength;
  }

  write(data: string, done?: () => void): void {
    if (this.closed) return void done?.();
    this.io.write(data, () => done?.());
  }

  /** Stops reading keys at once: the terminal is the shell's while the client is suspended (its `fg` too). */
  pause(): void {
    pauseReading(this.io);
  }

  resume(): void {
    if (!this.closed) this.io.resume();
  }

  /** Lets what was written reach the terminal (within FLUSH_MS), then closes it. */
  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    // Keys typed from now on are the shell's (after a detach) or the next server's.
    this.pause();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(finish, FLUSH_MS);
      function finish() {
        clearTimeout(timer);
        resolve();
      }
      this.io.write('', finish);
    }).then(() => this.destroy());
  }

  destroy(): void {
    if (this.closed) return;
    this.closed = true;
    this.io.destroy();
  }
}
