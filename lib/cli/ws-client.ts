// A WebSocket client (RFC 6455) over a Unix socket, or over any byte stream (a far host's
// `thurm proxy` through ssh): the part of the protocol a thurm client speaks, so that a CLI
// command does not load `ws` (about 60 ms of a 100 ms start-up).
// Departs from the RFC where thurm's server makes it moot: no extensions, no subprotocols, no
// UTF-8 check of text frames (replies are parsed as JSON anyway), and `error` is emitted only
// while connecting; afterwards any failure just closes the connection.
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import net from 'node:net';
import type { Duplex } from 'node:stream';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const MAX_HEADER = 16 * 1024;
/** After our close frame, how long the server has to end the connection before we do. */
const CLOSE_TIMEOUT_MS = 1000;

const enum Op { Continuation = 0, Text = 1, Binary = 2, Close = 8, Ping = 9, Pong = 10 }

export interface WsClientEvents {
  open: [];
  error: [Error];
  message: [data: Buffer, isBinary: boolean];
  close: [];
}

export class WsClient extends EventEmitter<WsClientEvents> {
  private readonly socket: Duplex;
  private readonly key = crypto.randomBytes(16).toString('base64');
  private open = false;
  private closing = false;
  /** The status of the server's answer to the handshake (101 when it took the connection). */
  status: number | null = null;
  /** What the server's close frame said, if it sent one. */
  closeReason: { code: number; reason: string } | null = null;
  /** Bytes received and not yet parsed, kept as chunks so a large frame is copied once. */
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** Fragments of the message being received, and its type. */
  private fragments: Buffer[] = [];
  private fragmentsBytes = 0;
  private messageBinary = false;

  /**
   * Connects to the server on `socketPath`, or speaks over `stream`, a connection already made;
   * refuses incoming messages above `maxPayload` bytes.
   */
  constructor(to: string | Duplex, private readonly maxPayload: number) {
    super();
    const handshake = () => this.socket.write(`GET / HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n`
      + `Sec-WebSocket-Key: ${this.key}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
    if (typeof to === 'string') {
      this.socket = net.connect(to);
      this.socket.on('connect', handshake);
    } else {
      this.socket = to;
      handshake();
    }
    this.socket.on('data', (chunk) => this.onData(chunk));
    this.socket.on('error', (err) => this.fail(err));
    this.socket.on('close', () => {
      if (!this.open) this.fail(new Error('connection closed during the handshake'));
      this.emit('close');
    });
  }

  /** Sends a string as a text frame, a Buffer as a binary frame. */
  send(data: string | Buffer): void {
    const binary = typeof data !== 'string';
    this.writeFrame(binary ? Op.Binary : Op.Text, binary ? data : Buffer.from(data));
  }

  /** Stops reading from the server (backpressure), until resume(). */
  pause(): void {
    this.socket.pause();
  }

  resume(): void {
    this.socket.resume();
  }

  /** Starts the closing handshake; the connection ends when the server answers or soon after. */
  close(): void {
    if (this.closing || this.socket.destroyed) return;
    this.closing = true;
    if (!this.open) return this.terminate();
    this.writeFrame(Op.Close, Buffer.from([0x03, 0xe8]));
    this.socket.end();
    setTimeout(() => this.socket.destroy(), CLOSE_TIMEOUT_MS).unref();
  }

  /** Ends the connection at once. */
  terminate(): void {
    this.closing = true;
    this.socket.destroy();
  }

  private fail(err: Error): void {
    if (!this.open && !this.closing) {
      this.closing = true;
      this.emit('error', err);
    }
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    if (!this.open && !this.handshake()) return;
    while (this.open && !this.socket.destroyed && this.parseFrame());
  }

  /** Reads the server's 101 answer once it is complete; true when the connection is open. */
  private handshake(): boolean {
    const head = Buffer.concat(this.chunks);
    const end = head.indexOf('\r\n\r\n');
    if (end < 0) {
      if (head.length > MAX_HEADER) this.fail(new Error('handshake: response header too large'));
      return false;
    }
    const [status, ...lines] = head.subarray(0, end).toString('latin1').split('\r\n');
    const accept = lines.find((l) => /^sec-websocket-accept:/i.test(l))?.slice(21).trim();
    const expected = crypto.createHash('sha1').update(this.key + GUID).digest('base64');
    this.status = Number(status.slice(9, 12)) || null;
    if (!/^HTTP\/1\.1 101\b/.test(status)) this.fail(new Error(`unexpected server response: ${status.slice(9, 12)}`));
    else if (accept !== expected) this.fail(new Error('handshake: invalid Sec-WebSocket-Accept'));
    if (this.socket.destroyed) return false;
    this.chunks = [head.subarray(end + 4)];
    this.buffered = this.chunks[0].length;
    this.open = true;
    this.emit('open');
    return true;
  }

  /** Parses one whole frame from the buffered bytes; false when more bytes are needed. */
  private parseFrame(): boolean {
    if (this.buffered < 2) return false;
    const head = this.peek(Math.min(this.buffered, 10));
    const fin = (head[0] & 0x80) !== 0, op = head[0] & 0x0f;
    let length = head[1] & 0x7f, offset = 2;
    if (length === 126) {
      if (head.length < 4) return false;
      length = head.readUInt16BE(2);
      offset = 4;
    } else if (length === 127) {
      if (head.length < 10) return false;
      length = Number(head.readBigUInt64BE(2));
      offset = 10;
    }
    // A server never masks; reserved bits mean an extension we did not ask for.
    if ((head[0] & 0x70) !== 0 || (head[1] & 0x80) !== 0) return this.protocolError(1002);
    if (op >= Op.Close && (!fin || length > 125)) return this.protocolError(1002);
    if (op < Op.Close && this.fragmentsBytes + length > this.maxPayload) return this.protocolError(1009);
    if (this.buffered < offset + length) return false;
    this.take(offset);
    const payload = this.take(length);
    if (op === Op.Ping) this.writeFrame(Op.Pong, payload);
    else if (op === Op.Close) {
      if (payload.length >= 2) this.closeReason = { code: payload.readUInt16BE(0), reason: payload.subarray(2).toString('utf8') };
      this.close();
    }
    else if (op === Op.Text || op === Op.Binary || op === Op.Continuation) {
      if ((op === Op.Continuation) !== (this.fragments.length > 0)) return this.protocolError(1002);
      if (op !== Op.Continuation) this.messageBinary = op === Op.Binary;
      this.fragments.push(payload);
      this.fragmentsBytes += length;
      if (fin) {
        const data = this.fragments.length === 1 ? payload : Buffer.concat(this.fragments);
        this.fragments = [];
        this.fragmentsBytes = 0;
        this.emit('message', data, this.messageBinary);
      }
    } else if (op !== Op.Pong) return this.protocolError(1002);
    return true;
  }

  private protocolError(code: number): false {
    this.writeFrame(Op.Close, Buffer.from([code >> 8, code & 0xff]));
    this.terminate();
    return false;
  }

  /** The first `n` buffered bytes, without consuming them. */
  private peek(n: number): Buffer {
    if (this.chunks[0].length < n) this.chunks = [Buffer.concat(this.chunks)];
    return this.chunks[0].subarray(0, n);
  }

  /** Consumes and returns the first `n` buffered bytes. */
  private take(n: number): Buffer {
    if (n === 0) return Buffer.alloc(0);
    const out = this.peek(n);
    this.chunks[0] = this.chunks[0].subarray(n);
    if (this.chunks[0].length === 0) this.chunks.shift();
    this.buffered -= n;
    return out;
  }

  /** Writes one final, masked frame (a client must mask everything it sends). */
  private writeFrame(op: Op, payload: Buffer): void {
    if (this.socket.destroyed || !this.socket.writable) return;
    const extra = payload.length < 126 ? 0 : payload.length < 65536 ? 2 : 8;
    const head = Buffer.alloc(6 + extra);
    head[0] = 0x80 | op;
    if (extra === 0) head[1] = 0x80 | payload.length;
    else if (extra === 2) {
      head[1] = 0x80 | 126;
      head.writeUInt16BE(payload.length, 2);
    } else {
      head[1] = 0x80 | 127;
      head.writeBigUInt64BE(BigInt(payload.length), 2);
    }
    const mask = crypto.randomBytes(4);
    mask.copy(head, 2 + extra);
    const masked = Buffer.allocUnsafe(payload.length);
    for (let i = 0; i < payload.length; i++) masked[i] = payload[i] ^ mask[i & 3];
    this.socket.write(Buffer.concat([head, masked]));
  }
}
