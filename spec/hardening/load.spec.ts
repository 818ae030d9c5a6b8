// Load (issue 14): floods beside an idle shell, many busy panes, and a crowd of control
// connections, against the real binary. Each check reports what it ran and what it measured;
// their lengths scale with THURM_HARDENING_SCALE (spec/helpers/trials.ts).
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { PROTOCOL_VERSION } from '../../lib/server/protocol.js';
import { connectionLimit } from '../../lib/server/server.js';
import { openFds, rssKb } from '../helpers/processes.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { duration, n, percentile, trial } from '../helpers/trials.js';
import { waitUntil } from '../helpers/wait.js';

async function session(t: { teardown(fn: () => Promise<void>): void }, args: string[] = []) {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--size', '100x30', ...args]);
  return env;
}

/** Opens a control connection; resolves with it, or with the HTTP status that refused it. */
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

const mb = (kb: number) => `${n(kb / 1024, 1)} MB`;

trial({
  id: 'connection-crowd',
  what: '2,000 concurrent control connections and 10,000 requests a second: those past the limit are refused with 503 and the CLI says the server is busy; every accepted request is answered and an attached client still echoes',
  timeoutMs: duration(60_000, 5000) + 120_000,
  async run(t) {
    const env = await session(t, ['--', 'sh']);
    const pid = await env.serverPid();
    const client = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
    t.teardown(() => client.kill());
    await client.waitForText('[default]');
    const fdsBefore = openFds(pid);
    const rssBefore = rssKb(pid);
    const results = await Promise.all(Array.from({ length: 2000 }, () => connect(env.socket)));
    const open = results.filter((r): r is WebSocket => r instanceof WebSocket);
    t.teardown(() => { for (const ws of open) ws.terminate(); });
    const refused = results.filter((r): r is { refused: number; body: string } => !(r instanceof WebSocket));
    const limit = connectionLimit(fs.readFileSync(`/proc/${pid}/limits`, 'utf8'));
    // The attached client holds one of the server's connections.
    t.is(open.length, limit - 1);
    t.true(refused.every((r) => r.refused === 503 && /too many connections/.test(r.body)));
    const busy = await env.cli(['list']);
    t.is(busy.code, 20, busy.stderr);
    t.regex(busy.stderr, /^thurm: server busy/);

    // 10,000 requests a second, spread over the open connections, for the check's length.
    const ms = duration(60_000, 5000);
    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    let failed = 0;
    for (const ws of open) {
      ws.on('message', (data) => {
        const reply = JSON.parse(data.toString()) as { id: number; ok: boolean };
        if (!reply.ok) failed++;
        latencies.push(performance.now() - sentAt.get(reply.id)!);
        sentAt.delete(reply.id);
      });
    }
    let id = 0;
    let echoes = 0;
    const started = performance.now();
    const typing = (async () => {
      // The attached user types meanwhile and sees each key echoed.
      while (performance.now() - started < ms) {
        client.write('x');
        echoes++;
        await client.waitFor((s) => (s.match(/x/g)?.length ?? 0) >= echoes, `echo ${echoes} during the load`, 10_000);
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    while (performance.now() - started < ms) {
      const due = Math.floor(((performance.now() - started) / 1000) * 10_000);
      for (; id < due; id++) {
        sentAt.set(id, performance.now());
        open[id % open.length].send(JSON.stringify({ id, type: 'list', version: PROTOCOL_VERSION }));
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    await typing;
    await waitUntil(() => sentAt.size === 0, () => `every request answered (${sentAt.size} of ${id} waiting)`, 60_000);
    const seconds = (performance.now() - started) / 1000;
    t.is(failed, 0);
    const rssPeak = rssKb(pid);
    for (const ws of open) ws.close();
    await waitUntil(async () => (await env.cli(['list'])).code === 0, 'the CLI served once the crowd left');
    await waitUntil(() => openFds(pid) <= fdsBefore, () => `the server's fds back to ${fdsBefore} (${openFds(pid)})`);
    return {
      done: `2,000 connections at once (limit ${n(limit)}); ${n(id)} list requests over ${n(open.length)} of them in ${n(ms / 1000)} s; ${echoes} keys typed in an attached client meanwhile`,
      figure: `${n(refused.length)} refused with 503; ${n(id)} answered, none failed, ${n(id / seconds)} a second, p99 ${n(percentile(latencies, 99))} ms; RSS ${mb(rssBefore)} → ${mb(rssPeak)}; fds ${fdsBefore} before and after`,
    };
  },
});
