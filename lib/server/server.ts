// The control server of one session: http + WebSocket on a private Unix socket. It carries
// attach streams (binary frames) and JSON requests (text frames) to the command table.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { ClientHandle, CommandContext } from '../commands/command.js';
import { dispatch, requestId } from '../commands/dispatch.js';
import { ThurmError } from '../errors.js';
import type { Mux } from '../session/mux.js';
import { ClientScreen } from '../ui/client-screen.js';
import { checkSize, MAX_FRAME, MAX_SIZE, PROTOCOL_VERSION, type DetachedMessage, type Reply } from './protocol.js';
import { ensureSocketDir } from './socket-path.js';

/**
 * A random secret kept in the private socket directory: it goes into the lock's name, which
 * other users could otherwise compute and take first (abstract sockets have no permissions).
 */
function lockSecret(dir: string): string {
  const file = path.join(dir, '.lock-secret');
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  // Another server may have created it a moment ago and still be writing it.
  for (let tries = 0; ; tries++) {
    const secret = fs.readFileSync(file, 'utf8');
    if (secret.length === 64 || tries > 100) return secret;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
  }
}

/**
 * Takes the per-socket lock: an abstract Unix socket, which the kernel releases when the
 * holder dies (even by SIGKILL), so a stale lock cannot outlive its server.
 */
export async function takeServerLock(socketPath: string): Promise<net.Server | null> {
  const dir = path.dirname(path.resolve(socketPath));
  ensureSocketDir(dir);
  const digest = crypto.createHash('sha256').update(lockSecret(dir)).update(path.resolve(socketPath)).digest('hex').slice(0, 32);
  const lock = net.createServer();
  return new Promise((resolve, reject) => {
    lock.once('error', (err: NodeJS.ErrnoException) => (err.code === 'EADDRINUSE' ? resolve(null) : reject(err)));
    lock.listen({ path: `\0thurm-${process.getuid?.()}-${digest}` }, () => resolve(lock));
  });
}

/** Removes a socket file left by a dead server; refuses to touch anything that is not a socket. */
function removeStaleSocket(socketPath: string): void {
  const st = fs.lstatSync(socketPath, { throwIfNoEntry: false });
  if (!st) return;
  if (!st.isSocket()) throw new ThurmError('UNSAFE_SOCKET', `not a socket, refusing to replace: ${socketPath}`);
  fs.unlinkSync(socketPath);
}

export class ControlServer {
  private readonly http: http.Server;
  private readonly wss: WebSocketServer;
  private readonly screens = new Set<ClientScreen>();
  private nextClient = 1;
  private closing = false;

  constructor(private readonly mux: Mux, private readonly socketPath: string, private readonly onClosed: () => void) {
    this.http = http.createServer((_req, res) => {
      res.writeHead(426, { 'content-type': 'text/plain' });
      res.end('thurm: this socket speaks WebSocket only\n');
    });
    this.wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME });
    this.http.on('upgrade', (req, socket, head) => {
      // Browsers always send Origin; a page must never reach this socket.
      if (req.headers.origin !== undefined) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws));
    });
    this.http.on('clientError', (_err, socket) => socket.destroy());
    mux.subscribe((e) => {
      // Deferred so the reply to the request that ended the session goes out first.
      if (e.type === 'session-ended') setImmediate(() => this.close());
    });
  }

  async listen(): Promise<void> {
    ensureSocketDir(path.dirname(this.socketPath));
    removeStaleSocket(this.socketPath);
    const umask = process.umask(0o177);
    try {
      await new Promise<void>((resolve, reject) => {
        this.http.once('error', reject);
        this.http.listen(this.socketPath, () => resolve());
      });
    } finally {
      process.umask(umask);
    }
    fs.chmodSync(this.socketPath, 0o600);
  }

  private context(client?: ClientHandle, signal?: AbortSignal): CommandContext {
    return {
      mux: this.mux,
      client,
      signal,
      clients: () => [...this.screens],
      shutdown: () => setImmediate(() => this.mux.end()),
    };
  }

  private onConnection(ws: WebSocket): void {
    let screen: ClientScreen | null = null;
    const closed = new AbortController();
    const reply = (r: Reply) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(r));
    };
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      closed.abort();
      if (screen) {
        this.screens.delete(screen);
        screen.dispose();
      }
    });
    ws.on('message', (data: RawData, isBinary: boolean) => {
      try {
        if (screen) {
          if (isBinary) screen.onInput(toBuffer(data));
          else this.onAttachedMessage(screen, data);
          return;
        }
        if (isBinary) throw new ThurmError('PROTOCOL_ERROR', 'binary frame before attach');
        const msg = parseJson(data);
        if ((msg as { type?: unknown }).type === 'attach') {
          screen = this.attach(ws, msg as Record<string, unknown>);
          return;
        }
        void dispatch(this.context(undefined, closed.signal), msg).then(reply);
      } catch (err) {
        const e = err instanceof ThurmError ? err : new ThurmError('INTERNAL', String(err));
        reply({ id: requestId(parseJsonQuiet(data)), ok: false, error: { code: e.code, message: e.message } });
      }
    });
  }

  private attach(ws: WebSocket, msg: Record<string, unknown>): ClientScreen {
    const size = checkSize(msg.size);
    if (!size) throw new ThurmError('INVALID_ARGUMENT', `attach: size must be 1-${MAX_SIZE.cols} columns and 1-${MAX_SIZE.rows} rows`);
    if (msg.version !== PROTOCOL_VERSION) {
      throw new ThurmError('PROTOCOL_ERROR', `protocol version mismatch: client ${String(msg.version)}, server ${PROTOCOL_VERSION}`);
    }
    ws.send(JSON.stringify({ id: requestId(msg), ok: true, result: { session: this.mux.session } } satisfies Reply));
    const transport = {
      write: (data: string, done?: () => void) => {
        if (ws.readyState !== ws.OPEN) return done?.();
        ws.send(Buffer.from(data, 'utf8'), { binary: true }, () => done?.());
      },
      close: (reason: DetachedMessage['reason']) => {
        if (ws.readyState !== ws.OPEN) return;
        ws.send(JSON.stringify({ type: 'detached', reason } satisfies DetachedMessage));
        ws.close(1000);
      },
    };
    const setting = this.mux.config.ui.truecolor;
    const truecolor = setting === 'auto' ? msg.truecolor === true : setting === 'on';
    const screen = new ClientScreen(
      String(this.nextClient++), this.mux, transport, size, truecolor,
      (client, request) => dispatch(this.context(client), request),
    );
    this.screens.add(screen);
    return screen;
  }

  private onAttachedMessage(screen: ClientScreen, data: RawData): void {
    const msg = parseJson(data) as { type?: unknown; size?: unknown };
    if (msg.type !== 'resize') throw new ThurmError('PROTOCOL_ERROR', 'attached: expected a resize message');
    // An out-of-range size is clamped: the client's terminal really is that big.
    const raw = msg.size as { cols?: unknown; rows?: unknown } | undefined;
    const size = checkSize({ cols: Math.min(Number(raw?.cols), MAX_SIZE.cols), rows: Math.min(Number(raw?.rows), MAX_SIZE.rows) });
    if (size) screen.resize(size.cols, size.rows);
  }

  /** Detaches every client, stops listening and removes the socket. */
  close(): void {
    if (this.closing) return;
    this.closing = true;
    for (const screen of this.screens) screen.close('session-ended');
    for (const ws of this.wss.clients) ws.close(1001);
    this.wss.close();
    this.http.close(() => this.onClosed());
    try {
      fs.unlinkSync(this.socketPath);
    } catch {
      // already gone
    }
    // Connections that do not close in time must not keep a finished server alive.
    setTimeout(() => this.onClosed(), 1000).unref();
  }
}

function toBuffer(data: RawData): Buffer {
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
}

function parseJson(data: RawData): unknown {
  const text = toBuffer(data).toString('utf8');
  try {
    const value = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
    return value;
  } catch {
    throw new ThurmError('PROTOCOL_ERROR', 'request: not a JSON object');
  }
}

function parseJsonQuiet(data: RawData): unknown {
  try {
    return JSON.parse(toBuffer(data).toString('utf8'));
  } catch {
    return null;
  }
}
