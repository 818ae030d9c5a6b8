// Peers that do not read (issue 27): a crowd of events subscribers that never read, and one
// connection that sends requests and never reads their replies, against the real binary. What
// the server queues for them is bounded in all, the rest are served meanwhile, and the memory
// goes back once they are gone. Lengths scale with THURM_HARDENING_SCALE (spec/helpers/trials.ts).
import fs from 'node:fs';
import path from 'node:path';
import { Connection } from '../../lib/cli/connection.js';
import { WsClient } from '../../lib/cli/ws-client.js';
import type { PublicEvent } from '../../lib/server/events.js';
import { MAX_ALL_QUEUED, MAX_CLIENTS, MAX_SUBSCRIBERS } from '../../lib/server/peer-budget.js';
import { PROTOCOL_VERSION } from '../../lib/server/protocol.js';
import { rssKb, sampler } from '../helpers/processes.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { duration, mb, n, percentile, SCALE, trial } from '../helpers/trials.js';
import { waitUntil } from '../helpers/wait.js';

async function session(t: { teardown(fn: () => Promise<void>): void }) {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--size', '100x30', '--', 'sh']);
  return env;
}

/** A raw connection that is open once it resolves; it reads only when resumed. */
function open(socket: string): Promise<WsClient> {
  return new Promise((resolve, reject) => {
    const ws = new WsClient(socket, 256 * 1024 * 1024);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/**
 * Other peers wait at most this long for a reply however many connections pipeline work or are
 * dropped: the second in the documented run; `npm test` runs this beside other workers
 * on two cores, where the same work takes longer, and its bound still fails the stalls of 28 s
 * to 144 s there were before (issue 43).
 */
const FAIR_WAIT_MS = SCALE ? 1000 : 2500;

const frame = (id: number, type: string, fields: object = {}) => JSON.stringify({ ...fields, id, type, version: PROTOCOL_VERSION });

/** Milliseconds a `list` takes over `ctl`, each of `count` in turn. */
async function lists(ctl: Connection, count: number): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await ctl.request('list');
    ms.push(performance.now() - started);
  }
  return ms;
}

trial({
  id: 'subscriber-crowd',
  what: `subscribers that never read beside a flood of events: past ${MAX_SUBSCRIBERS} refused with SERVER_BUSY, the rest dropped with a reason before the server queues more than ${MAX_ALL_QUEUED / 2 ** 20} MiB for them all; a reading subscriber gets every event, \`list\` is answered, memory goes back`,
  timeoutMs: duration(40_000, 3000) + 120_000,
  async run(t) {
    const env = await session(t);
    const pid = await env.serverPid();
    const log = path.join(env.env.XDG_STATE_HOME!, 'thurm', 'default.log');
    const ctl = await Connection.open(env.socket);
    t.teardown(() => ctl.close());
    const reader = await Connection.open(env.socket);
    t.teardown(() => reader.close());
    const seen: PublicEvent[] = [];
    reader.ws.on('message', (data) => {
      const msg = JSON.parse(data.toString());
      if (msg.type === 'event') seen.push(msg.event);
    });
    await reader.request('subscribe', { types: ['status-changed', 'title-changed'] });
    const rssBefore = rssKb(pid);
    const crowd: WsClient[] = [];
    t.teardown(() => { for (const ws of crowd) ws.terminate(); });
    const replies = await Promise.all(Array.from({ length: MAX_SUBSCRIBERS + 10 }, async (_, i) => {
      const ws = await open(env.socket);
      crowd[i] = ws;
      const reply = new Promise<{ ok: boolean; error?: { code: string } }>((resolve) => ws.once('message', (d) => resolve(JSON.parse(d.toString()))));
      ws.send(frame(1, 'subscribe'));
      return reply;
    }));
    // The reader holds one of the places.
    t.is(replies.filter((r) => r.ok).length, MAX_SUBSCRIBERS - 1);
    t.true(replies.filter((r) => !r.ok).every((r) => r.error?.code === 'SERVER_BUSY'));
    const cli = await env.cli(['events']);
    t.is(cli.code, 20, cli.stderr);
    t.regex(cli.stderr, /^thurm: subscribe: .*subscribers/);
    const subscribed = crowd.filter((_, i) => replies[i].ok);
    const closes = subscribed.map((ws) => new Promise<string>((resolve) => ws.on('close', () => resolve(ws.closeReason?.reason ?? ''))));
    for (const ws of crowd) ws.pause();
    // What the connections themselves cost is not what they queue: measured from here.
    const rssCrowd = rssKb(pid);

    // A steady stream of status changes (titles are coalesced, statuses are not): a thousand
    // events fill what the kernel and the server hold for the subscribers that do not read.
    const memory = sampler(pid);
    t.teardown(memory.stop);
    const pairs = "printf '\\033]7501;state=working\\007\\033]7501;state=idle\\007'; ".repeat(20);
    await env.ok(['split', '--', 'sh', '-c', `while :; do ${pairs} sleep 0.05; done`]);
    // For the check's length, and until the server has dropped every subscriber that does not read.
    const ms = duration(40_000, 1000);
    const started = performance.now();
    const latencies: number[] = [];
    const drops = () => (fs.readFileSync(log, 'utf8').match(/dropped subscriber/g) ?? []).length;
    while (performance.now() - started < ms || drops() < subscribed.length) {
      latencies.push(...await lists(ctl, 1));
      if (performance.now() - started > ms + 60_000) throw new Error(`after a minute more of the flood, ${drops()} of ${subscribed.length} subscribers that do not read were dropped`);
    }
    await ctl.request('kill-pane', { pane: '2' });
    await ctl.request('send', { pane: '1', text: "printf '\\033]2;flood-over\\007'", keys: ['Enter'] });
    await waitUntil(() => seen.some((e) => e.type === 'title-changed' && e.title === 'flood-over'), () => `the reader to see the end of the flood (${seen.length} seen, last ${JSON.stringify(seen.at(-1))})`, 60_000);
    const peak = Math.max(...memory.samples.map((s) => s.rss), rssKb(pid));

    // Reading again, each of the crowd finds it was dropped: told why in the close frame, unless
    // it was cut off before it read that far (the server needed the memory its queue held).
    for (const ws of crowd) ws.resume();
    const reasons = await Promise.all(closes);
    const told = reasons.filter((r) => r !== '').length;
    t.true(reasons.every((r) => r === '' || /^too-slow: /.test(r)), [...new Set(reasons)].join(', '));
    t.is(drops(), subscribed.length);
    memory.stop();
    const statuses = seen.filter((e) => e.type === 'status-changed').length;
    t.deepEqual(seen.map((e) => e.seq), seen.map((_, i) => i + 1), 'the reader lost no event');
    // Output whose every few bytes are a status told to 255 subscribers is parsed in chunks that
    // take a slice's time, not in 64 KiB ones of half a second each (parse-budget.ts).
    t.true(Math.max(...latencies) < FAIR_WAIT_MS, `a list waited ${n(Math.max(...latencies))} ms while subscribers were dropped`);
    // RSS, not the count: what the strings and buffers of a send cost before the GC takes them
    // back is on top of the bytes counted (200 MB on a loaded machine, 1.8 GB unbounded before).
    t.true(peak - rssCrowd < (8 * MAX_ALL_QUEUED) / 1024, `RSS grew from ${mb(rssCrowd)} with the crowd connected to ${mb(peak)}`);
    const after = rssKb(pid);
    return {
      done: `${n(MAX_SUBSCRIBERS + 10)} subscribers at once, ${n(MAX_SUBSCRIBERS - 1)} of them never reading, beside a reading one and ${n(ms / 1000)} s of status changes (${n(statuses)} events reached the reader); ${n(latencies.length)} list requests meanwhile`,
      figure: `${n(replies.filter((r) => !r.ok).length + 1)} refused with SERVER_BUSY (the CLI too, exit 20); every one of the others dropped and logged (${told} told \`too-slow\` in the close frame, ${subscribed.length - told} cut off before they read that far); lost: nothing (the reader's ${n(seen.length)} events numbered without a gap, every list answered, p99 ${n(percentile(latencies, 99))} ms, max ${n(Math.max(...latencies))} ms); RSS ${mb(rssBefore)} before, ${mb(rssCrowd)} with the crowd connected, ${mb(peak)} peak, ${mb(after)} after`,
    };
  },
});

trial({
  id: 'unread-replies',
  what: 'one connection sends large `capture` requests and never reads the replies: the server stops reading it instead of queuing them, `list` on another connection is answered meanwhile, and once it reads every reply arrives',
  timeoutMs: duration(240_000, 10_000) + 120_000,
  async run(t) {
    const env = await session(t);
    const pid = await env.serverPid();
    const ctl = await Connection.open(env.socket);
    t.teardown(() => ctl.close());
    // 1,000 lines of history of 90 characters: each reply is about 90 KB.
    await ctl.request('send', { pane: '1', text: "seq -f '%090g' 1 1000; echo history-done", keys: ['Enter'] });
    await waitUntil(async () => (await ctl.request<{ lines: string[] }>('capture', { pane: '1' })).lines.some((l: string) => l === 'history-done'), 'the history to be written');
    const one = Buffer.byteLength(JSON.stringify(await ctl.request('capture', { pane: '1', scrollback: 1000 })));
    const rssBefore = rssKb(pid);
    const memory = sampler(pid);
    t.teardown(memory.stop);

    const sender = await open(env.socket);
    t.teardown(() => sender.terminate());
    sender.pause();
    let answered = 0;
    let failed = 0;
    sender.on('message', (data) => {
      if (JSON.parse(data.toString()).ok) answered++;
      else failed++;
    });
    const closed = new Promise<void>((resolve) => sender.on('close', () => resolve()));
    // Far more replies than one connection may have queued (16 MiB) in a short run.
    const requests = SCALE ? Math.max(400, Math.round(63_800 * SCALE)) : 400;
    for (let id = 1; id <= requests; id++) sender.send(frame(id, 'capture', { pane: '1', scrollback: 1000 }));
    // Answered after the server read what the sender wrote before them.
    const latencies = await lists(ctl, SCALE ? 200 : 20);
    const peak = Math.max(...memory.samples.map((s) => s.rss), rssKb(pid));
    sender.resume();
    await Promise.race([waitUntil(() => answered + failed === requests, () => `every reply (${answered + failed} of ${requests})`, 600_000), closed]);
    t.is(answered, requests, `replies: ${answered} of ${requests} (${failed} failed)`);
    sender.close();
    await closed;
    memory.stop();
    const after = rssKb(pid);
    t.true(peak - rssBefore < 64 * 1024, `RSS grew from ${mb(rssBefore)} to ${mb(peak)} while the sender did not read`);
    return {
      done: `${n(requests)} capture requests of ${n(one / 1024)} KB replies (${n((requests * one) / 2 ** 20)} MiB in all) on one connection that read nothing until they were sent; ${latencies.length} list requests on another meanwhile`,
      figure: `every list answered (p99 ${n(percentile(latencies, 99))} ms, max ${n(Math.max(...latencies))} ms); lost: nothing (all ${n(requests)} replies arrived once it read); RSS ${mb(rssBefore)} before, ${mb(peak)} peak while unread, ${mb(after)} after`,
    };
  },
});

trial({
  id: 'client-crowd',
  what: `a crowd of read-only attaches beside a printing pane: past ${MAX_CLIENTS} clients an attach is refused with SERVER_BUSY (the CLI says so, exit 20), the server's memory stays bounded, and \`list\` is answered throughout`,
  timeoutMs: 180_000,
  async run(t) {
    const env = await session(t);
    const pid = await env.serverPid();
    await env.ok(['split', '--', 'sh', '-c', 'while :; do date; sleep 0.02; done']);
    const ctl = await Connection.open(env.socket);
    t.teardown(() => ctl.close());
    const rssBefore = rssKb(pid);
    const crowd: WsClient[] = [];
    t.teardown(() => { for (const ws of crowd) ws.terminate(); });
    const latencies: number[] = [];
    const replies = await Promise.all(Array.from({ length: MAX_CLIENTS + 8 }, async (_, i) => {
      const ws = await open(env.socket);
      crowd[i] = ws;
      // Frames after the reply are binary: the reply is the first text message.
      const reply = new Promise<{ ok: boolean; error?: { code: string } }>((resolve) => ws.on('message', (d, binary) => { if (!binary) resolve(JSON.parse(d.toString())); }));
      ws.send(frame(1, 'attach', { size: { cols: 100, rows: 30 }, term: 'xterm-256color', readOnly: true }));
      return reply;
    }));
    latencies.push(...await lists(ctl, 20));
    t.is(replies.filter((r) => r.ok).length, MAX_CLIENTS);
    t.true(replies.filter((r) => !r.ok).every((r) => r.error?.code === 'SERVER_BUSY'));
    t.is((await ctl.request<{ clients: number }>('info')).clients, MAX_CLIENTS);
    const cli = new TestTerminal(process.execPath, [BIN, 'attach', '-r'], env.env, 100, 30);
    t.teardown(() => cli.kill());
    t.is(await cli.exited, 20);
    // Its last output may be parsed after it exited.
    const busy = /thurm: attach: the session has \d+ clients, the most it serves/;
    await waitUntil(() => busy.test(cli.text()), 'the CLI\'s refusal on its screen').catch(() => {});
    t.regex(cli.text(), busy);
    const rssCrowd = rssKb(pid);
    for (const ws of crowd) ws.terminate();
    await waitUntil(async () => (await ctl.request<{ clients: number }>('info')).clients === 0, 'the crowd to be gone');
    latencies.push(...await lists(ctl, 20));
    t.true(rssCrowd - rssBefore < MAX_CLIENTS * 4 * 1024, `RSS ${mb(rssBefore)} → ${mb(rssCrowd)} with ${MAX_CLIENTS} clients`);
    return {
      done: `${n(MAX_CLIENTS + 8)} read-only attaches at once beside a pane printing every 20 ms, then the CLI's \`attach -r\`; 40 list requests`,
      figure: `${MAX_CLIENTS} attached, 8 refused with SERVER_BUSY and the CLI exit 20; RSS ${mb(rssBefore)} → ${mb(rssCrowd)} with the crowd (about ${n(Math.round((rssCrowd - rssBefore) / MAX_CLIENTS))} kB a client); list p99 ${n(percentile(latencies, 99))} ms`,
    };
  },
});

/** `list` asked over `ctl` back to back for `ms`: how long each took (no timeout: a stall is measured, not cut short). */
async function listsFor(ctl: Connection, ms: number): Promise<number[]> {
  const took: number[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const started = performance.now();
    const reply = await ctl.send('list', {}, null);
    if (!reply.ok) throw new Error(`list: ${reply.error.message}`);
    took.push(performance.now() - started);
  }
  return took;
}

/** Connections that each send `frames` at once and never read what comes back. */
async function silentCrowd(t: { teardown(fn: () => void): void }, socket: string, count: number, frames: (i: number) => string[]): Promise<WsClient[]> {
  const crowd: WsClient[] = [];
  t.teardown(() => { for (const ws of crowd) ws.terminate(); });
  for (let i = 0; i < count; i++) {
    const ws = await open(socket);
    ws.pause();
    crowd.push(ws);
  }
  crowd.forEach((ws, i) => { for (const f of frames(i)) ws.send(f); });
  return crowd;
}

/** A session, a control connection to it that reads, and its server's pid. */
async function watchedSession(t: { teardown(fn: () => Promise<void> | void): void }) {
  const env = await session(t);
  const ctl = await Connection.open(env.socket);
  t.teardown(() => ctl.close());
  return { env, ctl, pid: await env.serverPid() };
}

/** Samples the server's RSS from now on; the function returned stops and gives the highest, in kB. */
function rssSampled(t: { teardown(fn: () => void): void }, pid: number): () => number {
  const memory = sampler(pid);
  t.teardown(memory.stop);
  return () => {
    memory.stop();
    return Math.max(...memory.samples.map((s) => s.rss), rssKb(pid));
  };
}

trial({
  id: 'request-crowd',
  what: 'many connections pipeline large `capture` requests and never read: the server serves every connection in turn, so `list` on another is answered within a second throughout, and its memory stays bounded',
  timeoutMs: 180_000,
  async run(t) {
    const { env, pid, ctl } = await watchedSession(t);
    await ctl.request('send', { pane: '1', text: "seq -f '%090g' 1 1000; echo history-done", keys: ['Enter'] });
    await waitUntil(async () => (await ctl.request<{ lines: string[] }>('capture', { pane: '1' })).lines.includes('history-done'), 'the history to be written');
    const one = Buffer.byteLength(JSON.stringify(await ctl.request('capture', { pane: '1', scrollback: 1000 })));
    const rssBefore = rssKb(pid);
    const peakRss = rssSampled(t, pid);
    const connections = SCALE ? 200 : 60;
    const capture = (id: number) => frame(id, 'capture', { pane: '1', scrollback: 1000 });
    await silentCrowd(t, env.socket, connections, () => Array.from({ length: 64 }, (_, id) => capture(id + 1)));
    const latencies = await listsFor(ctl, duration(60_000, 2000));
    const peak = peakRss();
    const worst = Math.max(...latencies);
    t.true(worst < FAIR_WAIT_MS, `a list waited ${n(worst)} ms`);
    t.true(peak - rssBefore < 512 * 1024, `RSS ${mb(rssBefore)} → ${mb(peak)}`);
    return {
      done: `${n(connections)} connections each sending 64 capture requests of ${n(one / 1024)} KB replies at once (${n((connections * 64 * one) / 2 ** 20)} MiB asked for) and never reading; ${n(latencies.length)} list requests on another meanwhile`,
      figure: `every list answered, max ${n(worst)} ms (p99 ${n(percentile(latencies, 99))} ms), where one waited 45 s before; RSS ${mb(rssBefore)} before, ${mb(peak)} peak`,
    };
  },
});

trial({
  id: 'large-replies',
  what: 'connections asking for a 20 MB `info` and subscribers to a 20 MB snapshot that never read: `list` on another connection is answered within a second throughout, and the server\'s memory stays bounded',
  timeoutMs: 300_000,
  async run(t) {
    const { env, pid, ctl } = await watchedSession(t);
    // Each pane's program sets 256 status records with 2 KB messages: about 560 KB of info a pane.
    const script = path.join(env.dir, 'records.sh');
    fs.writeFileSync(script, "m=$(head -c 2048 /dev/zero | tr '\\0' a | base64 -w0); i=0; while [ $i -lt 256 ]; do printf '\\033]7501;state=working:id=r%d:msg=%s\\033\\\\' $i \"$m\"; i=$((i+1)); done; exec sleep 1000\n");
    const panes = SCALE ? 40 : 12;
    for (let i = 0; i < panes; i++) await ctl.request('new-window', { argv: ['sh', script], detached: true });
    const size = async () => Buffer.byteLength(JSON.stringify(await ctl.request('info')));
    await waitUntil(async () => await size() > panes * 500_000, 'every pane\'s records');
    const bytes = await size();
    const rssBefore = rssKb(pid);
    const peakRss = rssSampled(t, pid);
    const askers = SCALE ? 20 : 8;
    const subscribers = SCALE ? 100 : 30;
    await silentCrowd(t, env.socket, askers, () => Array.from({ length: 64 }, (_, id) => frame(id + 1, 'info')));
    const whileAsked = await listsFor(ctl, duration(20_000, 1500));
    await silentCrowd(t, env.socket, subscribers, () => [frame(1, 'subscribe')]);
    const whileSubscribed = await listsFor(ctl, duration(20_000, 1500));
    const peak = peakRss();
    const worst = Math.max(...whileAsked, ...whileSubscribed);
    t.true(worst < FAIR_WAIT_MS, `a list waited ${n(worst)} ms`);
    t.true(peak - rssBefore < 1024 * 1024, `RSS ${mb(rssBefore)} → ${mb(peak)}`);
    return {
      done: `a session whose info and snapshot are ${n(bytes / 1e6)} MB (${panes} panes of 256 status records); ${askers} connections each sending 64 info requests, then ${subscribers} subscribers, none reading; ${n(whileAsked.length + whileSubscribed.length)} list requests on another meanwhile`,
      figure: `every list answered, max ${n(Math.max(...whileAsked))} ms beside the info requests and ${n(Math.max(...whileSubscribed))} ms beside the subscribers (144 s and 28 s before); RSS ${mb(rssBefore)} before, ${mb(peak)} peak (5.2 GB before)`,
    };
  },
});
