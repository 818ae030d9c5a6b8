// Attached clients: who may attach, what a detached client can still change (nothing), and
// how the server copes with clients that flood it or never read.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import WebSocket from 'ws';
import { PROTOCOL_VERSION } from '../../lib/server/protocol.js';
import { control } from '../helpers/control.js';
import { TestTerminal } from '../helpers/terminal.js';
import { rssKb } from '../helpers/processes.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { duration, n, trial } from '../helpers/trials.js';
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

test.serial('prefix C-z suspends the client to the shell that ran it; fg brings it back drawn whole, with what the pane printed meanwhile', async (t) => {
  const env = await session(t, ['--', 'sh']);
  const term = new TestTerminal('bash', ['--norc', '--noprofile', '-i'], { ...env.env, PS1: 'shell$ ' }, 80, 24);
  t.teardown(() => term.kill());
  await term.waitForText('shell$');
  term.write(`${process.execPath} ${BIN} attach\r`);
  await term.waitFor(() => term.alternate && /\[default\]/.test(term.text()), 'thurm drawn');
  term.write('\x02\x1a');
  await term.waitFor(() => !term.alternate && /Stopped/.test(term.text()), 'the job stopped, its shell on the main screen');
  t.is((await env.request('info')).clients, 1, 'still attached');
  await env.ok(['send', '--pane', '1', '--enter', 'echo while-$((6*7))']);
  await waitUntil(async () => (await env.capture('1')).includes('while-42'), 'the pane printed');
  t.false(term.alternate || term.text().includes('while-42'), 'nothing was drawn to the suspended client\'s terminal');
  term.write('fg\r');
  // The whole frame, status line too: a frame can reach the terminal in more than one read.
  const back = await term.waitFor(() => term.alternate && term.text().includes('while-42') && /\[default\]/.test(term.text()), 'thurm drawn again, its status line too');
  t.regex(back, /^\$ echo while-\$\(\(6\*7\)\)\s*$/m, 'the pane as it was left, with what it printed');
  term.write('\x02d');
  await term.waitForText('[detached (from session default)]');
});

test.serial('window-size: the window takes the size of the client that typed last (latest), the smallest or the largest, or resize-window\'s (manual); thurm clients lists each client with its size, prefix D detaches the one chosen, new -A attaches a running session and attach -d detaches the others', async (t) => {
  const env = await session(t, ['--', 'sh']);
  const big = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
  t.teardown(() => big.kill());
  await big.waitForText('[default]');
  const small = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 60, 20);
  t.teardown(() => small.kill());
  await small.waitForText('[default]');
  // The one pane fills the window: its size is the window's, less the status line and its header.
  const paneSize = async () => (await env.request('info')).panes[0].size;
  const windowIs = (cols: number, rows: number, what: string) => waitUntil(async () => {
    const size = await paneSize();
    return size.cols === cols && size.rows === rows - 2;
  }, what);
  await windowIs(60, 20, 'latest: the small client, which attached last');
  big.write('true\r');
  await windowIs(100, 30, 'latest: the big client, which typed last');
  // A client smaller than the window sees its top left, with its own status line.
  await small.waitFor((screen) => /^\[default\]/.test(screen.split('\n')[19]), 'the small client\'s status line');
  await env.ok(['tmux', 'set', '-g', 'window-size', 'smallest']);
  await windowIs(60, 20, 'smallest');
  t.regex(await env.ok(['clients']), /^client \d+: 100x30, attached \d+s ago\nclient \d+: 60x20, attached \d+s ago\n$/);
  await env.ok(['tmux', 'set', '-g', 'window-size', 'largest']);
  await windowIs(100, 30, 'largest');
  t.deepEqual(JSON.parse(await env.ok(['resize-window', '--cols', '70', '--rows', '20', '--json'])), { cols: 70, rows: 20 });
  await windowIs(70, 21, 'manual: resize-window\'s size, the panes\' area 70x20');
  small.write('true\r');
  t.is(await env.ok(['tmux', 'show', '-gv', 'window-size']), 'manual\n');
  t.deepEqual(await paneSize(), { cols: 70, rows: 19 }, 'manual: typing sizes nothing');
  await env.ok(['tmux', 'resize-window', '-L', '10']);
  await windowIs(60, 21, 'resize-window -L 10');
  await env.ok(['tmux', 'set', '-g', 'window-size', 'latest']);
  await windowIs(60, 20, 'latest again: the small client typed last');
  // A stale small client shrinks the window under smallest, until it is detached.
  await env.ok(['tmux', 'set', '-g', 'window-size', 'smallest']);
  big.write('\x02D');
  await big.waitFor((s) => /client \d+: 100x30, attached .* \(this one\)/.test(s) && /client \d+: 60x20/.test(s), 'the clients listed');
  // The chooser opens on this client: the small one is the next row.
  big.write('j\r');
  t.is(await small.exited, 0);
  // Its last bytes may be parsed after the exit is seen.
  await small.waitForText('[detached (from session default)]');
  await windowIs(100, 30, 'the window back at the big client\'s size');
  t.is((await env.cli(['detach', '--client', '999'])).stderr, 'thurm: no client 999\n');
  t.is((await env.cli(['tmux', 'set', '-g', 'window-size', 'huge'])).stderr, 'thurm: tmux shim: window-size: not one of latest, largest, smallest, manual: huge\n');
  // new -A attaches the session already running; attach -d detaches every other client first.
  const again = new TestTerminal(process.execPath, [BIN, 'new', '-A'], env.env, 80, 24);
  t.teardown(() => again.kill());
  await again.waitForText('[default]');
  t.is((await env.request('info')).clients, 2);
  const only = new TestTerminal(process.execPath, [BIN, 'attach', '-d'], env.env, 80, 24);
  t.teardown(() => only.kill());
  await only.waitForText('[default]');
  t.deepEqual([await big.exited, await again.exited], [0, 0]);
  await again.waitForText('[detached (from session default)]');
  t.is((await env.request('info')).clients, 1);
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

test.serial('a paste that never ends does not wedge the client: its text reaches the pane, then the prefix key works again', async (t) => {
  const env = await session(t, ['--', 'sh']);
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
  t.teardown(() => term.kill());
  await term.waitForText('[default]');
  term.write('\x1b[200~echo pasted-$((6*7))');
  await waitUntil(async () => (await env.capture('1')).includes('echo pasted-$((6*7))'), 'the paste in the pane once its terminal went quiet');
  term.write('\r');
  await waitUntil(async () => (await env.capture('1')).includes('pasted-42'), 'Enter typed as a key');
  term.write('\x02c');
  // The status line lists windows before the panes (`0:sh- 1:sh* │ %2:sh*`) once there are two.
  await term.waitFor((screen) => /0:sh-? 1:sh\*/.test(screen), 'prefix c to open a window');
  t.is((await env.json<{ windows: unknown[] }>(['info'])).windows.length, 2);
});

// ---- clients that flood or never read ----

test.serial('a control client that never reads its replies is read no further: the server stays small and others are served', async (t) => {
  const env = await session(t, ['--', 'sh', '-c', 'seq 1 2000; exec cat']);
  const pid = await env.serverPid();
  const ws = await connect(env.socket);
  ws.pause();
  let closed = false;
  ws.on('close', () => { closed = true; });
  ws.on('error', () => {});
  let replies = 0;
  ws.on('message', () => { replies++; });
  // Each capture reply is a screenful; far more of them than the server lets go unread.
  for (let sent = 0; sent < 20_000;) {
    for (let i = 0; i < 200; i++) ws.send(JSON.stringify({ id: sent++, type: 'capture', pane: '1', version: PROTOCOL_VERSION }));
    await new Promise((r) => setImmediate(r));
  }
  // Answered after the server read all it would of the flood above.
  t.is((await env.json(['list'])).panes.length, 1);
  t.true(rssKb(pid) < 400 * 1024, `server RSS ${rssKb(pid)} kB`);
  t.false(closed, 'the connection is held, not dropped');
  ws.resume();
  await waitUntil(() => replies > 1000, 'replies once it reads');
  ws.terminate();
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

/** A pane program that prints as fast as it can and writes the size its tty has on every SIGWINCH. */
function sizeReporter(dir: string, label: string): string[] {
  const file = `${dir}/size-$THURM_PANE_ID`;
  return ['sh', '-c', `trap 'stty size > ${file}' WINCH; stty size > ${file}; i=0; while :; do i=$((i+1)); echo "${label} $i"; done`];
}

/** `promise`, or an error once `ms` have passed without it. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Resizes `term` `count` times at an even pace over `ms`, to `sizeAt(i)`; resolves with how long
 * it took and the most resizes one timer tick had to send (when the test's own loop fell behind).
 */
async function pacedResizes(term: TestTerminal, count: number, ms: number, sizeAt: (i: number) => [number, number]) {
  const started = performance.now();
  let sent = 0;
  let biggestBatch = 0;
  while (sent < count) {
    const due = Math.min(count, Math.floor(((performance.now() - started) / ms) * count) + 1);
    biggestBatch = Math.max(biggestBatch, due - sent);
    for (; sent < due; sent++) term.resize(...sizeAt(sent));
    await new Promise((r) => setTimeout(r, 1));
  }
  return { sent, started, ms: performance.now() - started, biggestBatch };
}

/** Asks `list` and `info` in turn every 50 ms until `done()`; resolves with each answer's latency. */
async function askUntil(ctl: Awaited<ReturnType<typeof control>>, done: () => boolean, boundMs: number, panes: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let k = 0; !done(); k++) {
    const type = k % 2 ? 'info' : 'list';
    const asked = performance.now();
    const reply = await within(ctl.request(type), boundMs, `${type} during the storm`);
    latencies.push(performance.now() - asked);
    if (reply.panes.length !== panes) throw new Error(`${type} during the storm: ${reply.panes.length} panes`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return latencies;
}

const STORM_RESIZES = 1000;
const STORM_MS = duration(10_000, 2500);
/** How long a control request may take during the storm (issue 8 A5 saw 13-23 s). */
const ANSWER_MS = 2000;

trial({
  id: 'resize-storm',
  what: '1,000 outer resizes spread over 10 s with 5 panes printing: every pane\'s program sees its final size, borders and status line are drawn at the final size, and the server answers within 2 s throughout',
  timeoutMs: STORM_MS + 120_000,
  async run(t) {
    const env = new ThurmEnv();
    t.teardown(() => env.cleanup());
    await env.ok(['new', '-d', '--size', '80x24', '--', ...sizeReporter(env.dir, 'pane one')]);
    for (let i = 2; i <= 5; i++) await env.ok(['split', i % 2 ? '--down' : '--right', '--', ...sizeReporter(env.dir, `pane ${i}`)]);
    const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
    term.keepRaw = false;
    t.teardown(() => term.kill());
    await term.waitForText('[default]');
    const ids: string[] = (await env.json(['list'])).panes.map((p: any) => p.id);
    t.is(ids.length, 5);
    const sizesOf = (panes: any[]) => panes.map((p) => `${p.id} ${p.size.cols}x${p.size.rows}`).join(', ');
    const sizes = async () => sizesOf((await env.json(['list'])).panes);
    /** What each pane's program last read from its tty, in the server's terms. */
    const seen = () => ids.map((id) => {
      const [rows, cols] = fs.readFileSync(path.join(env.dir, `size-${id}`), 'utf8').trim().split(' ');
      return `${id} ${cols}x${rows}`;
    }).join(', ');
    // The sizes a single resize to the final size gives, to compare with the storm's outcome.
    term.resize(90, 26);
    await term.waitFor((s) => s.split('\n')[25]?.startsWith('[default]'), 'the first resize');
    const expected = await sizes();
    await waitUntil(() => seen() === expected, () => `the programs to see ${expected}; they see ${seen()}`);
    term.resize(100, 30);
    await waitUntil(async () => (await sizes()) !== expected && seen() === (await sizes()), 'the size back to 100x30, in the server and in the programs');

    // The storm: STORM_RESIZES sizes sent at an even pace over STORM_MS, the last one 90x26.
    const ctl = await control(env.socket);
    t.teardown(() => ctl.close());
    let storming = true;
    const storm = pacedResizes(term, STORM_RESIZES, STORM_MS, (i) => (i === STORM_RESIZES - 1 ? [90, 26] : [60 + (i % 50), 15 + (i % 20)]))
      .finally(() => { storming = false; });
    // The server's layout and what every pane's program read from its tty both end at the final
    // size: watched from the storm's end, on the control connection (the CLI would add its start).
    const settled = storm.then(async () => {
      let server = '';
      await waitUntil(async () => (server = sizesOf((await ctl.request('list')).panes)) === expected && seen() === expected,
        () => `the panes and their programs to take the final size: ${expected}; server ${server}, programs ${seen()}`, 15_000);
      return performance.now();
    });
    settled.catch(() => {}); // awaited below, after the CLI loop
    // Meanwhile a control connection asks for `list` and `info`, each answered within ANSWER_MS.
    const asking = askUntil(ctl, () => !storming, ANSWER_MS, 5);
    asking.catch(() => {}); // awaited below, after the CLI loop
    // The CLI too: each command started meanwhile exits 0 (within its own REQUEST_TIMEOUT_MS).
    const cliAnswers: number[] = [];
    while (storming) {
      const asked = performance.now();
      const r = await env.cli(['list']);
      t.is(r.code, 0, r.stderr);
      cliAnswers.push(performance.now() - asked);
    }
    const { sent, started: stormStarted, ms: stormMs, biggestBatch } = await storm;
    const answers = await asking;
    t.is(sent, STORM_RESIZES);
    t.true(answers.length >= 5, `${answers.length} control answers during the storm`);
    t.true(cliAnswers.length >= 1);
    const settleMs = (await settled) - (stormStarted + stormMs);
    t.is(seen(), expected);
    const info = await env.json(['info']);
    t.is(info.clients, 1);
    t.is(sizesOf(info.panes), expected);
    // The screen, as the terminal shows it at 90x26: the status line on the last row and, for each
    // pane, its header with its number just above where the server says its content starts.
    const drawn = await term.waitFor((s) => {
      const lines = s.split('\n');
      return lines.length === 26 && lines[25].startsWith('[default]')
        && info.panes.every((p: any) => new RegExp(`^[─━] ${p.id} sh`).test(lines[p.position.y - 1]?.slice(p.position.x) ?? ''));
    }, 'borders and status line at 90x26');
    t.truthy(drawn);
    const max = (xs: number[]) => n(Math.max(...xs));
    return {
      done: `5 panes printing as fast as they can, each writing \`stty size\` on SIGWINCH; ${n(sent)} resizes of the attached client's terminal, one every ${n(STORM_MS / STORM_RESIZES, 1)} ms over ${n(stormMs / 1000, 1)} s (at most ${biggestBatch} in one timer tick), ending at 90x26; a control connection asked \`list\`/\`info\` every 50 ms and the CLI ran \`thurm list\` back to back`,
      figure: `${answers.length} control answers, max ${max(answers)} ms (bound ${n(ANSWER_MS)} ms); ${cliAnswers.length} CLI answers, max ${max(cliAnswers)} ms; final sizes settled ${n(settleMs)} ms after the storm; all 5 programs saw the sizes a single resize gives (${expected}); borders and status line drawn at 90x26`,
    };
  },
});

test.serial('a client that attaches gives new panes its SSH_AUTH_SOCK and DISPLAY, and one without DISPLAY takes it away (update-environment)', async (t) => {
  const env = await session(t, ['--', 'sh']);
  const probe = `echo "sock=$SSH_AUTH_SOCK display=\${DISPLAY-unset}"\r`;
  const { DISPLAY: _display, ...withoutDisplay } = env.env;
  // Attaches with `vars`, opens a pane with `keys` (the `panes`-th), and reads the probe there.
  const attachAndProbe = async (vars: NodeJS.ProcessEnv, keys: string, panes: number, expected: string) => {
    const client = new TestTerminal(process.execPath, [BIN, 'attach'], vars, 80, 24);
    t.teardown(() => client.kill());
    await client.waitForText('$ ');
    client.write(keys);
    await waitUntil(async () => (await env.json(['list'])).panes.length === panes, `pane ${panes}`);
    client.write(probe);
    await client.waitForText(expected);
    return client;
  };
  const first = await attachAndProbe({ ...env.env, SSH_AUTH_SOCK: '/tmp/agent-one', DISPLAY: ':7' }, '\x02%', 2, 'sock=/tmp/agent-one display=:7');
  first.write('\x02d');
  await first.exited;
  await attachAndProbe({ ...withoutDisplay, SSH_AUTH_SOCK: '/tmp/agent-two' }, '\x02c', 3, 'sock=/tmp/agent-two display=unset');
  // Panes started before keep what they were started with.
  const vars = await env.request<{ variables: { name: string; value: string | null }[] }>('show-environment', {});
  t.deepEqual(vars.variables.filter((v) => v.name === 'SSH_AUTH_SOCK' || v.name === 'DISPLAY'), [{ name: 'DISPLAY', value: null }, { name: 'SSH_AUTH_SOCK', value: '/tmp/agent-two' }]);
});

test.serial('the server reads and writes a client\'s terminal itself (direct), or through the client with THURM_ATTACH=relay; either types and draws, and a client killed with its terminal is dropped', async (t) => {
  const env = await session(t, ['--', 'sh']);
  const direct = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 80, 24);
  t.teardown(() => direct.kill());
  await direct.waitForText('$ ');
  const relayed = new TestTerminal(process.execPath, [BIN, 'attach', '-r'], { ...env.env, THURM_ATTACH: 'relay' }, 80, 24);
  t.teardown(() => relayed.kill());
  await relayed.waitForText('$ ');
  const listed = (await env.json(['clients'])).clients.map((c: { readOnly: boolean; terminal: string }) => [c.readOnly, c.terminal]);
  t.deepEqual(listed.sort(), [[false, 'direct'], [true, 'relayed']]);
  t.deepEqual((await env.json(['info'])).attached.map((c: { terminal: string }) => c.terminal).sort(), ['direct', 'relayed'], 'info --json says it too');
  direct.write('echo typed-$((6*7))\r');
  await direct.waitForText('typed-42');
  await relayed.waitForText('typed-42');
  // The client dies, and its terminal with it (a window closed under it).
  process.kill(direct.pid, 'SIGKILL');
  direct.kill();
  await waitUntil(async () => (await env.json(['clients'])).clients.length === 1, 'the server to drop the client whose terminal went');
});
