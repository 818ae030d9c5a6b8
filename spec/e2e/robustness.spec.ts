// Robustness and security: the socket is private, bad input gets an error and loses
// nothing, floods are contained, and program text never reaches the screen raw.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import test from 'ava';
import WebSocket from 'ws';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ROOT, ThurmEnv } from '../helpers/thurm-env.js';
import { trial } from '../helpers/trials.js';
import { alive, rssKb } from '../helpers/processes.js';
import { waitUntil } from '../helpers/wait.js';

async function session(t: { teardown(fn: () => Promise<void>): void }, args: string[] = []) {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--size', '80x24', ...args]);
  return env;
}

/**
 * Types `echo MARK-$((6*7))` into a pane's shell and waits for its answer, `MARK-42` on a line
 * of its own (not the typed line's echo: only the shell works out $((...))); returns the screen.
 */
async function shellAnswers(env: ThurmEnv, pane: string, mark: string, timeoutMs = 5000): Promise<string> {
  await env.ok(['send', '--pane', pane, '--enter', `echo ${mark}-$((6*7))`]);
  const answer = new RegExp(`^${mark}-42$`, 'm');
  return waitUntil(async () => {
    const text = await env.capture(pane);
    return answer.test(text) ? text : '';
  }, `pane ${pane} to answer ${mark}`, timeoutMs);
}

function connect(socket: string, opts: WebSocket.ClientOptions = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws+unix://${socket}:/`, opts);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

function nextMessage(ws: WebSocket): Promise<any> {
  return new Promise((resolve) => ws.once('message', (d) => resolve(JSON.parse(d.toString()))));
}

test.serial('the socket directory is 0700 and the socket 0600', async (t) => {
  const env = await session(t);
  t.is(fs.statSync(path.dirname(env.socket)).mode & 0o777, 0o700);
  t.is(fs.statSync(env.socket).mode & 0o777, 0o600);
});

trial({
  id: 'unsafe-socket-dir',
  what: 'a socket directory open to its group or to others, a symlink, or owned by another user is refused by `new` and by every command',
  async run(t) {
    // Handing the directory to another user needs root; elsewhere that case is left out and the row says so.
    const cases: Array<[string, (dir: string, env: ThurmEnv) => void, RegExp]> = [
      ['mode 0750', (dir) => { fs.mkdirSync(dir, { mode: 0o700 }); fs.chmodSync(dir, 0o750); }, /^thurm: socket directory is open to others/],
      ['mode 0705', (dir) => { fs.mkdirSync(dir, { mode: 0o700 }); fs.chmodSync(dir, 0o705); }, /^thurm: socket directory is open to others/],
      ['a symlink to a private directory', (dir, env) => {
        fs.mkdirSync(path.join(env.dir, 'elsewhere'), { mode: 0o700 });
        fs.symlinkSync(path.join(env.dir, 'elsewhere'), dir);
      }, /^thurm: socket directory is not a real directory/],
      ...(process.getuid?.() === 0 ? [['owned by uid 65534', (dir: string) => { fs.mkdirSync(dir, { mode: 0o700 }); fs.chownSync(dir, 65534, 65534); }, /owned by uid 65534/] as [string, (dir: string) => void, RegExp]] : []),
    ];
    for (const [, make, message] of cases) {
      const env = new ThurmEnv();
      t.teardown(() => env.cleanup());
      make(path.dirname(env.socket), env);
      const r = await env.cli(['new', '-d']);
      t.is(r.code, 8, r.stderr);
      t.regex(r.stderr, message);
      t.is((await env.cli(['list'])).code, 8);
      t.false(fs.existsSync(env.socket), 'no server listens there');
    }
    return { done: `socket directories: ${cases.map(([what]) => what).join('; ')}`, figure: `${cases.length} of ${cases.length} refused with UNSAFE_SOCKET (exit 8) by \`new -d\` and \`list\`; no socket made` };
  },
});

test.serial('requests with an Origin header are refused', async (t) => {
  const env = await session(t);
  const err = await connect(env.socket, { origin: 'https://evil.example' }).then(() => null, (e: Error) => e);
  t.regex(String(err?.message), /403/);
});

test.serial('garbage, unknown and truncated requests get structured errors and the server serves on', async (t) => {
  const env = await session(t);
  const ws = await connect(env.socket);
  ws.send('this is not json');
  t.like(await nextMessage(ws), { id: null, ok: false, error: { code: 'PROTOCOL_ERROR' } });
  ws.send('{"id": 7, "type": "no-such-request"}');
  t.like(await nextMessage(ws), { id: 7, ok: false, error: { code: 'PROTOCOL_ERROR' } });
  ws.send('[1, 2, 3]');
  t.like(await nextMessage(ws), { ok: false, error: { code: 'PROTOCOL_ERROR' } });
  ws.send('{"id": 8, "type": "split", "argv": "rm -rf /"}');
  t.like(await nextMessage(ws), { id: 8, ok: false, error: { code: 'INVALID_ARGUMENT' } });
  ws.send('{"id": 9, "type": "capture", "pane": {"x": 1}}');
  t.like(await nextMessage(ws), { id: 9, ok: false, error: { code: 'INVALID_ARGUMENT' } });
  ws.send(Buffer.from([1, 2, 3]), { binary: true });
  t.like(await nextMessage(ws), { ok: false, error: { code: 'PROTOCOL_ERROR' } });
  ws.send('{"id": 10, "type": "list"}');
  t.like(await nextMessage(ws), { id: 10, ok: true });
  ws.close();
  // A raw client that sends half a WebSocket frame and hangs up, and one that speaks no HTTP.
  for (const junk of ['GET / HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: x\r\n', '\x00\xff garbage \r\n\r\n']) {
    await new Promise<void>((resolve) => {
      const s = net.connect(env.socket, () => { s.write(junk); s.end(); });
      s.on('close', () => resolve());
      s.on('error', () => resolve());
    });
  }
  t.is((await env.json(['list'])).panes.length, 1);
});

test.serial('a frame over 64 KiB closes that connection only', async (t) => {
  const env = await session(t);
  const big = await connect(env.socket);
  const closed = new Promise<number>((resolve) => big.once('close', (code) => resolve(code)));
  big.send(JSON.stringify({ id: 1, type: 'send', text: 'x'.repeat(70 * 1024) }));
  t.is(await closed, 1009);
  t.is((await env.json(['list'])).panes.length, 1);
  t.false((await env.capture('1')).includes('xxxx'));
});

test.serial('a stale socket left by a killed server is detected and replaced', async (t) => {
  const env = await session(t);
  const pid = await env.serverPid();
  process.kill(pid, 'SIGKILL');
  await waitUntil(() => !alive(pid), 'server death');
  t.true(fs.existsSync(env.socket));
  t.is((await env.cli(['list'])).code, 6);
  await env.ok(['new', '-d']);
  t.not(await env.serverPid(), pid);
});

test.serial('ten clients starting a session at once make exactly one server', async (t) => {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  const results = await Promise.all(Array.from({ length: 10 }, () => env.cli(['new', '-d'])));
  t.deepEqual(results.map((r) => r.code).sort(), [0, 7, 7, 7, 7, 7, 7, 7, 7, 7]);
  // Losing servers exit on their own; wait for them, then exactly one must remain.
  const servers = () => execFileSync('ps', ['-eo', 'args']).toString().split('\n')
    .filter((l) => l.includes('server/main.js') && l.includes(env.socket)).length;
  await waitUntil(() => servers() === 1, 'a single server process');
  await env.ok(['list']);
  t.is(servers(), 1);
});

test.serial('a flood in one pane neither grows the server without bound nor stalls other panes, and C-c stops it', async (t) => {
  const env = await session(t, ['--', 'sh']);
  await env.ok(['split', '--', 'sh']);
  const client = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 120, 40);
  t.teardown(() => client.kill());
  await client.waitForText('[default]');
  const pid = await env.serverPid();
  await env.ok(['send', '--pane', '1', '--enter', 'yes flood-line']);
  await waitUntil(async () => (await env.capture('1')).includes('flood-line'), 'flood started');
  let peak = 0;
  for (let i = 0; i < 5; i++) {
    await shellAnswers(env, '2', `still-responsive-${i}`);
    peak = Math.max(peak, rssKb(pid));
  }
  t.true(peak < 400 * 1024, `server RSS ${peak} kB`);
  await env.ok(['send', '--pane', '1', '--key', 'C-c']);
  await waitUntil(async () => (await env.json(['info'])).panes[0].foreground.argv[0] !== 'yes', 'yes interrupted', 3000);
  await shellAnswers(env, '1', 'flood-over');
  t.true(alive(pid));
});

test.serial('hostile titles are sanitised before they reach the border, the status line and info', async (t) => {
  const env = await session(t, ['--', 'sh']);
  const client = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 20);
  t.teardown(() => client.kill());
  await client.waitForText('[default]');
  // A bidi override, a zero-width space, blessed tags and an over-long tail. (A C1 control
  // cannot reach a title: the emulator aborts the OSC on it.)
  await env.ok(['send', '--enter', `printf '\\033]2;evil\\342\\200\\256\\342\\200\\213{red-fg}tag{/red-fg}${'A'.repeat(400)}\\007'`]);
  await client.waitForText('evil{red-fg}tag{/red-fg}');
  const title = (await env.json(['info'])).panes[0].title;
  t.true(title.startsWith('evil{red-fg}tag{/red-fg}AAA'));
  t.false(/[\u202e\u200b]/.test(title));
  t.is([...title].length, 256);
  t.false(client.raw.includes('\u202e'));
  t.false(client.raw.includes('\u200b'));
});

test.serial('emulator replies to the program are fixed-format and never echo its text', async (t) => {
  const probe = path.join(ROOT, 'spec', 'fixtures', 'reply-probe.cjs');
  const env = await session(t, ['--', process.execPath, probe, 'echo']);
  const screen = await waitUntil(async () => {
    const text = await env.capture('1');
    return text.includes('REPLIES') ? text : '';
  }, 'the probe to print its replies');
  const replies = JSON.parse(/REPLIES (".*")/.exec(screen.replace(/\n/g, ''))![1]) as string;
  t.false(replies.includes('EVIL'));
  t.regex(replies, /\x1b\[\d+;\d+R/);
  t.regex(replies, /\x1b\[\?[\d;]*c$/);
});

test.serial('title and icon label reports (CSI 21 t, CSI 20 t) are not answered, so a hostile title is never typed back', async (t) => {
  const probe = path.join(ROOT, 'spec', 'fixtures', 'reply-probe.cjs');
  const env = await session(t, ['--', process.execPath, probe, 'title']);
  const screen = await waitUntil(async () => {
    const text = await env.capture('1');
    return text.includes('REPLIES') ? text : '';
  }, 'the probe to print its replies');
  // The title is set (the emulator drops the carriage returns), so a report would have had it.
  t.regex((await env.json(['info'])).panes[0].title, /TITLEPWNED/);
  const replies = JSON.parse(/REPLIES (".*")/.exec(screen.replace(/\n/g, ''))![1]) as string;
  t.regex(replies, /^\x1b\[\?[\d;]*c$/, 'nothing but the DA1 answer');
});

trial({
  id: 'client-killed',
  what: 'a client killed with SIGKILL or SIGHUP leaves the server and every pane running',
  async run(t) {
    const env = await session(t, ['--', 'sh']);
    await env.ok(['split', '--', 'sh']);
    const panes = (await env.json(['list'])).panes.map((p: any) => p.pid);
    const signals = ['SIGKILL', 'SIGHUP'];
    for (const signal of signals) {
      const client = new TestTerminal(process.execPath, [BIN, 'attach'], env.env);
      await client.waitForText('[default]');
      t.is((await env.json(['info'])).clients, 1);
      process.kill(client.pid, signal as NodeJS.Signals);
      await client.exited;
      await waitUntil(async () => (await env.json(['info'])).clients === 0, `client gone after ${signal}`);
    }
    t.true(panes.every(alive));
    await shellAnswers(env, '2', 'alive', 10_000);
    return { done: `an attached client killed with ${signals.join(', then ')}`, figure: `the server let go of each; both panes (${panes.length} programs) still running and answering` };
  },
});

test.serial('escape sequences with huge counts do not freeze the server', async (t) => {
  const env = await session(t, ['--', 'sh']);
  await env.ok(['split', '--', 'sh']);
  // Unclamped, the scroll alone stalls the server for about 13 s and the repeat for hours.
  await env.ok(['send', '--pane', '1', '--enter', "printf 'x\\033[3000000S\\033[2147483647b\\033[2147483647L\\033[2147483647M\\033[3000000T\\033[2147483647I'; echo; echo counts-done"]);
  await waitUntil(async () => (await env.capture('1')).includes('counts-done\n'), 'pane 1 past the sequences', 8000);
  const screen = await shellAnswers(env, '2', 'still-responsive');
  t.regex(screen, /^\$ echo still-responsive-\$\(\(6\*7\)\)\nstill-responsive-42$/m, 'the answer right below the command');
});

test.serial('erasing above from the last cell of the screen leaves the pane showing what follows', async (t) => {
  // xterm.js threw on ED 1 from the bottom-right cell before anything had scrolled off, and the
  // pane showed nothing after it.
  const program = "printf '\\033[999;999H\\033[1J\\033[HA-%s\\n' alive; read x; printf 'B-%s\\n' alive; exec cat";
  const env = await session(t, ['--', 'sh', '-c', program]);
  const erased = await waitUntil(async () => {
    const text = await env.capture('1');
    return text.includes('A-alive') ? text : '';
  }, 'the pane past the erase', 5000);
  t.regex(erased, /^A-alive$/m);
  await env.ok(['send', '--pane', '1', '--enter', 'go']);
  const after = await waitUntil(async () => {
    const text = await env.capture('1');
    return text.includes('B-alive') ? text : '';
  }, 'output after it', 5000);
  t.regex(after, /^B-alive$/m);
});

test.serial('a program that floods queries and never reads the replies leaves the server bounded and responsive', async (t) => {
  // 10 MB of DSR queries: unbounded, their queued replies took the server to about 470 MB; bounded
  // it peaks near 80 MB.
  const flood = `stty raw -echo; yes "$(printf '\\033[6n')" | tr -d '\\n' | head -c 10000000; echo; echo flood-done; exec sleep 600`;
  const env = await session(t, ['--', 'sh', '-c', flood]);
  await env.ok(['split', '--', 'sh']);
  const pid = await env.serverPid();
  let peak = 0;
  const deadline = Date.now() + 60_000;
  for (let i = 0; !(await env.capture('1')).includes('flood-done'); i++) {
    if (Date.now() > deadline) throw new Error('the flood did not end within 60 s');
    await shellAnswers(env, '2', `still-responsive-${i}`);
    peak = Math.max(peak, rssKb(pid));
  }
  t.true(peak < 250 * 1024, `server RSS ${peak} kB`);
  t.true(alive(pid));
});

test.serial('random bytes in a pane leave the server log small', async (t) => {
  // CAN and RIS after the noise: it may have left a string open or another character set chosen.
  const env = await session(t, ['--', 'sh', '-c', "head -c 5000000 /dev/urandom; printf '\\030\\033c'; echo random-done; exec sleep 600"]);
  await waitUntil(async () => (await env.capture('1')).includes('random-done'), 'the random bytes to be parsed', 30_000);
  const log = fs.readFileSync(path.join(env.dir, 'state', 'thurm', 'default.log'), 'utf8');
  // Unthrottled, xterm wrote a "Parsing error" dump of about 3.5 bytes per byte of output.
  t.true(log.length < 16 * 1024, `log of ${log.length} bytes:\n${log.slice(0, 2000)}`);
  t.regex(log, /server \d+ ready/);
});
