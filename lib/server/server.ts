// The control server of one session: http + WebSocket on a private Unix socket. It carries
// attach streams (binary frames) and JSON requests (text frames) to the command table.
// It is some 440 lines because every connection's life is here: requests and their fair turns,
// subscriptions, attaching (the client's terminal and transport, update-environment), the
// handover's side of the socket, and what it starts beside them (other sessions, far hosts, web).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import type { RawData, WebSocket } from 'ws';
import type { ClientHandle, CommandContext } from '../commands/command.js';
import { dispatch, requestId, requestsStarting } from '../commands/dispatch.js';
import { ThurmError } from '../errors.js';
import { ThrottledLog } from '../log.js';
import type { Mux } from '../session/mux.js';
import type { ClientScreen } from '../ui/client-screen.js';
import type { WebHost } from '../web/web-host.js';
import { DEFAULT_FACTS, outerTerminal } from '../ui/outer-terminal.js';
import { checkObject, type Output } from '../fields.js';
import { checkSize, checkVersion, CLOSE_UPGRADED, CONNECTION_MODES, ENVELOPE_KEYS, MAX_FRAME, MAX_SIZE, type Reply } from './protocol.js';
import { subscribe, type Subscription } from './events.js';
import { FairQueue, type Turn } from './fair-queue.js';
import { MAX_ALL_QUEUED, MAX_CLIENTS, MAX_QUEUED, MAX_SUBSCRIBER_QUEUED, MAX_SUBSCRIBERS, PeerBudget, type Peer } from './peer-budget.js';
import { clientTransport } from './client-transport.js';
import { ClientTty } from './client-tty.js';
import { FarHosts } from './far-hosts.js';
import { OtherSessions } from './other-sessions.js';
import { SocketFile } from './socket-file.js';
import { requireCjs } from '../cjs.js';

const { WebSocketServer } = requireCjs('ws') as typeof import('ws');

/**
 * Requests a connection may have in flight, and bytes of its replies it may leave unread,
 * before the server stops reading its requests (it reads on once they drain), so one that
 * sends and never reads costs no more than this and keeps no other peer waiting.
 */
export const MAX_IN_FLIGHT = 64;
export const MAX_UNREAD_REPLIES = 256 * 1024;

/**
 * Connections served at once: far more than any session has, and well inside the server's file
 * descriptor limit, so a flood of connections cannot take the descriptors panes need. Past it a
 * connection is refused with 503 (the CLI says the server is busy) and the rest are served.
 */
export function connectionLimit(limits = readLimits()): number {
  const soft = Number(/^Max open files\s+(\d+)/m.exec(limits)?.[1]);
  return Math.min(1024, soft ? Math.floor(soft / 2) : 512);
}

function readLimits(): string {
  try {
    return fs.readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return '';
  }
}

export class ControlServer {
  private readonly http: http.Server;
  private readonly wss: InstanceType<typeof WebSocketServer>;
  private file: SocketFile;
  private readonly screens = new Set<ClientScreen>();
  /** Connections that are not attached clients: requests and events subscribers. */
  private readonly controls = new Set<WebSocket>();
  private nextClient = 1;
  /** Attaches between the request and the screen (its module loads): they count against MAX_CLIENTS. */
  private attaching = 0;
  private closing = false;
  private readonly maxConnections = connectionLimit();
  private readonly log = new ThrottledLog('thurm: ');
  private readonly budget = new PeerBudget();
  /** How large the last reply to each kind of request was: the next is counted that large before it is built. */
  private readonly replyBytes = new Map<string, number>();
  /** Serves the requests of all control connections, the least served first. */
  private readonly requests = new FairQueue(requestsStarting);
  /** What presses in this user's other sessions, looked at while a client is attached. */
  private readonly others = new OtherSessions(() => this.socketPath, () => {
    for (const screen of this.screens) screen.othersChanged();
  }, (session) => {
    for (const screen of this.screens) screen.otherSessionNews(session);
  });

  /** The far hosts' agents (hosts.json), over ssh; linked while the server listens. */
  private readonly hosts: FarHosts;
  /** The terminals the server writes to itself, by client (client-tty.ts). */
  private readonly ttys = new WeakMap<ClientScreen, ClientTty>();
  /** The web view's host, from the first `thurm web` on (its modules load then). */
  private webHost: Promise<WebHost> | null = null;

  constructor(
    private readonly mux: Mux,
    private socketPath: string,
    lockSecret: string,
    private readonly onClosed: () => void,
    /** `server upgrade`: hands the session to a new server (see upgrade.ts). */
    private readonly upgrade?: () => Promise<{ pid: number }>,
    /** `rename-session`: moves the session to another name (see rename-session.ts). */
    private readonly rename?: (name: string) => Promise<void>,
    aliases: string[] = [],
  ) {
    this.file = new SocketFile(socketPath, lockSecret, (socket) => this.http.emit('connection', socket), aliases);
    this.hosts = new FarHosts(path.dirname(socketPath), () => {
      for (const screen of this.screens) screen.hostsChanged();
    }, (pane, n) => this.mux.farNotification(pane, n));
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
      // The session is ending (ws would answer 503, which reads as busy): say so.
      if (this.closing) {
        socket.end('HTTP/1.1 410 Gone\r\nConnection: close\r\nContent-Type: text/plain\r\n\r\nthurm: the session is ending\n');
        return;
      }
      if (this.wss.clients.size >= this.maxConnections) {
        this.log.problem('busy', `refused connections: ${this.maxConnections} are open, the most it serves`);
        socket.end(`HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 1\r\nContent-Type: text/plain\r\n\r\nthurm: too many connections (at most ${this.maxConnections})\n`);
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws, socket));
    });
    this.http.on('clientError', (_err, socket) => socket.destroy());
    mux.subscribe((e) => {
      // Deferred so the reply to the request that ended the session goes out first.
      if (e.type === 'session-ended') setImmediate(() => this.close());
    });
  }

  async listen(): Promise<void> {
    await this.file.listen();
    this.hosts.start();
  }

  private context(client?: ClientHandle, signal?: AbortSignal): CommandContext {
    return {
      mux: this.mux,
      client,
      signal,
      clients: () => [...this.screens],
      shutdown: () => setImmediate(() => this.mux.end()),
      upgrade: () => {
        if (!this.upgrade) throw new ThurmError('INVALID_ARGUMENT', 'server upgrade: not available');
        return this.upgrade();
      },
      renameSession: (name) => {
        if (!this.rename) throw new ThurmError('INVALID_ARGUMENT', 'rename-session: not available');
        return this.rename(name);
      },
      hosts: this.hosts,
      // A page's answer is the CLI's `agent answer`, through the same dispatcher.
      web: () => (this.webHost ??= import('../web/web-host.js').then(({ WebHost }) => new WebHost(this.mux, this.hosts, (fields) => dispatch(this.context(), { ...fields, type: 'agent-answer', id: 1 })))),
    };
  }

  /** Serves the session on `to` from now on; the old path leads there too (an alias). */
  async moveSocket(to: string): Promise<void> {
    await this.file.moveTo(to);
    this.socketPath = to;
  }

  /** The paths that lead to this server besides its socket. */
  aliasPaths(): string[] {
    return this.file.aliasPaths();
  }

  /**
   * For a handover: attached clients are told to reconnect (to the new server), and the
   * socket file goes; connections already open (the request that asked) stay.
   */
  async stopListening(): Promise<void> {
    for (const screen of this.screens) screen.close('upgrading');
    this.file.close(true);
    this.hosts.stop();
    // The new server has no tokens: its web view is started again with `thurm web`.
    await this.webHost?.then((web) => web.stop());
  }

  /** The handover failed after stopListening: serve the socket again. */
  async listenAgain(lockSecret: string): Promise<void> {
    this.file = new SocketFile(this.socketPath, lockSecret, (socket) => this.http.emit('connection', socket), this.file.aliasPaths());
    await this.file.listen();
    this.hosts.start();
  }

  private onConnection(ws: WebSocket, socket: Duplex): void {
    const peer = this.budget.add(ws, socket, 'control client');
    let screen: ClientScreen | null = null;
    let events: Subscription | null = null;
    let attaching = false;
    let inFlight = 0;
    const closed = new AbortController();
    /**
     * Messages not handled yet, in order, served by the fair queue: none runs while an attach
     * loads the screen module, or while the replies already due wait unread (the socket is
     * paused meanwhile, so what is read ahead stays bounded).
     */
    const held: [RawData, boolean][] = [];
    const mustWait = () => attaching || (!screen && !events && (inFlight >= MAX_IN_FLIGHT || peer.queued > this.unreadAllowed()));
    const turn: Turn = {
      served: 0,
      step: () => {
        if (!held.length || mustWait()) return false;
        handle(...held.shift()!);
        if (!held.length && ws.isPaused) ws.resume();
        return held.length > 0 && !mustWait();
      },
    };
    /** Asks the queue for a turn when a held message may run, and reads on once none is held. */
    const wake = () => {
      if (held.length && !mustWait()) this.requests.ready(turn);
      else if (!held.length && ws.isPaused) ws.resume();
    };
    const reply = (r: Reply, sent?: () => void, kind?: string) => {
      const started = performance.now();
      const text = JSON.stringify(r);
      if (kind && r.ok) this.replyBytes.set(kind, text.length);
      peer.send(text, false, sent);
      this.requests.charge(turn, performance.now() - started);
    };
    ws.on('error', () => ws.terminate());
    this.controls.add(ws);
    ws.on('close', () => {
      this.controls.delete(ws);
      this.requests.forget(turn);
      closed.abort();
      held.length = 0;
      events?.dispose();
      if (screen) {
        this.screens.delete(screen);
        screen.dispose();
        if (!this.screens.size) this.others.stop();
      }
    });
    const handle = (data: RawData, isBinary: boolean) => {
      // A closing connection (detached, dropped) changes nothing any more.
      if (ws.readyState !== ws.OPEN) return;
      try {
        if (screen) {
          if (isBinary) screen.onInput(toBuffer(data));
          else this.onAttachedMessage(screen, data);
          return;
        }
        if (events) throw new ThurmError('PROTOCOL_ERROR', 'subscribed: this connection only receives events');
        if (isBinary) throw new ThurmError('PROTOCOL_ERROR', 'binary frame before attach');
        const msg = parseJson(data);
        if ((msg as { type?: unknown }).type === 'attach') {
          const attach = this.attach(ws, peer, msg as Record<string, unknown>);
          attaching = true;
          void attach.then((s) => {
            screen = s;
            if (s) this.controls.delete(ws);
          }, (err) => ws.close(1011, String(err).slice(0, 100))).finally(() => {
            attaching = false;
            wake();
          });
          return;
        }
        if ((msg as { type?: unknown }).type === 'subscribe') {
          events = this.subscribe(peer, msg as Record<string, unknown>);
          return;
        }
        // Only a name is a kind (a type 10,000 arrays deep is a protocol error, and no string).
        const { type } = msg as { type?: unknown };
        const kind = typeof type === 'string' ? type : undefined;
        this.budget.makeRoom(kind === undefined ? 0 : (this.replyBytes.get(kind) ?? 0));
        inFlight++;
        void dispatch(this.context(undefined, closed.signal), msg).then((r) => {
          inFlight--;
          reply(r, wake, kind);
        });
      } catch (err) {
        const e = err instanceof ThurmError ? err : new ThurmError('INTERNAL', String(err));
        reply({ id: requestId(parseJsonQuiet(data)), ok: false, error: { code: e.code, message: e.message } });
      }
    };
    ws.on('message', (data: RawData, isBinary: boolean) => {
      // An attached client's keys go to its pane at once, in order.
      if (screen && !held.length) return handle(data, isBinary);
      held.push([data, isBinary]);
      if (held.length >= MAX_IN_FLIGHT || mustWait()) ws.pause();
      wake();
    });
  }

  /**
   * Reply bytes a connection may leave unread and still be served: none while what the server
   * queues for all its peers is over half its bound, so only connections that read are served.
   */
  private unreadAllowed(): number {
    return this.budget.queued > MAX_ALL_QUEUED / 2 ? 0 : MAX_UNREAD_REPLIES;
  }

  /** The connection becomes an events stream: the snapshot as the reply, then one text frame per event. */
  private subscribe(peer: Peer, msg: Record<string, unknown>): Subscription {
    checkVersion(msg);
    const filter = checkObject(CONNECTION_MODES.subscribe.fields, {}, msg, '', ENVELOPE_KEYS);
    if (filter.pane !== undefined) this.mux.pane(filter.pane);
    if (this.budget.count('subscriber') >= MAX_SUBSCRIBERS) {
      throw new ThurmError('SERVER_BUSY', `subscribe: the server has ${MAX_SUBSCRIBERS} subscribers, the most it serves; try again once one has gone`);
    }
    // Told why in the close frame when dropped (peer-budget.ts).
    peer.becomes('subscriber', `subscriber ${this.nextClient++}`, MAX_SUBSCRIBER_QUEUED);
    this.budget.makeRoom(this.replyBytes.get('subscribe') ?? 0);
    const sub = subscribe(this.mux, filter, (frame) => peer.send(frame, false));
    const snapshot = JSON.stringify({ id: requestId(msg), ok: true, result: sub.snapshot } satisfies Reply);
    this.replyBytes.set('subscribe', snapshot.length);
    peer.send(snapshot, false);
    return sub;
  }

  /**
   * Checks an attach request (throwing what is wrong with it), then makes the client's screen.
   * The screen's modules (blessed among them) load at the first attach: a server nobody has
   * attached to does not carry them.
   */
  private attach(ws: WebSocket, peer: Peer, msg: Record<string, unknown>): Promise<ClientScreen | null> {
    checkVersion(msg, true);
    const a = checkObject(CONNECTION_MODES.attach.fields, {}, msg, '', ENVELOPE_KEYS);
    if (this.screens.size + this.attaching >= MAX_CLIENTS) {
      throw new ThurmError('SERVER_BUSY', `attach: the session has ${MAX_CLIENTS} clients, the most it serves; try again once one has detached`);
    }
    this.attaching++;
    return import('../ui/client-screen.js')
      .then(({ ClientScreen }) => (ws.readyState === ws.OPEN ? this.attached(ws, peer, msg, a, ClientScreen) : null))
      .finally(() => this.attaching--);
  }

  private attached(ws: WebSocket, peer: Peer, msg: Record<string, unknown>, a: Output<typeof CONNECTION_MODES.attach.fields>, Screen: typeof ClientScreen): ClientScreen {
    // The terminal itself, when the server can open it (client-tty.ts); else the client relays.
    const direct = a.tty ? ClientTty.open(a.tty) : null;
    peer.send(JSON.stringify({ id: requestId(msg), ok: true, result: { session: this.mux.session, direct: direct !== null } } satisfies Reply), false);
    if (a.detachOthers && !a.readOnly) for (const other of this.screens) other.detach();
    if (!a.readOnly && a.environment) this.updateEnvironment(a.environment);
    const id = String(this.nextClient++);
    peer.becomes('client', `client ${id}`, MAX_QUEUED, () => screen.close('too-slow'));
    const transport = clientTransport(ws, peer, direct, () => screen.close('too-slow'));
    // Fields an older client does not send keep what it got before: UTF-8, xterm-256color.
    const outer = outerTerminal({ term: a.term ?? DEFAULT_FACTS.term, truecolor: a.truecolor, utf8: a.utf8 }, this.mux.config.ui.truecolor);
    const screen: ClientScreen = new Screen(
      id, this.mux, transport, a.size, outer,
      (client, request) => dispatch(this.context(client), request),
      a.readOnly,
      this.others,
      a.lastSession,
      this.hosts,
    );
    if (direct) {
      screen.ttyPath = 'direct';
      this.ttys.set(screen, direct);
      // A terminal that hangs up (an ssh link gone) takes its client with it.
      direct.read((data) => screen.onInput(data), () => ws.terminate());
      ws.once('close', () => direct.destroy());
    }
    this.screens.add(screen);
    this.others.start();
    return screen;
  }

  /**
   * tmux's update-environment: the variables `[session] update-environment` names take the
   * attaching client's values for panes started from now on; one the client lacks is removed.
   */
  private updateEnvironment(environment: readonly string[]): void {
    const given = new Map(environment.map((v) => [v.slice(0, v.indexOf('=')), v.slice(v.indexOf('=') + 1)]));
    for (const name of this.mux.config.session.updateEnvironment) this.mux.setEnvironment(name, given.get(name) ?? null);
  }

  private onAttachedMessage(screen: ClientScreen, data: RawData): void {
    const msg = parseJson(data) as { type?: unknown; size?: unknown };
    if (msg.type !== 'resize' && msg.type !== 'resume') throw new ThurmError('PROTOCOL_ERROR', 'attached: expected a resize or resume message');
    // An out-of-range size is clamped: the client's terminal really is that big.
    const raw = msg.size as { cols?: unknown; rows?: unknown } | undefined;
    const size = checkSize({ cols: Math.min(Number(raw?.cols), MAX_SIZE.cols), rows: Math.min(Number(raw?.rows), MAX_SIZE.rows) });
    if (msg.type === 'resume') {
      this.ttys.get(screen)?.resume();
      screen.resumed();
    }
    if (size) screen.resize(size.cols, size.rows);
  }

  /**
   * The session is the new server's now (`server upgrade`): every control connection is closed
   * with CLOSE_UPGRADED after the replies already due (the upgrade's own among them, which is
   * sent before the next turn of the loop), so its client asks the new server what it had not
   * had answered. Attached clients follow by themselves (attach.ts).
   */
  handedOver(): void {
    setImmediate(() => {
      for (const ws of this.controls) ws.close(CLOSE_UPGRADED, 'server-upgrade: the session moved to a new server');
    });
  }

  /** Detaches every client, stops listening and removes the socket. */
  close(): void {
    if (this.closing) return;
    this.closing = true;
    this.others.stop();
    this.hosts.stop();
    void this.webHost?.then((web) => web.stop());
    for (const screen of this.screens) screen.close('session-ended');
    this.file.close();
    const closedAll = () => setImmediate(() => { if (this.wss.clients.size === 0) this.onClosed(); });
    for (const ws of this.wss.clients) {
      ws.once('close', closedAll);
      ws.close(1001);
    }
    this.wss.close();
    closedAll();
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
