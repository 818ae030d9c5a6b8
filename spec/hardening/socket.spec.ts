// Hostile frames on the real control socket (issue 14, "Socket"): oversized, truncated, deeply
// nested and `__proto__`-keyed requests, garbage and an Origin header, each against a running
// server, while a second connection keeps asking it for `list`.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import WebSocket from 'ws';
import { MAX_FRAME, PROTOCOL_VERSION } from '../../lib/server/protocol.js';
import { connect, control } from '../helpers/control.js';
import { alive, openFds, rssKb } from '../helpers/processes.js';
import { ThurmEnv } from '../helpers/thurm-env.js';
import { mb, n, trial } from '../helpers/trials.js';
import { waitUntil } from '../helpers/wait.js';

const MiB = 1024 * 1024;

/** How far the server's resident memory may grow while it is sent 101 MiB it must refuse. */
const RSS_BOUND_KB = 64 * 1024;

/** What became of a hostile frame: the close code (0: the socket just ended), or the reply. */
type Fate = { closed: number } | { reply: any };

const code = (fate: Fate) => ('closed' in fate ? (fate.closed || 'socket end') : 'answered');

/** A control connection that sends whatever text it is given and reads the next reply or the close. */
async function hostile(socket: string) {
  const ws = await connect(socket);
  if (!(ws instanceof WebSocket)) throw new Error(`control connection refused: ${ws.refused}`);
  ws.on('error', () => {});
  const next = () => new Promise<Fate>((resolve) => {
    ws.once('message', (d) => resolve({ reply: JSON.parse(d.toString()) }));
    ws.once('close', (code) => resolve({ closed: code }));
  });
  return {
    ws,
    /** Sends `text` as one text frame; resolves with the reply to it, or with the close. */
    send: (text: string) => {
      const fate = next();
      ws.send(text);
      return fate;
    },
  };
}

/** A raw socket that has done the WebSocket handshake and will carry hand-made frames. */
function handshake(socket: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect(socket, () => s.write([
      'GET / HTTP/1.1', 'Host: localhost', 'Upgrade: websocket', 'Connection: Upgrade',
      `Sec-WebSocket-Key: ${crypto.randomBytes(16).toString('base64')}`, 'Sec-WebSocket-Version: 13', '', '',
    ].join('\r\n')));
    let head = '';
    const onData = (d: Buffer) => {
      head += d.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      s.off('data', onData);
      if (head.startsWith('HTTP/1.1 101')) resolve(s);
      else reject(new Error(`handshake refused: ${head.split('\r\n')[0]}`));
    };
    s.on('data', onData);
    s.once('error', reject);
  });
}

/** The header of a masked client text frame whose payload is `length` bytes (mask 0: payload as is). */
function frameHeader(length: number): Buffer {
  const mask = Buffer.alloc(4);
  if (length < 126) return Buffer.concat([Buffer.from([0x81, 0x80 | length]), mask]);
  if (length < 65536) {
    const b = Buffer.from([0x81, 0x80 | 126, 0, 0]);
    b.writeUInt16BE(length, 2);
    return Buffer.concat([b, mask]);
  }
  const b = Buffer.alloc(10);
  b[0] = 0x81;
  b[1] = 0x80 | 127;
  b.writeBigUInt64BE(BigInt(length), 2);
  return Buffer.concat([b, mask]);
}

/** The close code in the first server frame of `bytes` when it is a close frame, else null. */
function closeCode(bytes: Buffer): number | null {
  return bytes.length >= 4 && bytes[0] === 0x88 ? bytes.readUInt16BE(2) : null;
}

/**
 * Streams a `size`-byte text frame (a `send` request padded with x) in 64 KiB pieces, holding
 * one piece at a time, and stops when the server closes. Resolves with how it ended, how many
 * bytes went out, and the server's largest RSS seen meanwhile.
 */
async function streamFrame(socket: string, size: number, pid: number) {
  const s = await handshake(socket);
  const head = Buffer.from(`{"id":2,"type":"send","version":${PROTOCOL_VERSION},"pane":"1","text":"PWNED `);
  const tail = Buffer.from('"}');
  const piece = Buffer.alloc(64 * 1024, 'x');
  let received = Buffer.alloc(0);
  let closed = false;
  s.on('data', (d: Buffer) => { received = Buffer.concat([received, d]); });
  s.on('error', () => {});
  const ended = new Promise<void>((resolve) => s.once('close', () => { closed = true; resolve(); }));
  let peakKb = rssKb(pid);
  const started = performance.now();
  s.write(Buffer.concat([frameHeader(size), head]));
  let sent = head.length;
  while (!closed && sent < size) {
    const chunk = size - sent - tail.length > piece.length ? piece : Buffer.concat([piece.subarray(0, size - sent - tail.length), tail]);
    sent += chunk.length;
    if (!s.write(chunk)) await Promise.race([new Promise((r) => s.once('drain', r)), ended]);
    if (sent % (4 * MiB) < piece.length) peakKb = Math.max(peakKb, rssKb(pid));
  }
  // A server that took the whole frame answers it rather than closing: that is an outcome too.
  await waitUntil(() => closed || received.length > 0, 'the server to close or answer the big frame', 5000);
  const ms = performance.now() - started;
  peakKb = Math.max(peakKb, rssKb(pid));
  s.destroy();
  const code = closeCode(received);
  const fate: Fate = closed && (code !== null || received.length === 0) ? { closed: code ?? 0 } : { reply: received.subarray(0, 200).toString('latin1') };
  return { fate, sent, ms, peakKb };
}

/** A handshaken raw socket that sends `bytes` and hangs up; resolves when the server let go. */
async function sendAndHangUp(socket: string, bytes: Buffer): Promise<void> {
  const s = await handshake(socket);
  s.on('error', () => {});
  let gone = false;
  s.once('close', () => { gone = true; });
  s.resume();
  s.end(bytes);
  await waitUntil(() => gone, 'the server to let go of a connection that hung up mid-frame', 5000);
}

trial({
  id: 'socket-frames',
  what: 'oversized (1 MiB, 100 MiB), truncated, 10,000-deep, `__proto__`-keyed, garbage and unknown frames and an Origin header on the control socket get a structured error or a close, while another connection is served throughout and server memory stays bounded',
  timeoutMs: 60_000,
  async run(t) {
    const env = new ThurmEnv();
    t.teardown(() => env.cleanup());
    await env.ok(['new', '-d', '--size', '80x24']);
    const pid = await env.serverPid();
    const other = await control(env.socket);
    t.teardown(() => other.close());
    const panes = (await other.request('list')).panes;
    let answered = 0;
    /** The other connection still gets the same answer to `list`. */
    const served = async (after: string) => {
      t.deepEqual((await other.request('list')).panes, panes, `list on the other connection after ${after}`);
      answered++;
    };
    const rssBefore = rssKb(pid);
    const fdsBefore = openFds(pid);
    let hostileFrames = 0;

    // Oversized: refused at the frame header, before the server holds the payload.
    const big = await hostile(env.socket);
    const oneMiB = JSON.stringify({ id: 1, type: 'send', version: PROTOCOL_VERSION, pane: '1', text: 'PWNED ' });
    const started = performance.now();
    const mibFate = await big.send(oneMiB.slice(0, -2) + 'x'.repeat(MiB - oneMiB.length) + '"}');
    const mibMs = performance.now() - started;
    hostileFrames++;
    await served('a 1 MiB frame');
    const huge = await streamFrame(env.socket, 100 * MiB, pid);
    hostileFrames++;
    await served('a 100 MiB frame');
    t.true(huge.peakKb - rssBefore < RSS_BOUND_KB, `server RSS ${mb(rssBefore)} → ${mb(huge.peakKb)} while sent ${n(huge.sent)} bytes of a 100 MiB frame`);
    // 1009 in the close frame; 1006 (ws) or 0 (raw) when the socket ended before it was read.
    t.true('closed' in mibFate && [1009, 1006].includes(mibFate.closed), `a 1 MiB frame: ${JSON.stringify(mibFate).slice(0, 300)}`);
    t.true('closed' in huge.fate && [1009, 0].includes(huge.fate.closed), `a 100 MiB frame: ${JSON.stringify(huge.fate)}`);
    t.true(huge.sent < 8 * MiB, `${n(huge.sent)} bytes of the 100 MiB frame went out before the close`);

    // Truncated: a frame whose header promises 1000 bytes and brings 10, then a hang-up.
    await sendAndHangUp(env.socket, Buffer.concat([frameHeader(1000), Buffer.from('{"id":3,"t')]));
    hostileFrames++;
    await served('a truncated frame');

    // On one connection, one frame after another; each gets a structured error.
    const conn = await hostile(env.socket);
    /** `inner` wrapped `depth` times in `open` and `close`. */
    const deep = (open: string, inner: string, close: string, depth: number) => open.repeat(depth) + inner + close.repeat(depth);
    const cases: Array<[string, string, object]> = [
      ['truncated JSON', `{"id":4,"type":"send","version":${PROTOCOL_VERSION},"pane":"1","text":"PWN`, { id: null, ok: false, error: { code: 'PROTOCOL_ERROR' } }],
      ['objects 10,000 deep in a field', `{"id":5,"type":"send","version":${PROTOCOL_VERSION},"pane":"1","text":${deep('{"a":', '{}', '}', 9_999)}}`, { id: 5, ok: false, error: { code: 'INVALID_ARGUMENT' } }],
      ['arrays 10,000 deep as the type', `{"id":6,"type":${deep('[', '', ']', 10_000)},"version":${PROTOCOL_VERSION}}`, { id: 6, ok: false, error: { code: 'PROTOCOL_ERROR' } }],
      ['a `__proto__` key', `{"id":7,"type":"send","version":${PROTOCOL_VERSION},"pane":"1","text":"PWNED","__proto__":{"enter":true,"polluted":1}}`, { id: 7, ok: false, error: { code: 'INVALID_ARGUMENT' } }],
      ['a `constructor.prototype` key', `{"id":8,"type":"list","version":${PROTOCOL_VERSION},"constructor":{"prototype":{"polluted":1}}}`, { id: 8, ok: false, error: { code: 'INVALID_ARGUMENT' } }],
      ['a type only under `__proto__`', `{"id":9,"version":${PROTOCOL_VERSION},"__proto__":{"type":"kill-server"}}`, { id: 9, ok: false, error: { code: 'PROTOCOL_ERROR' } }],
      ['`__proto__` inside a field', `{"id":10,"type":"capture","version":${PROTOCOL_VERSION},"pane":{"__proto__":{"toString":1}}}`, { id: 10, ok: false, error: { code: 'INVALID_ARGUMENT' } }],
      ['garbage', '\u0000\uffff not json at all {', { id: null, ok: false, error: { code: 'PROTOCOL_ERROR' } }],
      ['an unknown request', `{"id":11,"type":"no-such-request","version":${PROTOCOL_VERSION}}`, { id: 11, ok: false, error: { code: 'PROTOCOL_ERROR' } }],
    ];
    for (const [what, text, expected] of cases) {
      t.true(Buffer.byteLength(text) <= MAX_FRAME, `${what} fits in a frame`);
      const fate = await conn.send(text);
      hostileFrames++;
      t.like(fate, { reply: expected }, what);
      await served(what);
    }
    // Nothing was polluted or typed: the same connection still lists normally.
    t.like(await conn.send(`{"id":12,"type":"list","version":${PROTOCOL_VERSION}}`), { reply: { id: 12, ok: true, result: { panes } } });
    conn.ws.close();

    // A browser page: refused at the upgrade.
    const origin = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws+unix://${env.socket}:/`, { origin: 'https://evil.example' });
      ws.once('unexpected-response', (_req, res) => { resolve(res.statusCode ?? 0); res.resume(); });
      ws.once('open', () => { ws.close(); resolve(101); });
      ws.once('error', () => {});
    });
    hostileFrames++;
    t.is(origin, 403, 'a connection with an Origin header');
    await served('an Origin header');

    const screen = (await other.request('capture', { pane: '1' })).lines.join('\n');
    t.false(screen.includes('PWNED'), 'no hostile text reached the pane');
    const rssAfter = rssKb(pid);
    t.true(rssAfter - rssBefore < RSS_BOUND_KB, `server RSS ${mb(rssBefore)} → ${mb(rssAfter)}`);
    // Every hostile connection was let go: the server holds no more descriptors than before.
    const fdsAfter = await waitUntil(() => { const fds = openFds(pid); return fds <= fdsBefore && fds; }, () => `server fds back to ${fdsBefore} (now ${openFds(pid)})`, 5000);
    t.true(alive(pid));
    return {
      done: `${hostileFrames} hostile frames and connections: 1 MiB and 100 MiB text frames, a frame cut short and hung up, truncated JSON, nesting 10,000 deep, \`__proto__\` and \`constructor\` keys, garbage, an unknown type, an Origin header`,
      figure: `1 MiB frame closed (${code(mibFate)}) in ${n(mibMs)} ms, 100 MiB frame closed (${code(huge.fate)}) after ${n(huge.sent / 1024)} KiB in ${n(huge.ms)} ms; server RSS ${mb(rssBefore)} → peak ${mb(huge.peakKb)} → ${mb(rssAfter)}, fds ${fdsBefore} → ${fdsAfter}; the other connection answered list ${answered} of ${answered} times`,
    };
  },
});

/** A `\uD800`-style escape in JSON text with no partner: what jq and serde refuse. */
const LONE_ESCAPE = /\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i;

trial({
  id: 'lone-surrogates',
  what: 'text with a lone UTF-16 surrogate (a pane title, window name, paste buffer or resume argv) is refused where it enters the socket, so `info`, `buffers` and the session file stay JSON every reader takes; a paired one (an emoji) is text like any other',
  async run(t) {
    const env = new ThurmEnv();
    t.teardown(() => env.cleanup());
    await env.ok(['new', '-d', '--size', '80x24']);
    const c = await control(env.socket);
    t.teardown(() => c.close());
    const lone = 'evil\ud800text';
    const attempts: [string, object][] = [
      ['rename-pane', { pane: '1', title: lone }],
      ['rename-window', { name: `\udc00${lone}` }],
      ['set-buffer', { text: lone }],
      ['agent-report', { pane: '1', report: { agent: 'a', owner_pid: 1, instance: 'i', sequence: 1, status: 'idle', resume_argv: ['a', lone] } }],
    ];
    for (const [type, fields] of attempts) {
      await t.throwsAsync(c.request(type, fields), { message: /INVALID_ARGUMENT .*lone UTF-16 surrogate/ }, type);
    }
    await c.request('rename-pane', { pane: '1', title: 'rocket 🚀' });
    await env.ok(['save']);
    const texts = { info: await env.ok(['info', '--json']), buffers: await env.ok(['buffers', '--json']), file: fs.readFileSync(path.join(env.env.XDG_STATE_HOME!, 'thurm', 'default.json'), 'utf8') };
    for (const [what, text] of Object.entries(texts)) t.false(LONE_ESCAPE.test(text), `${what} holds a lone surrogate`);
    t.true(texts.info.includes('rocket 🚀'));
    return { done: `${attempts.length} requests carrying a lone surrogate (title, window name, buffer, resume argv), then a title with an emoji`, figure: 'each refused with INVALID_ARGUMENT; info, buffers and the session file hold no lone surrogate; the emoji title kept' };
  },
});
