// The server's hold on its socket path: the lock that makes it the only server of that path,
// and the listening socket file, which it puts back when something deletes it (a tmp cleaner,
// a user): checked every second and at once on SIGUSR1, as tmux does. After `rename-session`
// the old paths stay as symlinks to the new socket (aliases) for as long as the server runs.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ThurmError } from '../errors.js';
import { readArgv, readStat } from '../pty/proc.js';
import { ensureSocketDir } from './socket-path.js';

/** Without inotify (fs.watch failing), the folder is looked at this often instead. */
const CHECK_MS = 1000;

function secretFile(socketPath: string): string {
  return path.join(path.dirname(path.resolve(socketPath)), '.lock-secret');
}

/** Writes the secret unless the file exists; false when it did. */
function writeSecret(file: string, secret: string): boolean {
  try {
    fs.writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return false;
  }
}

/**
 * A random secret kept in the private socket directory: it goes into the lock's name, which
 * other users could otherwise compute and take first (abstract sockets have no permissions).
 */
function lockSecret(file: string): { secret: string; created: boolean } {
  for (let tries = 0; ; tries++) {
    const created = writeSecret(file, crypto.randomBytes(32).toString('hex'));
    // Another server may have created it a moment ago and still be writing it, or, starting at
    // the same moment and giving way to an older one, removed the one it wrote: write it again.
    let secret = '';
    try {
      secret = fs.readFileSync(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || tries > 100) throw err;
    }
    if (secret.length === 64 || tries > 100) return { secret, created };
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
  }
}

/** The server processes (run from `entry`) whose spec names `socketPath`, by their argv. */
function serverProcesses(socketPath: string, entry: string): number[] {
  return fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e)).map(Number).filter((pid) => {
    // node [flags] ENTRY SPEC
    const argv = readArgv(pid);
    const at = argv.indexOf(entry);
    if (at < 1 || at + 1 >= argv.length) return false;
    try {
      return path.resolve((JSON.parse(argv[at + 1]) as { socketPath?: string }).socketPath ?? '') === socketPath;
    } catch {
      return false;
    }
  });
}

/**
 * Whether an older server process of ours serves `socketPath`. The lock cannot say so when the
 * secret file was deleted (its name would differ), so servers are also found by their argv.
 */
function olderServer(socketPath: string, except?: number): boolean {
  const me = readStat(process.pid);
  if (!me) return false;
  return serverProcesses(socketPath, process.argv[1]).some((pid) => {
    if (pid === process.pid || pid === except) return false;
    const st = readStat(pid);
    return st !== null && (st.startTime < me.startTime || (st.startTime === me.startTime && pid < process.pid));
  });
}

/**
 * Whether some server (run from `entry`) starts, serves or ends `socketPath` now: one holds its
 * lock, or runs with its spec. A client whose own server gave way to another asks this to know
 * whether to wait for that one or to say its session has already ended.
 */
export async function serverAlive(socketPath: string, entry: string): Promise<boolean> {
  const resolved = path.resolve(socketPath);
  if (serverProcesses(resolved, entry).length) return true;
  let secret: string;
  try {
    secret = fs.readFileSync(secretFile(resolved), 'utf8');
  } catch {
    return false;
  }
  // Connecting to the lock never takes it: only a bound lock accepts.
  return new Promise((resolve) => {
    const probe = net.connect({ path: lockName(resolved, secret) });
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/** The abstract socket name of a socket path's lock, keyed by the secret beside it. */
function lockName(socketPath: string, secret: string): string {
  const digest = crypto.createHash('sha256').update(secret).update(socketPath).digest('hex').slice(0, 32);
  return `\0thurm-${process.getuid?.()}-${digest}`;
}

export interface ServerLock { lock: net.Server; secret: string }

/**
 * Takes the per-socket lock: an abstract Unix socket, which the kernel releases when the
 * holder dies (even by SIGKILL), so a stale lock cannot outlive its server.
 */
export async function takeServerLock(socketPath: string, handingOver?: number): Promise<ServerLock | null> {
  ensureSocketDir(path.dirname(path.resolve(socketPath)));
  const file = secretFile(socketPath);
  const { secret, created } = lockSecret(file);
  // The server handing its session over (`server upgrade`, pid `handingOver`) is older, and leaving.
  if (olderServer(path.resolve(socketPath), handingOver)) {
    // A secret this server wrote is not the running one's: leave the file for it to write again.
    if (created) fs.rmSync(file, { force: true });
    return null;
  }
  const lock = net.createServer();
  return new Promise((resolve, reject) => {
    lock.once('error', (err: NodeJS.ErrnoException) => (err.code === 'EADDRINUSE' ? resolve(null) : reject(err)));
    lock.listen({ path: lockName(path.resolve(socketPath), secret) }, () => resolve({ lock, secret }));
  });
}

/** Whether `file` is a symlink to a socket's name beside it: an alias (rename-session.ts). */
function isAlias(file: string): boolean {
  try {
    return /^[^/]+\.sock$/.test(fs.readlinkSync(file));
  } catch {
    return false;
  }
}

/**
 * Removes a socket file left by a dead server, or an alias one left (the caller holds the
 * path's lock, so no live server answers there); refuses to touch anything else.
 */
function removeStaleSocket(socketPath: string): void {
  const st = fs.lstatSync(socketPath, { throwIfNoEntry: false });
  if (!st) return;
  if (!st.isSocket() && !isAlias(socketPath)) throw new ThurmError('UNSAFE_SOCKET', `not a socket, refusing to replace: ${socketPath}`);
  fs.unlinkSync(socketPath);
}

/**
 * Removes the aliases of `socketPath` that are not `ours`: a server killed after a rename left
 * them, and they would lead to this server under names whose locks nobody holds.
 */
function removeStaleAliases(socketPath: string, ours: readonly string[]): void {
  const dir = path.dirname(socketPath);
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    if (name.endsWith('.sock') && !ours.includes(file) && isAliasOf(file, socketPath)) fs.rmSync(file, { force: true });
  }
}

/** Points `alias` at the socket `target` (beside it) with a relative symlink, replacing it at once. */
function pointAlias(alias: string, target: string): void {
  const tmp = `${alias}.tmp-${process.pid}`;
  fs.rmSync(tmp, { force: true });
  fs.symlinkSync(path.basename(target), tmp);
  fs.renameSync(tmp, alias);
}

/** Whether `alias` is a symlink to `target`'s name. */
function isAliasOf(alias: string, target: string): boolean {
  try {
    return fs.readlinkSync(alias) === path.basename(target);
  } catch {
    return false;
  }
}

/** Makes the socket folder when missing, checks it (socket-path.ts), and says which it is. */
function checkedFolder(dir: string): { dev: number; ino: number } {
  ensureSocketDir(dir);
  const st = fs.lstatSync(dir);
  return { dev: st.dev, ino: st.ino };
}

/** Listens on the socket path for as long as the server runs, and hands connections on. */
export class SocketFile {
  private listener: net.Server | null = null;
  /**
   * Listeners of paths that became aliases. Closing one unlinks whatever is at its path (its
   * alias symlink), so they stay open until the server leaves.
   */
  private readonly retired: net.Server[] = [];
  private inode = 0;
  /** A file another process put at our path; not ours to replace or remove. */
  private foreign = 0;
  private timer: NodeJS.Timeout | null = null;
  /** Watches the socket's folder: an idle server wakes only when something there changes. */
  private watcher: { watcher: fs.FSWatcher; dir: number } | null = null;
  private checking = false;
  private closed = false;
  /** The socket folder as checked when it was made or found: nothing is put back anywhere else. */
  private folder: { dev: number; ino: number } | null = null;
  /** The folder was replaced (by a symlink, another folder): said once, then looked at every CHECK_MS. */
  private folderReplaced = false;
  private readonly onSignal = () => void this.check();

  constructor(
    private socketPath: string,
    private readonly secret: string,
    private readonly onConnection: (socket: net.Socket) => void,
    /** Older paths of this session (`rename-session`), kept as symlinks to the socket. */
    private readonly aliases: string[] = [],
  ) {}

  async listen(): Promise<void> {
    this.folder = checkedFolder(path.dirname(this.socketPath));
    removeStaleSocket(this.socketPath);
    removeStaleAliases(this.socketPath, this.aliases);
    await this.bind();
    for (const alias of this.aliases) if (!isAliasOf(alias, this.socketPath)) pointAlias(alias, this.socketPath);
    this.watch();
    process.on('SIGUSR1', this.onSignal);
  }

  /** Checks whenever the folder changes (or, where it cannot be watched, every CHECK_MS). */
  private watch(): void {
    const dir = path.dirname(this.socketPath);
    this.watcher?.watcher.close();
    this.watcher = null;
    try {
      const watcher = fs.watch(dir, { persistent: false }, () => void this.check());
      // A watch of a deleted folder sees nothing more: check() makes it again and watches anew.
      watcher.on('error', () => void this.check());
      this.watcher = { watcher, dir: fs.statSync(dir).ino };
    } catch {
      this.timer ??= setInterval(() => void this.check(), CHECK_MS);
      this.timer.unref();
    }
  }

  private async bind(): Promise<void> {
    // Closing a listener unlinks whatever is at its path, so the old one goes before the new
    // file exists. Connections made through the old file keep working.
    this.listener?.close();
    this.listener = null;
    const listener = net.createServer((socket) => this.onConnection(socket));
    const umask = process.umask(0o177);
    try {
      await new Promise<void>((resolve, reject) => {
        listener.once('error', reject);
        listener.listen(this.socketPath, () => resolve());
      });
    } finally {
      process.umask(umask);
    }
    fs.chmodSync(this.socketPath, 0o600);
    this.inode = fs.lstatSync(this.socketPath).ino;
    this.listener = listener;
  }

  /**
   * Listens on `to` instead (`rename-session`, whose caller holds its lock): the current path
   * and every older alias become symlinks to it, so connections through them go on working.
   */
  async moveTo(to: string): Promise<void> {
    const from = this.socketPath;
    const reused = this.aliases.indexOf(to);
    if (reused >= 0) this.aliases.splice(reused, 1);
    removeStaleSocket(to);
    const old = this.listener;
    this.listener = null;
    this.socketPath = to;
    try {
      await this.bind();
    } catch (err) {
      this.socketPath = from;
      this.listener = old;
      throw err;
    }
    // Replaced by a symlink while its listener still runs, so no connect finds the path missing.
    pointAlias(from, to);
    if (old) this.retired.push(old);
    for (const alias of this.aliases) pointAlias(alias, to);
    this.aliases.push(from);
  }

  /** Older paths that lead to this socket. */
  aliasPaths(): string[] {
    return [...this.aliases];
  }

  /** Puts the socket file (and the lock secret) back when they are gone. */
  private async check(): Promise<void> {
    if (this.checking || this.closed) return;
    this.checking = true;
    try {
      if (!this.sameFolder()) return;
      // The lock's name holds the secret: without the file, a second server would take another lock.
      const file = secretFile(this.socketPath);
      if (writeSecret(file, this.secret)) console.error(`thurm: lock secret was deleted, wrote it again: ${file}`);
      for (const alias of this.aliases) {
        if (!fs.lstatSync(alias, { throwIfNoEntry: false })) pointAlias(alias, this.socketPath);
      }
      const st = fs.lstatSync(this.socketPath, { throwIfNoEntry: false });
      if (st?.ino === this.inode || (st && st.ino === this.foreign)) return;
      if (st) {
        console.error(`thurm: ${this.socketPath} was replaced by something else; leaving it alone`);
        this.foreign = st.ino;
        return;
      }
      console.error(`thurm: socket was deleted, listening again: ${this.socketPath}`);
      await this.bind();
    } catch (err) {
      console.error(`thurm: cannot restore the socket: ${(err as Error).message}`);
    } finally {
      this.checking = false;
      const dir = fs.lstatSync(path.dirname(this.socketPath), { throwIfNoEntry: false })?.ino;
      if (!this.closed && this.watcher && dir !== undefined && dir !== this.watcher.dir) this.watch();
    }
  }

  /**
   * Whether the socket folder is the one checked at start. Deleted (a tmp cleaner), it is made
   * again and checked as at start; replaced (a symlink to elsewhere, a folder of another owner),
   * nothing is written there or through it: that is said once, and it is looked at every
   * CHECK_MS until it is put right.
   */
  private sameFolder(): boolean {
    const dir = path.dirname(this.socketPath);
    const st = fs.lstatSync(dir, { throwIfNoEntry: false });
    if (!st) this.folder = checkedFolder(dir);
    else if (!st.isDirectory() || st.dev !== this.folder?.dev || st.ino !== this.folder.ino) {
      if (!this.folderReplaced) console.error(`thurm: socket folder ${dir} was replaced by something else; not writing there until it is removed`);
      this.folderReplaced = true;
      this.timer ??= setInterval(() => void this.check(), CHECK_MS);
      this.timer.unref();
      return false;
    }
    if (this.folderReplaced) console.error(`thurm: socket folder ${dir} is back; listening there again`);
    this.folderReplaced = false;
    return true;
  }

  /**
   * Stops listening and removes the socket file (when it is still ours) and its aliases; a
   * handover (`server upgrade`) leaves the aliases to the new server.
   */
  close(handover = false): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.watcher?.watcher.close();
    process.off('SIGUSR1', this.onSignal);
    this.listener?.close();
    this.listener = null;
    if (fs.lstatSync(this.socketPath, { throwIfNoEntry: false })?.ino === this.inode) fs.rmSync(this.socketPath, { force: true });
    if (handover) return;
    for (const old of this.retired.splice(0)) old.close();
    for (const alias of this.aliases) if (isAliasOf(alias, this.socketPath)) fs.rmSync(alias, { force: true });
  }
}
