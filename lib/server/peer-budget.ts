// What the server has queued for its peers (attached clients, events subscribers, replies to
// requests), bounded twice: each peer by its own limit, and all of them together by
// MAX_ALL_QUEUED, so neither one peer that does not read nor a thousand of them take the
// server's memory (issue 27). A peer past a bound is dropped, the heaviest first: the reason is
// logged and sent in its close frame, and it is cut off if it has not gone a few seconds later
// or once the total is over again (what it holds is counted until then).
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/** Bytes one connection may have queued (more than the largest frame). */
export const MAX_QUEUED = 16 * 1024 * 1024;

/** Events are small: a subscriber this far behind is not reading them. */
export const MAX_SUBSCRIBER_QUEUED = 1024 * 1024;

/** Bytes queued to all peers together: four connections at their own limit. */
export const MAX_ALL_QUEUED = 64 * 1024 * 1024;

/** Subscribers served at once: far more than a session's scripts and agents need. */
export const MAX_SUBSCRIBERS = 256;

/**
 * Clients attached at once, observers included: far more than people watch one session, and a
 * bound on what their screens cost (about 2 MB each: the grid, the diff state, blessed's screen).
 */
export const MAX_CLIENTS = 64;

/**
 * What Node keeps for each queued write besides its bytes (the Buffer, the frame header, the
 * write requests and their callbacks: about 600 bytes measured on Node 20 with ws 8), so a queue
 * of small events costs what it takes: a 200-byte event takes 800.
 */
export const WRITE_COST = 600;

/** How long a dropped peer has to read up to its close frame before it is cut off. */
const GRACE_MS = 5000;

/**
 * What the writes still queued to a peer that is cut off end with: one error for all of them
 * (a socket destroyed without one makes a new error, stack and all, for each queued write:
 * a second of the server's time for a crowd of dropped subscribers).
 */
const CUT_OFF = Object.assign(new Error('thurm: the peer was cut off'), { stack: '' });

export type PeerKind = 'control' | 'client' | 'subscriber';

export class PeerBudget {
  /** Bytes queued to all peers (WRITE_COST included). */
  queued = 0;
  private readonly peers = new Set<Peer>();

  constructor(private readonly limit = MAX_ALL_QUEUED, readonly log: (line: string) => void = (line) => console.error(line)) {}

  /** Accounts for what is sent to `ws` (over `socket`) from now on, as a control connection until it `becomes` another kind. */
  add(ws: WebSocket, socket: Duplex, who: string): Peer {
    const peer = new Peer(this, ws, socket, who);
    this.peers.add(peer);
    return peer;
  }

  count(kind: PeerKind): number {
    let n = 0;
    for (const p of this.peers) if (p.kind === kind) n++;
    return n;
  }

  /**
   * Before a reply of about `bytes` is built: peers that left what they were sent unread are
   * dropped, then cut off, until it fits, so the bound holds before the bytes exist (a 22 MB
   * snapshot built for each of 100 silent subscribers took the server to 4 GB).
   */
  makeRoom(bytes: number): void {
    while (this.queued + bytes > this.limit) {
      const heaviest = this.heaviest();
      if (!heaviest) return;
      heaviest.overTotal();
    }
  }

  /** @internal A peer's bytes changed by `bytes`; past the total, the heaviest peer goes. */
  change(bytes: number): void {
    this.queued += bytes;
    if (bytes > 0 && this.queued > this.limit) this.heaviest()?.overTotal();
  }

  /** @internal */
  remove(peer: Peer): void {
    this.peers.delete(peer);
  }

  /**
   * One already told to go first: telling another would free nothing yet. Bytes sent this turn
   * have not had a chance to leave yet: a peer is as heavy as what it left unread before.
   */
  private heaviest(): Peer | undefined {
    let told: Peer | undefined;
    let live: Peer | undefined;
    for (const p of this.peers) {
      if (p.dropped && p.queued > (told?.queued ?? 0)) told = p;
      if (!p.dropped && p.behind > (live?.behind ?? 0)) live = p;
    }
    return told ?? live;
  }
}

export class Peer {
  kind: PeerKind = 'control';
  /** Bytes queued to this peer and not yet handed to the kernel (WRITE_COST included). */
  queued = 0;
  /** Why the peer was told to go; nothing more is sent to it. */
  dropped: string | null = null;
  private limit = MAX_QUEUED;
  private tell: (reason: string) => void;
  private gone = false;
  private timer: NodeJS.Timeout | null = null;
  /** Bytes sent in this turn of the event loop (they leave together once it ends); none: not corked. */
  private sentThisTurn = 0;

  constructor(private readonly budget: PeerBudget, private readonly ws: WebSocket, private readonly socket: Duplex, private who: string) {
    this.tell = (reason) => this.ws.close(4000, `too-slow: ${reason}`);
    ws.once('close', () => this.release());
  }

  /** The connection now streams to a client or subscriber: its limit, and how it is told to go. */
  becomes(kind: PeerKind, who: string, limit: number, tell?: (reason: string) => void): void {
    Object.assign(this, { kind, who, limit });
    if (tell) this.tell = tell;
  }

  /**
   * Queues `data` (a Buffer may be shared by many peers); `sent` runs once it left the queue or
   * was given up. False when the peer is gone or went past its limit with this.
   */
  send(data: Buffer | string, binary: boolean, sent?: () => void): boolean {
    if (this.dropped || this.gone || this.ws.readyState !== this.ws.OPEN) {
      sent?.();
      return false;
    }
    // Behind by more than its limit already: it does not read. (One reply larger than the limit,
    // such as every paste buffer at once, still goes to a peer that reads.)
    if (this.queued > this.limit) {
      this.drop(`${this.who} did not read what the server sent (${this.queued} bytes queued)`, 'it did not read what the server sent');
      sent?.();
      return false;
    }
    const cost = (typeof data === 'string' ? Buffer.byteLength(data) : data.length) + WRITE_COST;
    this.queued += cost;
    if (!this.sentThisTurn) this.gather();
    this.sentThisTurn += cost;
    this.ws.send(data, { binary }, () => {
      if (!this.gone) {
        this.queued -= cost;
        this.budget.change(-cost);
      }
      sent?.();
    });
    this.budget.change(cost);
    return !this.dropped;
  }

  /**
   * Frames sent in one turn of the event loop leave in one write: an event told to a crowd of
   * subscribers costs one system call each per turn, not one per event.
   */
  private gather(): void {
    this.socket.cork();
    setImmediate(() => {
      this.sentThisTurn = 0;
      this.socket.uncork();
    });
  }

  /** Bytes it had not read before this turn. */
  get behind(): number {
    return Math.max(0, this.queued - this.sentThisTurn);
  }

  /** @internal The total is over and this peer holds the most. */
  overTotal(): void {
    if (!this.dropped) this.drop(`${this.who} had the most queued (${this.queued} bytes) when the server's ${MAX_ALL_QUEUED} bytes for all peers were full`, 'the server\'s memory for its peers was full and this peer had the most queued');
    else this.cut();
  }

  /** Tells the peer why it goes (logged, and in its close frame), then cuts it off after a grace. */
  private drop(logged: string, told: string): void {
    this.dropped = told;
    this.budget.log(`thurm: dropped ${logged}`);
    this.tell(told);
    this.timer = setTimeout(() => this.cut(), GRACE_MS);
    this.timer.unref();
  }

  /** Frees what is queued to it now: it was told and still does not read. */
  private cut(): void {
    this.release();
    this.socket.destroy(CUT_OFF);
    this.ws.terminate();
  }

  private release(): void {
    if (this.gone) return;
    this.gone = true;
    if (this.timer) clearTimeout(this.timer);
    this.budget.change(-this.queued);
    this.queued = 0;
    this.budget.remove(this);
  }
}
