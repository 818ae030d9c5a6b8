// The read-only web view (`thurm web`): an http server inside the session's server, on a
// loopback address unless given a TLS certificate, for a phone or a browser. It serves a page
// (lib/web/static/) that shows the agent overview live and one pane's screen, read-only, through
// a WebSocket; there is no input path at all: a viewer's messages end its connection. Every
// request is checked: the Host header names this machine (DNS rebinding), the WebSocket's Origin
// is the page's own, the session cookie is one a token opened (web-tokens.ts), viewers are capped.
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { WebSocket, WebSocketServer } from 'ws';
import { requireCjs } from '../cjs.js';
import { ThurmError } from '../errors.js';
import { readPlainFile } from '../plain-file.js';
import { dialogOptions } from '../agent/dialog-options.js';
import type { FarHostsView } from '../server/far-hosts.js';
import type { Reply } from '../server/protocol.js';
import { overviewRows } from '../session/agents.js';
import type { MuxEvent } from '../session/events.js';
import type { Mux } from '../session/mux.js';
import { STATE_TABLE } from '../status/states.js';
import type { WebSession, WebTokens } from './web-tokens.js';

const { WebSocketServer: Wss } = requireCjs('ws') as typeof import('ws');

/** lib/web/static/ from dist/lib/web/ (or dist/lib/server/, bundled): the page's files. */
const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const STATIC = path.join(ROOT, 'lib', 'web', 'static');
const XTERM = path.dirname(requireCjs.resolve('@xterm/xterm/package.json'));
const FILES: Record<string, [file: string, type: string]> = {
  '/': [path.join(STATIC, 'index.html'), 'text/html; charset=utf-8'],
  '/app.js': [path.join(STATIC, 'app.js'), 'text/javascript; charset=utf-8'],
  '/app.css': [path.join(STATIC, 'app.css'), 'text/css; charset=utf-8'],
  // Loaded by the pane view only: the overview stays small on a phone.
  '/xterm.js': [path.join(XTERM, 'lib', 'xterm.js'), 'text/javascript; charset=utf-8'],
  '/xterm.css': [path.join(XTERM, 'css', 'xterm.css'), 'text/css; charset=utf-8'],
};
// xterm.js's DOM renderer writes its colours into <style> elements: styles may be inline, scripts never.
const CSP = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const HEADERS = { 'content-security-policy': CSP, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' };
const COOKIE = 'thurm_web';
export const MAX_VIEWERS = 16;
/** A viewer that has this much unsent is skipped until it reads: a phone on a bad link costs nothing. */
const MAX_BUFFERED = 1 << 20;
/** Updates to a viewer: at most one per this many ms (the first of a burst at once). */
const UPDATE_MS = 100;
const MAX_BODY = 1024;
/** A PEM certificate chain or key is far smaller than this. */
const MAX_PEM = 1 << 20;
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export interface WebOptions {
  port: number;
  bind: string;
  /** Browsers whose token may answer (`thurm web --allow-answers`) can answer a blocked agent, through `agent answer --expect`. */
  allowAnswers?: boolean;
  /** Paths of a PEM certificate and key: https, and any address may be bound. */
  tls?: { cert: string; key: string };
}

/** The guarded answer (`agent-answer`, with its digest): the one way a page reaches a pane. */
export type AnswerPath = (fields: Record<string, unknown>) => Promise<Reply>;

export interface WebStatus { url: string; bind: string; port: number; viewers: number; tls: boolean }

/** What viewers are told: a state's glyph and its class (app.css colours it). */
function agentsMessage(mux: Mux, hosts: FarHostsView): string {
  const rows = overviewRows(mux, hosts.list());
  const now = Date.now();
  return JSON.stringify({
    type: 'agents', session: mux.session,
    agents: rows.map((r) => ({ pane: r.pane, host: r.host, stale: r.stale, window: r.window, state: r.state, glyph: STATE_TABLE[r.state].glyph, app: r.app, text: r.text, forMs: now - r.since })),
  });
}

function cookieOf(req: http.IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

export class WebView {
  private readonly server: http.Server;
  private readonly wss: WebSocketServer;
  private readonly viewers = new Map<WebSocket, string>();
  private nextViewer = 1;

  private constructor(
    private readonly mux: Mux,
    private readonly hosts: FarHostsView,
    readonly tokens: WebTokens,
    private readonly opts: WebOptions,
    private readonly answer: AnswerPath,
  ) {
    const handler = (req: http.IncomingMessage, res: http.ServerResponse) => this.request(req, res);
    this.server = opts.tls ? https.createServer({ cert: readPlainFile(opts.tls.cert, MAX_PEM), key: readPlainFile(opts.tls.key, MAX_PEM) }, handler) : http.createServer(handler);
    this.wss = new Wss({ noServer: true, maxPayload: MAX_BODY });
    this.server.on('upgrade', (req, socket, head) => this.upgrade(req, socket, head));
    this.server.on('clientError', (_err, socket) => socket.destroy());
  }

  /** Listens on `opts.bind`:`opts.port`; a bind off this machine needs TLS (INVALID_ARGUMENT). */
  static async start(mux: Mux, hosts: FarHostsView, tokens: WebTokens, opts: WebOptions, answer: AnswerPath): Promise<WebView> {
    if (!LOOPBACK.has(opts.bind) && !opts.tls) {
      throw new ThurmError('INVALID_ARGUMENT', `web: refusing to serve ${opts.bind} without TLS (give --tls-cert and --tls-key, or reach 127.0.0.1 through ssh -L)`);
    }
    let view: WebView;
    try {
      view = new WebView(mux, hosts, tokens, opts, answer);
    } catch (err) {
      throw new ThurmError('INVALID_ARGUMENT', `web: cannot read the TLS certificate or key: ${(err as Error).message}`);
    }
    await new Promise<void>((resolve, reject) => {
      view.server.once('error', (err: NodeJS.ErrnoException) => reject(new ThurmError('IO_ERROR', `web: cannot listen on ${opts.bind}:${opts.port}: ${err.code ?? err.message}`)));
      view.server.listen(opts.port, opts.bind === 'localhost' ? '127.0.0.1' : opts.bind, () => resolve());
    });
    return view;
  }

  status(): WebStatus {
    const port = (this.server.address() as AddressInfo).port;
    const host = this.opts.bind.includes(':') ? `[${this.opts.bind}]` : this.opts.bind;
    return { url: `${this.opts.tls ? 'https' : 'http'}://${host}:${port}/`, bind: this.opts.bind, port, viewers: this.viewers.size, tls: !!this.opts.tls };
  }

  /** The page's address with a token in its fragment (never sent to a server, never logged). */
  link(secret: string): string {
    return `${this.status().url}#t=${secret}`;
  }

  /** Ends the connections of the browser sessions named (a revoked token's). */
  endSessions(ids: readonly string[]): void {
    for (const [ws, session] of this.viewers) if (ids.includes(session)) ws.close(4401, 'token revoked');
  }

  stop(): Promise<void> {
    for (const ws of this.viewers.keys()) ws.terminate();
    this.wss.close();
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /** The Host header names this machine or the bound address, whatever the port (ssh -L moves it). */
  private hostAllowed(req: http.IncomingMessage): boolean {
    const host = req.headers.host;
    if (!host) return false;
    const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.split(':')[0];
    return LOOPBACK.has(name.toLowerCase()) || name.toLowerCase() === this.opts.bind.toLowerCase();
  }

  /** A request whose Origin, if it has one, is the page's own. */
  private sameOrigin(req: http.IncomingMessage, required: boolean): boolean {
    const origin = req.headers.origin;
    if (origin === undefined) return !required;
    return origin === `${this.opts.tls ? 'https' : 'http'}://${req.headers.host}`;
  }

  private request(req: http.IncomingMessage, res: http.ServerResponse): void {
    const deny = (status: number, text: string) => {
      res.writeHead(status, { ...HEADERS, 'content-type': 'text/plain; charset=utf-8' });
      res.end(`${text}\n`);
    };
    if (!this.hostAllowed(req)) return deny(421, 'thurm web: this Host is not served here');
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'POST' && url.pathname === '/login') return this.login(req, res, deny);
    if (req.method === 'POST' && url.pathname === '/answer') return this.answerPosted(req, res, deny);
    const file = FILES[url.pathname];
    if (req.method === 'GET' && url.pathname === '/favicon.ico') {
      res.writeHead(204, HEADERS);
      return void res.end();
    }
    if (req.method !== 'GET' || !file) return deny(404, 'thurm web: not found');
    fs.readFile(file[0], (err, data) => {
      if (err) return deny(500, 'thurm web: cannot read the page');
      res.writeHead(200, { ...HEADERS, 'content-type': file[1], 'content-length': data.length });
      res.end(data);
    });
  }

  /** A request's JSON body (at most MAX_BODY bytes), or null after answering 400. */
  private body(req: http.IncomingMessage, deny: (status: number, text: string) => void, then: (body: Record<string, unknown>) => void): void {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > MAX_BODY) req.destroy();
    });
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return deny(400, 'thurm web: expected a JSON object');
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return deny(400, 'thurm web: expected a JSON object');
      then(body as Record<string, unknown>);
    });
  }

  /** POST /login {"token"}: a session cookie for a token, 401 for anything else. */
  private login(req: http.IncomingMessage, res: http.ServerResponse, deny: (status: number, text: string) => void): void {
    if (!this.sameOrigin(req, false)) return deny(403, 'thurm web: foreign origin');
    this.body(req, deny, (body) => {
      let session: WebSession | null;
      try {
        session = this.tokens.login(String(body.token ?? ''));
      } catch (err) {
        return deny(429, `thurm web: ${(err as Error).message}`);
      }
      if (!session) return deny(401, 'thurm web: not a token of this session');
      const maxAge = Math.floor((session.expires - Date.now()) / 1000);
      res.writeHead(204, { ...HEADERS, 'set-cookie': `${COOKIE}=${session.id}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAge}${this.opts.tls ? '; Secure' : ''}` });
      res.end();
    });
  }

  /** Whether a browser session may answer: its token allows it, and so does the view. */
  private mayAnswer(session: WebSession): boolean {
    return session.answers && this.opts.allowAnswers === true;
  }

  /**
   * POST /answer {"pane", "expect", "choice" | "deny" | "text"}: `agent answer` for a browser whose
   * token may answer, from the page's own origin; its reply as JSON (409 when the screen changed).
   */
  private answerPosted(req: http.IncomingMessage, res: http.ServerResponse, deny: (status: number, text: string) => void): void {
    if (!this.sameOrigin(req, true)) return deny(403, 'thurm web: foreign origin');
    const session = this.tokens.session(cookieOf(req));
    if (!session) return deny(401, 'thurm web: not signed in');
    if (!this.mayAnswer(session)) return deny(403, 'thurm web: this link may only watch (thurm web --allow-answers gives one that may answer)');
    this.body(req, deny, (body) => {
      const { pane, expect, choice, deny: refuse, text } = body;
      void this.answer({ pane, expect, choice, deny: refuse, text }).then((reply) => {
        if (reply.ok) this.mux.webViewer('answered', session.token, String(pane), req.socket.remoteAddress ?? '?');
        const status = reply.ok ? 200 : reply.error.code === 'STALE_SCREEN' ? 409 : reply.error.code === 'NOT_FOUND' ? 404 : 400;
        res.writeHead(status, { ...HEADERS, 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.ok ? { ok: true, result: reply.result } : { ok: false, error: reply.error }));
      });
    });
  }

  private upgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    const refuse = (status: string): void => void socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
    if (!this.hostAllowed(req)) return refuse('421 Misdirected Request');
    if (!this.sameOrigin(req, true)) return refuse('403 Forbidden');
    const session = this.tokens.session(cookieOf(req));
    if (!session) return refuse('401 Unauthorized');
    if (this.viewers.size >= MAX_VIEWERS) return refuse('503 Service Unavailable');
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/ws') return refuse('404 Not Found');
    const pane = url.searchParams.get('pane');
    if (pane !== null && !this.mux.paneIds().includes(pane)) return refuse('404 Not Found');
    this.wss.handleUpgrade(req, socket, head, (ws) => this.viewer(ws, session, pane, req.socket.remoteAddress ?? '?'));
  }

  /** A viewer: the overview, or one pane's screen; sent again (coalesced) whenever it changes. */
  private viewer(ws: WebSocket, session: WebSession, pane: string | null, address: string): void {
    this.viewers.set(ws, session.id);
    const id = String(this.nextViewer++);
    this.mux.webViewer('connected', id, pane ?? 'overview', address);
    // Read-only: nothing a viewer sends reaches anything; sending at all ends the connection.
    ws.on('message', () => ws.close(1008, 'read-only'));
    ws.on('error', () => ws.terminate());
    const answers = this.mayAnswer(session);
    const message = pane === null ? () => agentsMessage(this.mux, this.hosts) : () => this.screenMessage(pane, answers);
    let timer: NodeJS.Timeout | null = null;
    let sentAt = 0;
    const send = () => {
      timer = null;
      sentAt = Date.now();
      if (ws.readyState === ws.OPEN && ws.bufferedAmount < MAX_BUFFERED) ws.send(message());
    };
    // The first change goes at once; those that follow within UPDATE_MS go together after it.
    const changed = () => {
      timer ??= setTimeout(send, Math.max(0, sentAt + UPDATE_MS - Date.now()));
    };
    const sub = this.mux.subscribe((e: MuxEvent) => {
      if (pane === null ? e.type === 'status-changed' || e.type === 'pane-added' || e.type === 'pane-removed' || e.type.startsWith('window-') : 'pane' in e && e.pane === pane) changed();
      if (pane !== null && e.type === 'pane-removed' && e.pane === pane) ws.close(4404, 'the pane closed');
      if (e.type === 'session-ended') ws.close(1001, 'the session ended');
    });
    // Far hosts change without a Mux event: with some, the overview looks again once a second.
    const tick = pane === null ? setInterval(() => this.hosts.list().length && changed(), 1000) : null;
    ws.on('close', () => {
      this.viewers.delete(ws);
      this.mux.webViewer('disconnected', id, pane ?? 'overview', address);
      sub.dispose();
      if (tick) clearInterval(tick);
      if (timer) clearTimeout(timer);
    });
    send();
  }

  /**
   * A pane's screen as terminal input that draws it (colours too), with its size and status; for
   * a viewer that may answer, a blocked pane's digest and numbered options too.
   */
  private screenMessage(id: string, answers: boolean): string {
    const pane = this.mux.pane(id);
    const s = pane.summary();
    const question = answers && s.state === 'blocked' ? { digest: pane.answerDigest(), options: dialogOptions(pane.term.liveScreen()) } : null;
    return JSON.stringify({
      type: 'screen', pane: id, cols: pane.term.cols, rows: pane.term.rows, data: pane.term.screenImage(),
      title: pane.title, state: s.state, glyph: s.state === 'none' ? '' : STATE_TABLE[s.state].glyph, app: s.app, text: s.text, question,
    });
  }
}
