// Attached clients: who may attach, what a detached client can still change (nothing), and
// how the server copes with clients that flood it or never read.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import WebSocket from 'ws';
import { PROTOCOL_VERSION } from '../../lib/server/protocol.js';
import { TestTerminal } from '../helpers/terminal.js';
import { rssKb } from '../helpers/processes.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { n, trial } from '../helpers/trials.js';
import { waitUntil } from '../helpers/wait.js';

async function session(t: { teardown(fn: () => Promise<void>): void }, args: string[] = []) {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--size', '80x24', ...args]);
  return env;
}

function connect(socket: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws+unix://${socket}:/`);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Attaches a raw client of the given size and resolves once the server accepted it. */
async function attachRaw(socket: string, cols: number, rows: number): Promise<WebSocket> {
  const ws = await connect(socket);
  const accepted = new Promise<void>((resolve) => ws.once('message', () => resolve()));
  ws.send(JSON.stringify({ id: 1, type: 'attach', version: PROTOCOL_VERSION, size: { cols, rows }, term: 'xterm-256color', truecolor: false }));
  await accepted;
  return ws;
}

test.serial('thurm inside a pane refuses to attach its own session, and -s starts another one', async (t) => {
  const env = await session(t, ['--', 'sh']);
  t.teardown(async () => { await env.cli(['kill-server', '-s', 'other']); });
  const thurm = `${process.execPath} ${BIN}`;
  await env.ok(['send', '--pane', '1', '--enter', `${thurm}; echo "nested=$?"; ${thurm} attach; echo "nested-attach=$?"`]);
  await waitUntil(async () => /nested-attach=2/.test(await env.capture('1')), 'the nested attach to fail');
  t.regex(await env.capture('1'), /nested=2\n/);
  t.is((await env.json(['info'])).clients, 0);
  t.deepEqual((await env.json(['list'])).panes[0].size, { cols: 80, rows: 22 });
  // -s names another session even though the pane's THURM_SOCKET names this one.
  await env.ok(['send', '--pane', '1', '--enter', `${thurm} new -d -s other -- sh; echo "other=$?"`]);
  await waitUntil(async () => /other=0/.test(await env.capture('1')), 'a second session from inside the pane');
  t.is((await env.json(['list', '-s', 'other'])).panes.length, 1);
});

test.serial('a resize from a client after its detach changes nothing and leaves no ghost client', async (t) => {
  const env = await session(t, ['--', 'sh']);
  const ws = await attachRaw(env.socket, 60, 20);
  await waitUntil(async () => (await env.json(['list'])).panes[0].size.cols === 60, 'the client size applied');
  // The client answers the detach with one more resize, as a terminal being resized would.
  const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  ws.on('message', (data, isBinary) => {
    if (!isBinary && JSON.parse(data.toString()).type === 'detached') ws.send(JSON.stringify({ type: 'resize', size: { cols: 30, rows: 8 } }));
  });
  await env.ok(['detach']);
  await closed;
  t.is((await env.json(['info'])).clients, 0);
  // A new, larger client sets the size alone: nothing pins it to the detached client's.
  const big = await attachRaw(env.socket, 100, 30);
  t.teardown(() => big.terminate());
  await waitUntil(async () => (await env.json(['list'])).panes[0].size.cols === 100, 'the new client size applied');
  t.is((await env.json(['info'])).clients, 1);
  // Frames were drawn for the clients, so info reports how long composing them took.
  const frames = await waitUntil(async () => (await env.json(['info'])).frames, 'frame times in info');
  t.true(frames.count > 0 && frames.p99Ms >= frames.p50Ms && frames.p50Ms >= 0);
});

// ---- large input ----

/** Text of `n` characters whose every 10-character block holds its own number, so order shows. */
function numbered(n: number): string {
  let s = '';
  for (let i = 0; s.length < n; i++) s += `${i}`.padStart(9, '0') + '|';
  return s.slice(0, n);
}

/** A pane that copies exactly `bytes` bytes of raw input to a file and then says so. */
async function sink(env: ThurmEnv, bytes: number): Promise<string> {
  const out = path.join(env.dir, 'received');
  await env.ok(['split', '--', 'sh', '-c', `stty raw -echo; echo sink-ready; head -c ${bytes} > ${out}; echo received-all; exec cat`]);
  await waitUntil(async () => (await env.capture('2')).includes('sink-ready'), 'the sink to be ready');
  return out;
}

test.serial('send and agent prompt over the frame limit: send is split and arrives whole, prompt is INVALID_ARGUMENT', async (t) => {
  const env = await session(t, ['--', 'sh']);
  const text = numbered(300_000);
  const out = await sink(env, text.length);
  // Three arguments (one may not exceed 128 KiB), joined with spaces by send.
  const args = [text.slice(0, 100_000), text.slice(100_001, 200_000), text.slice(200_001)];
  await env.ok(['send', '--pane', '2', ...args]);
  await waitUntil(async () => (await env.capture('2')).includes('received-all'), 'the whole text in the pane');
  t.is(fs.readFileSync(out, 'utf8'), args.join(' '));
  const prompt = await env.cli(['agent', 'prompt', '--pane', '1', '\x01'.repeat(20_000)]);
  t.is(prompt.code, 2, prompt.stderr);
});

test.serial('a paste of any size through attach reaches the pane whole and in order', async (t) => {
  const env = await session(t, ['--', 'sh']);
  const text = numbered(1_000_000);
  const out = await sink(env, text.length);
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
  t.teardown(() => term.kill());
  await term.waitForText('[default]');
  term.write(`\x1b[200~${text}\x1b[201~`);
  await waitUntil(async () => (await env.capture('2')).includes('received-all'), 'the whole paste in the pane', 30_000);
  t.is(fs.readFileSync(out, 'utf8'), text);
});

// ---- clients that flood or never read ----

test.serial('a control client that never reads its replies is dropped and the server stays small', async (t) => {
  const env = await session(t, ['--', 'sh', '-c', 'seq 1 2000; exec cat']);
  const pid = await env.serverPid();
  const ws = await connect(env.socket);
  ws.pause();
  let closed = false;
  ws.on('close', () => { closed = true; });
  ws.on('error', () => {});
  // Each capture reply is a screenful; far more of them than the server may queue.
  let sent = 0;
  while (!closed && sent < 100_000) {
    for (let i = 0; i < 200; i++) ws.send(JSON.stringify({ id: sent++, type: 'capture', pane: '1' }));
    await new Promise((r) => setImmediate(r));
  }
  await waitUntil(() => closed, 'the connection to be dropped', 30_000);
  t.true(rssKb(pid) < 400 * 1024, `server RSS ${rssKb(pid)} kB`);
  t.is((await env.json(['list'])).panes.length, 1);
  t.regex(fs.readFileSync(path.join(env.dir, 'state', 'thurm', 'default.log'), 'utf8'), /dropped control client/);
});

test.serial('an attached client that stops reading holds at most a frame: the server stays small and others go on', async (t) => {
  const env = await session(t, ['--', 'sh', '-c', 'i=0; while :; do i=$((i+1)); printf "line %s %0200d\\n\\033]9;note %s\\007" $i 0 $i; done']);
  const pid = await env.serverPid();
  const ws = await attachRaw(env.socket, 200, 60);
  ws.pause();
  ws.on('error', () => {});
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
  t.teardown(() => { term.kill(); ws.terminate(); });
  await term.waitForText('[default]');
  // The flood goes on for a while; the other client still sees it move.
  for (let round = 0; round < 5; round++) {
    const before = term.text();
    await term.waitFor((s) => s !== before && /line \d+/.test(s), 'the other client to keep getting frames');
  }
  await env.ok(['split', '--', 'sh']);
  await term.waitFor((s) => /━ 2 sh/.test(s), 'a split to show in the other client');
  t.true(rssKb(pid) < 400 * 1024, `server RSS ${rssKb(pid)} kB`);
  t.is((await env.json(['info'])).clients, 2);
});

trial({
  id: 'resize-storm',
  what: '1,000 outer resizes in a burst with 5 panes printing: the final size in every pane, borders and status line drawn, and the CLI answered during it',
  async run(t) {
    const env = await session(t, ['--', 'sh', '-c', 'i=0; while :; do i=$((i+1)); echo "pane one $i"; done']);
    for (let i = 2; i <= 5; i++) await env.ok(['split', i % 2 ? '--down' : '--right', '--', 'sh', '-c', `i=0; while :; do i=$((i+1)); echo "pane ${i} $i"; done`]);
    const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
    t.teardown(() => term.kill());
    await term.waitForText('[default]');
    // The sizes a single resize to the final size gives, to compare with the storm's outcome.
    const sizes = async () => (await env.json(['list'])).panes.map((p: any) => `${p.id} ${p.size.cols}x${p.size.rows}`).join(', ');
    term.resize(90, 26);
    await term.waitFor((s) => s.split('\n')[25]?.startsWith('[default]'), 'the first resize');
    const expected = await sizes();
    term.resize(100, 30);
    await waitUntil(async () => (await sizes()) !== expected, 'the size back to 100x30');
    let storming = true;
    const stormStarted = performance.now();
    let stormMs = 0;
    const storm = (async () => {
      for (let i = 0; i < 1000; i++) {
        term.resize(60 + (i % 50), 15 + (i % 20));
        if (i % 20 === 0) await new Promise((r) => setImmediate(r));
      }
      term.resize(90, 26);
      stormMs = performance.now() - stormStarted;
      storming = false;
    })();
    // CLI commands are answered while the storm goes on (each within the CLI's own timeout).
    let answered = 0;
    while (storming || answered === 0) {
      t.is((await env.cli(['list'])).code, 0);
      answered++;
    }
    await storm;
    await waitUntil(async () => (await sizes()) === expected, () => `the panes to take the final size: ${expected}`);
    t.is((await env.json(['info'])).clients, 1);
    // The screen, as the terminal shows it: five pane borders and the status line on the last row.
    const drawn = await term.waitFor((s) => {
      const lines = s.split('\n');
      return lines.length === 26 && lines[25].startsWith('[default]') && [1, 2, 3, 4, 5].every((n) => new RegExp(`[─━] ${n} sh`).test(s));
    }, 'borders and status line at 90x26');
    t.truthy(drawn);
    return {
      done: `5 panes printing as fast as they can; 1,000 resizes of the attached client's terminal in ${n(stormMs / 1000, 1)} s, ending at 90x26`,
      figure: `all 5 panes took the sizes a single resize gives (${expected}); borders and status line drawn; ${answered} CLI commands answered meanwhile`,
    };
  },
});
