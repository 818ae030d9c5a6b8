// Raw control connections to a test's server, for checks that open many or ask faster than
// starting the CLI allows.
import WebSocket from 'ws';
import { PROTOCOL_VERSION } from '../../lib/server/protocol.js';

/**
 * Opens a control connection; resolves with it, or with the HTTP status that refused it. A
 * connect refused with EAGAIN (the kernel's listen queue is full, before the server sees it) is
 * tried again, as a client would, for up to `patienceMs`.
 */
export function connect(socket: string, patienceMs = 30_000): Promise<WebSocket | { refused: number; body: string }> {
  const until = Date.now() + patienceMs;
  const attempt = (): Promise<WebSocket | { refused: number; body: string }> => new Promise((resolve, reject) => {
    // A stopped server's kernel accepts the connection; only its handshake never ends.
    const ws = new WebSocket(`ws+unix://${socket}:/`, { handshakeTimeout: 20_000 });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => { body += d; });
      res.on('end', () => resolve({ refused: res.statusCode ?? 0, body }));
    });
    ws.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EAGAIN' && Date.now() < until) setTimeout(() => attempt().then(resolve, reject), 20 + Math.random() * 80);
      else reject(err);
    });
  });
  return attempt();
}

/** A control connection for requests that must be quicker than starting the CLI. */
export async function control(socket: string): Promise<{ request(type: string, fields?: object): Promise<any>; close(): void }> {
  const ws = await connect(socket);
  if (!(ws instanceof WebSocket)) throw new Error(`control connection refused: ${ws.refused}`);
  let next = 1;
  const waiting = new Map<number, (reply: any) => void>();
  ws.on('message', (data) => {
    const reply = JSON.parse(data.toString());
    waiting.get(reply.id)?.(reply);
    waiting.delete(reply.id);
  });
  return {
    request: (type, fields = {}) => new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, (r) => (r.ok ? resolve(r.result) : reject(new Error(`${type}: ${r.error.code} ${r.error.message}`))));
      ws.send(JSON.stringify({ ...fields, id, type, version: PROTOCOL_VERSION }));
    }),
    close: () => ws.close(),
  };
}
