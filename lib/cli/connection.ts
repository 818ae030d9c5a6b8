// A client's connection to a session's server: checks the socket directory, connects over
// WebSocket on the Unix socket, sends requests and waits for their replies; starts the server
// when a command needs one.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { isErrorCode, ThurmError } from '../errors.js';
import { CLOSE_UPGRADED, EXIT_ALREADY_RUNNING, MAX_FRAME, PROTOCOL_VERSION, type Reply, type ServerSpec, type SessionInfo } from '../server/protocol.js';
import { SERVER_NODE_FLAGS, serverEnv } from '../server/server-process.js';
import { checkSocketDir } from '../server/socket-path.js';
import { ensureStateDir, openStateFileToAppend, serverLogPath, stateDir } from '../session/paths.js';
import { WsClient } from './ws-client.js';

const START_TIMEOUT_MS = 10_000;

/** A restore reads its session file and writes each pane's history first: this long more per MiB of it. */
const RESTORE_MS_PER_MIB = 500;

/** How long a server may take to listen: longer when it restores a large session file first. */
function startTimeout(spec: ServerSpec, env: NodeJS.ProcessEnv): number {
  if (!spec.restore) return START_TIMEOUT_MS;
  const size = fs.statSync(path.join(stateDir(env), `${spec.session}.json`), { throwIfNoEntry: false })?.size ?? 0;
  return START_TIMEOUT_MS + Math.ceil((size / 2 ** 20) * RESTORE_MS_PER_MIB);
}
/** How long a command waits to connect and, separately, for a reply: a frozen server must not hang it. */
export const REQUEST_TIMEOUT_MS = 5000;

/** The server this build starts (and finds among processes by its argv). */
const SERVER_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'server', 'main.js');

/** The largest message a client takes from its server (a capture of a long history). */
const MAX_INCOMING = 256 * 1024 * 1024;

/** How long a client waits for the server that took its session over (`server upgrade`). */
const RECONNECT_MS = 20_000;

/**
 * What the socket path is, following one symlink to a name beside it: the alias a renamed
 * session leaves at its old name (lib/server/rename-session.ts), in the directory just checked.
 */
function aliasTarget(socketPath: string): fs.Stats | undefined {
  const st = fs.lstatSync(socketPath, { throwIfNoEntry: false });
  if (!st?.isSymbolicLink()) return st;
  const target = fs.readlinkSync(socketPath);
  if (target.includes('/')) return st;
  return fs.lstatSync(path.join(path.dirname(socketPath), target), { throwIfNoEntry: false });
}

/** A request as its text frame: the envelope (id, type, this build's version) around its fields. */
export function requestFrame(id: number, type: string, fields: Record<string, unknown>): string {
  return JSON.stringify({ version: PROTOCOL_VERSION, ...fields, id, type });
}

export class Connection {
  private nextId = 1;
  private readonly waiting = new Map<number, (r: Reply) => void>();
  /** Whether the server closed this connection (a request then fails at once). */
  closed = false;

  private constructor(readonly ws: WsClient, private readonly timeoutMs: number, readonly socketPath: string) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      let reply: Reply;
      try {
        reply = JSON.parse(data.toString());
      } catch {
        return;
      }
      const resolve = typeof reply.id === 'number' ? this.waiting.get(reply.id) : undefined;
      if (resolve) {
        this.waiting.delete(reply.id as number);
        resolve(reply);
      }
    });
    ws.on('close', () => {
      this.closed = true;
      for (const resolve of this.waiting.values()) {
        resolve({ id: null, ok: false, error: { code: 'SERVER_UNAVAILABLE', message: 'server closed the connection' } });
      }
      this.waiting.clear();
    });
  }

  /**
   * Connects within `timeoutMs`, which also bounds each reply unless a request says otherwise.
   * Async, so every refusal (a socket folder gone after a reboot too) is a rejection to catch.
   */
  static async open(socketPath: string, timeoutMs = REQUEST_TIMEOUT_MS): Promise<Connection> {
    checkSocketDir(path.dirname(socketPath));
    const st = aliasTarget(socketPath);
    if (!st) return Promise.reject(new ThurmError('SERVER_UNAVAILABLE', `no server running on ${socketPath}`));
    if (!st.isSocket()) return Promise.reject(new ThurmError('UNSAFE_SOCKET', `not a socket: ${socketPath}`));
    return new Promise((resolve, reject) => {
      const ws = new WsClient(socketPath, MAX_INCOMING);
      // A stopped server's kernel still accepts the connection; only the handshake never ends.
      const timer = setTimeout(() => {
        ws.removeAllListeners('error');
        ws.terminate();
        reject(new ThurmError('TIMEOUT', `server did not answer within ${timeoutMs / 1000}s: ${socketPath}`));
      }, timeoutMs);
      ws.once('open', () => {
        clearTimeout(timer);
        resolve(new Connection(ws, timeoutMs, socketPath));
      });
      ws.once('error', (err: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        // EAGAIN is the kernel's listen queue full: the server is as busy as a 503 says.
        if (ws.status === 503 || err.code === 'EAGAIN') return reject(new ThurmError('SERVER_BUSY', `server busy: it serves as many connections as it may; try again: ${socketPath}`));
        if (ws.status === 410) return reject(new ThurmError('SERVER_UNAVAILABLE', `the session is ending: ${socketPath}`));
        // A reset or broken pipe while connecting is a server that was ending as it accepted (a
        // session whose program exited at once; an ending server has removed its socket file
        // first): gone, as a refused connection is. But with the socket file still there and a
        // server still holding it, the server dropped the connection at its limit of
        // connections or open files: busy, not gone.
        const dead = ['ECONNREFUSED', 'ENOENT', 'ECONNRESET', 'EPIPE'].includes(err.code ?? '');
        const gone = () => reject(new ThurmError(dead ? 'SERVER_UNAVAILABLE' : 'IO_ERROR', `${dead ? 'no server running on' : 'cannot connect to'} ${socketPath}${dead ? '' : `: ${err.message}`}`));
        if ((err.code !== 'ECONNRESET' && err.code !== 'EPIPE') || !aliasTarget(socketPath)?.isSocket()) return gone();
        void import('../server/socket-file.js').then(({ serverAlive }) => serverAlive(socketPath, SERVER_ENTRY)).then((alive) => {
          if (!alive) return gone();
          reject(new ThurmError('SERVER_BUSY', `server busy: it dropped the connection at its limit of connections or open files; try again: ${socketPath}`));
        }, gone);
      });
    });
  }

  /**
   * A connection over a stream already joined to a server (a far host's `thurm proxy` through
   * ssh); `label` names it in errors. Resolves once the handshake is done, within `timeoutMs`.
   */
  static over(stream: Duplex, label: string, timeoutMs = REQUEST_TIMEOUT_MS): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const ws = new WsClient(stream, MAX_INCOMING);
      const timer = setTimeout(() => {
        ws.removeAllListeners('error');
        ws.terminate();
        reject(new ThurmError('TIMEOUT', `${label}: no answer within ${timeoutMs / 1000}s`));
      }, timeoutMs);
      ws.once('open', () => {
        clearTimeout(timer);
        resolve(new Connection(ws, timeoutMs, label));
      });
      ws.once('error', (err) => {
        clearTimeout(timer);
        reject(new ThurmError('SERVER_UNAVAILABLE', `${label}: ${err.message}`));
      });
    });
  }

  /** Sends a request and resolves with its reply; errors come back as ThurmError. `timeoutMs` as send's. */
  async request<T = unknown>(type: string, fields: Record<string, unknown> = {}, timeoutMs: number | null = this.timeoutMs): Promise<T> {
    const reply = await this.send(type, fields, timeoutMs);
    if (!reply.ok) throw new ThurmError(isErrorCode(reply.error.code) ? reply.error.code : 'INTERNAL', reply.error.message);
    return reply.result as T;
  }

  /**
   * Sends a request and resolves with its reply; rejects with TIMEOUT when none comes within
   * `timeoutMs` (null: wait as long as it takes), and with INVALID_ARGUMENT when it is too large.
   */
  send(type: string, fields: Record<string, unknown> = {}, timeoutMs: number | null = this.timeoutMs): Promise<Reply> {
    if (this.closed) return Promise.resolve({ id: null, ok: false, error: { code: 'SERVER_UNAVAILABLE', message: 'server closed the connection' } });
    const id = this.nextId++;
    const text = requestFrame(id, type, fields);
    const bytes = Buffer.byteLength(text);
    if (bytes > MAX_FRAME) {
      return Promise.reject(new ThurmError('INVALID_ARGUMENT', `${type}: request too large: ${bytes} bytes (at most ${MAX_FRAME})`));
    }
    return new Promise((resolve, reject) => {
      const timer = timeoutMs === null ? null : setTimeout(() => {
        this.waiting.delete(id);
        reject(new ThurmError('TIMEOUT', `${type}: no reply from the server within ${timeoutMs / 1000}s`));
      }, timeoutMs);
      this.waiting.set(id, (reply) => {
        if (timer) clearTimeout(timer);
        resolve(reply);
      });
      this.ws.send(text);
    });
  }

  close(): void {
    this.ws.close();
  }

  /** Whether the server closed this connection because it handed the session to a new one. */
  get upgraded(): boolean {
    return this.ws.closeReason?.code === CLOSE_UPGRADED;
  }

  /** The session's new server once it listens (`server upgrade`); null when none comes within RECONNECT_MS. */
  static async reopen(socketPath: string): Promise<Connection | null> {
    const deadline = Date.now() + RECONNECT_MS;
    while (Date.now() < deadline) {
      try {
        return await Connection.open(socketPath);
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    return null;
  }
}

/**
 * Starts a server for `spec` unless one runs; resolves with whether this call started it, and a
 * connection to it: none when the session it started ended before it could be reached (its
 * program exited at once, as `thurm new -d -- true` does), which is not an error.
 */
export async function startServer(spec: ServerSpec, env: NodeJS.ProcessEnv = process.env): Promise<{ started: boolean; connection: Connection | null }> {
  try {
    return { started: false, connection: await Connection.open(spec.socketPath) };
  } catch (err) {
    if (!(err instanceof ThurmError) || err.code !== 'SERVER_UNAVAILABLE') throw err;
  }
  const logPath = serverLogPath(spec.session, env);
  const timeout = startTimeout(spec, env);
  const deadline = Date.now() + timeout;
  let server = spawnServer(spec, env, logPath);
  for (;;) {
    try {
      const connection = await Connection.open(spec.socketPath);
      // Another client's server may have won the race; only ours counts as started.
      const info = await connection.request<SessionInfo>('info');
      const started = info.serverPid === server.pid;
      // Ours lost the race and will exit on its own; do not leave it starting up meanwhile.
      if (!started && server.exit === null) server.kill();
      return { started, connection };
    } catch (err) {
      if (!(err instanceof ThurmError) || err.code !== 'SERVER_UNAVAILABLE') throw err;
    }
    if (server.exit === 0) return { started: true, connection: null };
    // Another server held the lock. Once none serves the socket any more, that one was on its way
    // out (`kill-server` answers before its process ends) or its session ended at once: ours
    // starts again, as it would have a moment later.
    if (server.exit === EXIT_ALREADY_RUNNING && !(await (await import('../server/socket-file.js')).serverAlive(spec.socketPath, SERVER_ENTRY))) {
      server = spawnServer(spec, env, logPath);
    }
    if (server.exit !== null && server.exit !== EXIT_ALREADY_RUNNING) {
      throw server.log.fd === 'ignore' ? new ThurmError('INTERNAL', `server failed to start, with no log: ${server.log.why}`) : serverStartError(logPath);
    }
    if (Date.now() > deadline) throw new ThurmError('TIMEOUT', `server did not start within ${Math.round(timeout / 1000)}s; see ${logPath}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A server process for `spec`, detached, writing to the session's log; `exit` once it ended. */
function spawnServer(spec: ServerSpec, env: NodeJS.ProcessEnv, logPath: string) {
  const log = openLog(logPath, env);
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY, JSON.stringify(spec)], {
    detached: true,
    stdio: ['ignore', log.fd, log.fd],
    cwd: spec.cwd,
    env: serverEnv(env),
  });
  if (log.fd !== 'ignore') fs.closeSync(log.fd);
  const server = { pid: child.pid, log, exit: null as number | null, kill: () => child.kill('SIGTERM') };
  child.once('exit', (code) => { server.exit = code ?? 1; });
  child.unref();
  return server;
}

/**
 * The server's log, or none when the state directory cannot be written (read-only, full): the
 * session runs all the same, and its failed saves say why.
 */
function openLog(logPath: string, env: NodeJS.ProcessEnv): { fd: number | 'ignore'; why?: string } {
  try {
    ensureStateDir(env);
    return { fd: openStateFileToAppend(logPath) };
  } catch (err) {
    // An unsafe state directory or a planted link is refused: the server would write through it.
    if (err instanceof ThurmError) throw err;
    return { fd: 'ignore', why: `cannot write ${logPath}: ${(err as Error).message}` };
  }
}

/** The error the server logged while failing to start. */
function serverStartError(logPath: string): ThurmError {
  const lines = fs.readFileSync(logPath, 'utf8').trim().split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = /^THURM_ERROR (.*)$/.exec(lines[i]);
    if (!m) continue;
    try {
      const { code, message } = JSON.parse(m[1]);
      return new ThurmError(isErrorCode(code) ? code : 'INTERNAL', message);
    } catch {
      break;
    }
  }
  return new ThurmError('INTERNAL', `server failed to start; see ${logPath}`);
}
