// Load (issue 14): floods beside an idle shell, many busy panes, and a crowd of control
// connections, against the real binary. Each check reports what it ran and what it measured;
// their lengths scale with THURM_HARDENING_SCALE (spec/helpers/trials.ts).
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { printable } from '../../lib/sanitize.js';
import { PROTOCOL_VERSION } from '../../lib/server/protocol.js';
import { connectionLimit } from '../../lib/server/server.js';
import { PaneTerminal } from '../../lib/term/pane-terminal.js';
import { connect, control } from '../helpers/control.js';
import { mixedEscapes } from '../helpers/escape-stream.js';
import { invariant } from '../helpers/hardening.js';
import { openFds, rssKb, sampler } from '../helpers/processes.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { duration, mb, n, percentile, SCALE, slope, trial } from '../helpers/trials.js';
import { waitUntil } from '../helpers/wait.js';

async function session(t: { teardown(fn: () => Promise<void>): void }, args: string[] = []) {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--size', '100x30', ...args]);
  return env;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Milliseconds from writing `key` into the client until a screen line shows `expect` (or `shows` holds). */
function typed(client: TestTerminal, key: string, expect: string, timeoutMs = 10_000, shows = (lines: string[]) => lines.some((l) => l.includes(expect))): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const seen = () => shows(client.lines());
    const done = (err?: Error) => {
      clearTimeout(timer);
      parsed.dispose();
      if (err) reject(err);
      else resolve(performance.now() - started);
    };
    const timer = setTimeout(() => done(new Error(`no echo of ${JSON.stringify(expect)} within ${timeoutMs} ms; screen:\n${client.text()}`)), timeoutMs);
    const parsed = client.term.onWriteParsed(() => { if (seen()) done(); });
    client.write(key);
  });
}

trial({
  id: 'flood-beside-idle',
  what: '`yes` and `base64 /dev/urandom` in panes beside an idle shell: no crash, server memory bounded, the idle pane echoes within 100 ms at p99, C-c stops each flood within a second',
  timeoutMs: duration(600_000, 2000) + 120_000,
  async run(t) {
    const env = await session(t, ['--', 'sh']);
    const pid = await env.serverPid();
    await env.ok(['split', '--', 'sh']);
    await env.ok(['split', '--', 'sh']);
    await env.ok(['send', '--pane', '2', '--enter', 'yes']);
    await env.ok(['send', '--pane', '3', '--enter', 'base64 /dev/urandom']);
    await env.ok(['focus', '--pane', '1']);
    const client = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 120, 40);
    client.keepRaw = false;
    t.teardown(() => client.kill());
    await client.waitForText('[default]');
    const ctl = await control(env.socket);
    t.teardown(() => ctl.close());
    const ms = duration(600_000, 2000);
    const memory = sampler(pid);
    t.teardown(memory.stop);
    const latencies: number[] = [];
    const started = performance.now();
    for (let round = 0; performance.now() - started < ms; round++) {
      const line = `$ : r${round} `;
      await typed(client, `: r${round} `, line);
      let word = '';
      for (const letter of 'abcdefghijklmnopqrst') {
        word += letter;
        latencies.push(await typed(client, letter, line + word));
        await sleep(50);
      }
      // Typed ahead of the next prompt, the next round's text would be echoed above it.
      await typed(client, '\r', '', 10_000, (lines) => lines.filter((l) => l.split('│')[0].trimEnd() === '$').length === 1);
    }
    memory.stop();
    const stops: number[] = [];
    for (const [pane, program] of [['2', 'yes'], ['3', 'base64']]) {
      await ctl.request('focus', { pane });
      const before = performance.now();
      client.write('\x03');
      await waitUntil(async () => {
        const p = (await ctl.request('info')).panes.find((x: any) => x.id === pane);
        return p.foreground?.argv[0] !== program;
      }, `${program} stopped by C-c`, 5000, 5);
      stops.push(performance.now() - before);
    }
    const rss = memory.samples.map((s) => s.rss);
    const p99 = percentile(latencies, 99);
    // A latency goal, held in the documented run on a quiet machine; in `npm test`, beside other
    // specs on the same cores, it is measured and reported (every key was echoed, or a wait failed).
    if (SCALE) t.true(p99 < 100, `p99 echo ${p99} ms`);
    t.true(Math.max(...rss) < 400 * 1024, `server RSS peaked at ${Math.max(...rss)} kB`);
    t.true(stops.every((s) => s < 1000), `C-c took ${stops.join(', ')} ms`);
    t.truthy((await ctl.request('info')).panes.length === 3);
    return {
      done: `${n(ms / 60_000, 1)} minutes of \`yes\` and \`base64 /dev/urandom\` beside an idle \`sh\`, one client attached at 120x40; ${n(latencies.length)} keys typed into the idle pane`,
      figure: `echo p50 ${n(percentile(latencies, 50))} ms, p99 ${n(p99)} ms, max ${n(Math.max(...latencies))} ms; RSS ${mb(rss[0])} → ${mb(rss.at(-1)!)} (peak ${mb(Math.max(...rss))}); C-c stopped them in ${stops.map((s) => n(s)).join(' and ')} ms`,
    };
  },
});

trial({
  id: 'connection-crowd',
  what: '2,000 concurrent control connections and 10,000 requests a second: those past the limit are refused with 503 and the CLI says the server is busy; every accepted request is answered and an attached client still echoes',
  timeoutMs: duration(60_000, 1500) + 120_000,
  async run(t) {
    const env = await session(t, ['--', 'sh']);
    const pid = await env.serverPid();
    // Only the crowd and the attached client hold connections to the server.
    await env.disconnect();
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
    const busy = await env.spawnCli(['list']);
    t.is(busy.code, 20, busy.stderr);
    t.regex(busy.stderr, /^thurm: server busy/);

    // 10,000 requests a second, spread over the open connections, for the check's length.
    const ms = duration(60_000, 1500);
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
    await waitUntil(async () => (await env.spawnCli(['list'])).code === 0, 'the CLI served once the crowd left');
    await waitUntil(() => openFds(pid) <= fdsBefore, () => `the server's fds back to ${fdsBefore} (${openFds(pid)})`);
    return {
      done: `2,000 connections at once (limit ${n(limit)}); ${n(id)} list requests over ${n(open.length)} of them in ${n(ms / 1000)} s; ${echoes} keys typed in an attached client meanwhile`,
      figure: `${n(refused.length)} refused with 503; ${n(id)} answered, none failed, ${n(id / seconds)} a second, p99 ${n(percentile(latencies, 99))} ms; RSS ${mb(rssBefore)} → ${mb(rssPeak)}; fds ${fdsBefore} before and after`,
    };
  },
});

/** A pane program that prints about 200 KB a second: 200 numbered lines of 100 bytes every 0.1 s. */
const PRINTER = ['perl', '-e', '$| = 1; $l = ("x" x 90) . "\\n"; while (1) { printf("%8d %s", ++$i, $l) for 1 .. 200; select(undef, undef, undef, 0.1) }'];

trial({
  id: 'many-busy-panes',
  what: '50 panes each printing 200 KB/s, with resizes and attach/detach cycles: memory flat after warm-up, open fds stable',
  timeoutMs: duration(1_800_000, 3000) + 180_000,
  async run(t) {
    const panes = SCALE ? 50 : 10;
    const env = await session(t, ['--', ...PRINTER]);
    const pid = await env.serverPid();
    for (let i = 1; i < panes; i++) await env.ok(i % 5 ? ['split', '--', ...PRINTER] : ['new-window', '--', ...PRINTER]);
    t.is((await env.json(['list'])).panes.length, panes);
    const client = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 200, 50);
    client.keepRaw = false;
    t.teardown(() => client.kill());
    await client.waitForText('[default]', 20_000);
    const ctl = await control(env.socket);
    t.teardown(() => ctl.close());
    const ms = duration(1_800_000, 3000);
    const memory = sampler(pid);
    t.teardown(memory.stop);
    const started = performance.now();
    let cycles = 0;
    let resizes = 0;
    while (performance.now() - started < ms) {
      client.resize(resizes % 2 ? 200 : 160, resizes % 2 ? 50 : 40);
      resizes++;
      await ctl.request('select-window', { index: cycles % Math.ceil(panes / 5) });
      const other = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 120, 40);
      other.keepRaw = false;
      await other.waitForText('[default]', 20_000);
      other.write('\x02d');
      await other.exited;
      cycles++;
      await sleep(1000);
    }
    memory.stop();
    const warm = memory.samples.filter((s) => s.at - started > ms / 3);
    const perMinute = slope(warm.map((s) => [s.at / 60_000, s.rss / 1024]));
    const warmPeak = Math.max(...memory.samples.filter((s) => s.at - started <= ms / 3).map((s) => s.rss));
    const last = memory.samples.at(-1)!;
    const peak = Math.max(...memory.samples.map((s) => s.rss));
    // A short run's slope is the heap still growing towards its first full collections, so it is
    // held to a bound; a long one must level off (reflowing 50 histories on each resize makes
    // garbage of their size, so the peak is well above the scrollback budget).
    if (ms < 120_000) invariant(peak < 600 * 1024, `server RSS peaked at ${mb(peak)}`);
    else invariant(perMinute < 5 || last.rss <= warmPeak, `RSS slope ${n(perMinute, 1)} MB/min after warm-up, ${mb(last.rss)} at the end (warm-up peak ${mb(warmPeak)})`);
    t.is((await ctl.request('info')).clients, 1);
    await waitUntil(() => openFds(pid) <= warm[0].fds, () => `open fds back to ${warm[0].fds} after warm-up (${openFds(pid)})`);
    t.is((await env.json(['list'])).panes.length, panes);
    const fds = warm.map((s) => s.fds);
    return {
      done: `${panes} panes (${Math.ceil(panes / 5)} windows) each printing about 200 KB/s for ${n(ms / 60_000, 1)} minutes; ${resizes} resizes of the attached client, ${cycles} attach/detach cycles of a second client, the window switched each cycle`,
      figure: `RSS ${mb(memory.samples[0].rss)} at start, ${mb(warm[0].rss)} after warm-up, ${mb(last.rss)} at the end (peak ${mb(peak)}); slope after warm-up ${n(perMinute, 1)} MB/min; fds ${Math.min(...fds)}-${Math.max(...fds)} after warm-up, ${openFds(pid)} at the end`,
    };
  },
});

/** The stream the escape-stream check prints: 50 MB in a documented run (issue 27), 4 MB in `npm test`. */
const STREAM_BYTES = SCALE ? Math.max(4e6, Math.round(50e6 * SCALE)) : 4e6;

trial({
  id: 'escape-stream',
  what: 'a pane prints a stream of mixed escapes (SGR colours and underlines, cursor moves, titles, OSC 8 links, OSC 7501 status, DEC modes, alternate screen, scroll regions, erases, long lines, wide characters, resets) twice: the server\'s RSS after the second run is where the first left it and bounded, and the pane shows what an emulator fed the same bytes shows',
  timeoutMs: 2 * (STREAM_BYTES / 50_000) + 120_000,
  async run(t) {
    const file = path.join(fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'thurm-stream-')), 'stream');
    t.teardown(() => fs.rmSync(path.dirname(file), { recursive: true, force: true }));
    const stream = mixedEscapes(27, STREAM_BYTES);
    fs.writeFileSync(file, stream);
    // Raw output (no ONLCR) and no echo: the pane gets the file's bytes and the marker alone.
    const script = 'stty -opost -echo; n=0; while read x; do n=$((n+1)); cat "$1"; printf "run $n done\\r\\n"; done';
    const env = await session(t, ['--', 'sh', '-c', script, 'sh', file]);
    const pid = await env.serverPid();
    const { size } = (await env.json(['list'])).panes[0];
    const memory = sampler(pid);
    t.teardown(memory.stop);
    const after: number[] = [];
    const expected = new PaneTerminal({ cols: size.cols, rows: size.rows, scrollback: 5000 });
    t.teardown(() => expected.dispose());
    for (const run of [1, 2]) {
      await env.ok(['send', '--pane', '1', '--enter', 'go']);
      // At least 50 KB/s: slower than that is a failure, not a slow machine.
      await waitUntil(async () => (await env.capture('1')).includes(`run ${run} done`), `run ${run} printed`, STREAM_BYTES / 50 + 10_000, 200);
      after.push(rssKb(pid));
      expected.write(stream);
      expected.write(`run ${run} done\r\n`);
    }
    memory.stop();
    await expected.flushed();
    const shown = (await env.json(['capture', '--pane', '1'])).lines as string[];
    t.deepEqual(shown, expected.screenText().map(printable), 'the pane shows what the stream drew');
    const peak = Math.max(...memory.samples.map((s) => s.rss));
    // Before the fix each reset kept the old buffer: 4 MB of this stream grew the server by 78 MB a run.
    t.true(after[1] - after[0] < 32 * 1024, `RSS ${mb(after[0])} after the first run, ${mb(after[1])} after the second`);
    t.true(peak < 400 * 1024, `server RSS peaked at ${mb(peak)}`);
    return {
      done: `${n(stream.length / 1e6, 1)} MB of mixed escapes (seed 27) printed twice by \`cat\` in a ${size.cols}x${size.rows} pane, ${n(stream.toString('latin1').split('\x1bc').length - 1)} resets and ${n(stream.toString('latin1').split('\x1b]8;;h').length - 1)} OSC 8 links in each`,
      figure: `RSS ${mb(memory.samples[0].rss)} before, ${mb(after[0])} after the first run, ${mb(after[1])} after the second (peak ${mb(peak)}); nothing lost: the pane's screen matched an emulator fed the same bytes`,
    };
  },
});

trial({
  id: 'huge-osc',
  what: 'a pane prints a huge OSC 52 clipboard write and a huge OSC 9 notification: each is dropped whole past 4 MiB, the server\'s memory stays bounded while they are parsed, and the pane prints on',
  timeoutMs: 180_000,
  async run(t) {
    const megabytes = SCALE ? 49 : 12;
    const env = await session(t, ['--', 'sh']);
    const pid = await env.serverPid();
    const script = path.join(env.dir, 'huge-osc.sh');
    // Base64 of zeros, as a program copying a large selection would send it (OSC 9 takes any text).
    const body = `head -c ${megabytes * 750_000} /dev/zero | base64 -w0`;
    fs.writeFileSync(script, `printf '\\033]52;c;'; ${body}; printf '\\007\\033]9;'; ${body}; printf '\\007'; echo osc-done\n`);
    await sleep(300);
    const before = rssKb(pid);
    const memory = sampler(pid);
    t.teardown(memory.stop);
    await env.ok(['send', '--pane', '1', '--enter', `sh ${script}`]);
    await waitUntil(async () => (await env.capture('1')).split('\n').includes('osc-done'), 'the pane to print on after them', 120_000, 100);
    memory.stop();
    const peak = Math.max(...memory.samples.map((s) => s.rss), rssKb(pid));
    const notes = await env.json<{ panes: { status: { text: string } }[] }>(['info']);
    t.false(notes.panes[0].status.text.includes('AAAA'), 'the notification was dropped');
    // Before, xterm kept each body up to 10 MB one character at a time: 330 MB for a 49 MB one.
    t.true(peak - before < 100 * 1024, `RSS ${mb(before)} → ${mb(peak)}`);
    return {
      done: `a ${megabytes} MB OSC 52 and a ${megabytes} MB OSC 9 printed by a pane, then a line`,
      figure: `both dropped, the line shown after them; RSS ${mb(before)} before, ${mb(peak)} peak (394 MB for one 49 MB OSC 52 before)`,
    };
  },
});
