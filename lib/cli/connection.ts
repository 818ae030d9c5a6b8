// A client's connection to a session's server: checks the socket directory, connects over
// WebSocket on the Unix socket, sends requests and waits for their replies; starts the server
// when a command needs one.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { isErrorCode, ThurmError } from '../errors.js';
import { EXIT_ALREADY_RUNNING, type Reply, type ServerSpec, type SessionInfo } from '../server/protocol.js';
import { checkSocketDir } from '../server/socket-path.js';
import { ensureStateDir, serverLogPath } from '../session/paths.js';

const START_TIMEOUT_MS = 10_000;

export class Connection {
  private nextId = 1;
  private readonly waiting = new Map<number, (r: Reply) => void>();

  private constructor(readonly ws: WebSocket) {
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
      for (const resolve of this.waiting.values()) {
        resolve({ id: null, ok: false, error: { code: 'SERVER_UNAVAILABLE', message: 'server closed the connection' } });
      }
      this.waiting.clear();
    });
  }

  static open(socketPath: string): Promise<Connection> {
    checkSocketDir(path.dirname(socketPath));
    const st = fs.lstatSync(socketPath, { throwIfNoEntry: false });
    if (!st) return Promise.reject(new ThurmError('SERVER_UNAVAILABLE', `no server running on ${socketPath}`));
    if (!st.isSocket()) return Promise.reject(new ThurmError('UNSAFE_SOCKET', `not a socket: ${socketPath}`));
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws+unix://${socketPath}:/`, { maxPayload: 256 * 1024 * 1024, perMessageDeflate: false });
      ws.once('open', () => resolve(new Connection(ws)));
      ws.once('error', (err: NodeJS.ErrnoException) => {
        const dead = err.code === 'ECONNREFUSED' || err.code === 'ENOENT';
        reject(new ThurmError(dead ? 'SERVER_UNAVAILABLE' : 'IO_ERROR', `${dead ? 'no server running on' : 'cannot connect to'} ${socketPath}${dead ? '' : `: ${err.message}`}`));
      });
    });
  }

  /** Sends a request and resolves with its reply; errors come back as ThurmError. */
  async request<T = unknown>(type: string, fields: Record<string, unknown> = {}): Promise<T> {
    const reply = await this.send(type, fields);
    if (!reply.ok) throw new ThurmError(isErrorCode(reply.error.code) ? reply.error.code : 'INTERNAL', reply.error.message);
    return reply.result as T;
  }

  send(type: string, fields: Record<string, unknown> = {}): Promise<Reply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.ws.send(JSON.stringify({ ...fields, id, type }));
    });
  }

  close(): void {
    this.ws.close();
  }
}

/** Starts a server for `spec` unless one runs; resolves with whether this call started it. */
export async function startServer(spec: ServerSpec): Promise<{ started: boolean; connection: Connection }> {
  try {
    return { started: false, connection: await Connection.open(spec.socketPath) };
  } catch (err) {
    if (!(err instanceof ThurmError) || err.code !== 'SERVER_UNAVAILABLE') throw err;
  }
  ensureStateDir();
  const logPath = serverLogPath(spec.session);
  const log = fs.openSync(logPath, 'a', 0o600);
  const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'server', 'main.js');
  const child = spawn(process.execPath, [entry, JSON.stringify(spec)], {
    detached: true,
    stdio: ['ignore', log, log],
    cwd: spec.cwd,
    env: process.env,
  });
  fs.closeSync(log);
  let exit: number | null = null;
  child.once('exit', (code) => { exit = code ?? 1; });
  child.unref();
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    try {
      const connection = await Connection.open(spec.socketPath);
      // Another client's server may have won the race; only ours counts as started.
      const info = await connection.request<SessionInfo>('info');
      const started = info.serverPid === child.pid;
      // Ours lost the race and will exit on its own; do not leave it starting up meanwhile.
      if (!started && exit === null) child.kill('SIGTERM');
      return { started, connection };
    } catch (err) {
      if (!(err instanceof ThurmError) || err.code !== 'SERVER_UNAVAILABLE') throw err;
    }
    if (exit !== null && exit !== EXIT_ALREADY_RUNNING) throw serverStartError(logPath);
    if (Date.now() > deadline) throw new ThurmError('TIMEOUT', `server did not start within ${START_TIMEOUT_MS / 1000}s; see ${logPath}`);
    await new Promise((r) => setTimeout(r, 25));
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
