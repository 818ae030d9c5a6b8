// How a client screen's bytes and messages reach its client: frames through its WebSocket (the
// client relays them to its terminal), or written to the terminal by the server itself
// (client-tty.ts); the messages (suspend, detached) go on the socket either way.
import type { WebSocket } from 'ws';
import type { ClientTransport } from '../ui/client-screen.js';
import type { ClientTty } from './client-tty.js';
import type { Peer } from './peer-budget.js';
import { MAX_QUEUED } from './peer-budget.js';
import type { DetachedMessage } from './protocol.js';

/** `tooSlow`: the client's terminal holds more unsent bytes than a client may (it is detached). */
export function clientTransport(ws: WebSocket, peer: Peer, direct: ClientTty | null, tooSlow: () => void): ClientTransport {
  const bye = (reason: DetachedMessage['reason'], session?: string) => {
    if (ws.readyState !== ws.OPEN) return;
    // Queued behind what the client has not read yet; ws gives up on the close after 30 s.
    ws.send(JSON.stringify({ type: 'detached', reason, ...(session && { session }) } satisfies DetachedMessage));
    ws.close(1000);
  };
  return {
    write: direct
      ? (data, done) => {
        direct.write(data, done);
        if (direct.queued > MAX_QUEUED) tooSlow();
      }
      : (data, done) => void peer.send(Buffer.from(data, 'utf8'), true, done),
    suspend: () => {
      direct?.pause();
      peer.send(JSON.stringify({ type: 'suspend' }), false);
    },
    // The last frame reaches the terminal before the client restores it and says goodbye.
    close: (reason, session) => (direct ? void direct.close().then(() => bye(reason, session)) : bye(reason, session)),
  };
}
