// One server keeps a session file at a time. Two servers of the same session name can run when
// their socket folders differ (another XDG_RUNTIME_DIR, a -S path) while their state folder is
// the same: each save of one replaced the other's session on disk, and a restore started a
// second copy of the agents still running in the first. The claim is an abstract Unix socket
// named after the file, as the server's own lock is: the kernel lets go of it when its holder
// dies, even by SIGKILL, so a claim never outlives its server. A connection to it is answered
// with who holds it.
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { ThurmError } from '../errors.js';

/** Who keeps a session file: the server's pid and the socket it serves. */
export interface Keeper { pid: number; socket: string }

const ASK_MS = 1000;

function claimName(file: string): string {
  const digest = crypto.createHash('sha256').update(path.resolve(file)).digest('hex').slice(0, 32);
  return `\0thurm-${process.getuid?.()}-file-${digest}`;
}

/** Asks the holder of `file`'s claim who it is (null: nobody holds it, or it did not say). */
function askKeeper(file: string): Promise<Keeper | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ path: claimName(file) });
    let text = '';
    const done = (k: Keeper | null) => { socket.destroy(); resolve(k); };
    socket.setTimeout(ASK_MS, () => done(null));
    socket.on('data', (d) => { text += d.toString('utf8'); });
    socket.on('error', () => done(null));
    socket.on('end', () => {
      try {
        const k = JSON.parse(text) as Keeper;
        done(Number.isInteger(k.pid) && typeof k.socket === 'string' ? { pid: k.pid, socket: k.socket } : null);
      } catch {
        done(null);
      }
    });
  });
}

export class FileClaim {
  private constructor(readonly file: string, private readonly server: net.Server) {}

  /** Takes the claim of `file` for this server (serving `socket`), or says who holds it. */
  static async take(file: string, socket: string): Promise<FileClaim | Keeper> {
    for (let tries = 0; ; tries++) {
      const server = net.createServer((c) => c.end(JSON.stringify({ pid: process.pid, socket })));
      const taken = await new Promise<boolean>((resolve, reject) => {
        server.once('error', (err: NodeJS.ErrnoException) => (err.code === 'EADDRINUSE' ? resolve(false) : reject(err)));
        server.listen({ path: claimName(file) }, () => resolve(true));
      });
      if (taken) return new FileClaim(path.resolve(file), server);
      const keeper = await askKeeper(file);
      // Gone between the two steps: try again.
      if (keeper || tries >= 3) return keeper ?? { pid: 0, socket: 'unknown' };
    }
  }

  release(): void {
    this.server.close();
  }
}

/** The error for a session file another server keeps, for a save or a restore. */
export function keptElsewhere(file: string, k: Keeper, what: 'not saved' | 'restore'): ThurmError {
  const rename = what === 'not saved' ? ', or give this session another name (thurm rename-session NAME)' : '';
  return new ThurmError('SESSION_EXISTS', `${what}: ${file} is kept by another server of this session (pid ${k.pid}, socket ${k.socket}): attach there (thurm -S ${k.socket})${rename}`);
}
