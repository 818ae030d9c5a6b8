// Raw control connections to a test's server, for checks that open many or ask faster than
// starting the CLI allows.
import WebSocket from 'ws';
import { PROTOCOL_VERSION } from '../../lib/server/protocol.js';

export /** Opens a control connection; resolves with it, or with the HTTP status that refused it. */
function connect(socket: string): Promise<WebSocket | { refused: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws+unix://${socket}:/`);
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => { body += d; });
      res.on('end', () => resolve({ refused: res.statusCode ?? 0, body }));
    });
    ws.once('error', reject);
  });
}

export /** A control connection for requests that must be quicker than starting the CLI. */
async function control(socket: string): Promise<{ request(type: string, fields?: object): Promise<any>; close(): void }> {
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
