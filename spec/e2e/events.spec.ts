// The events API and what builds on it: `subscribe` / `thurm events`, `wait --output`,
// read-only observers, the agent overview, and done for agents that never report.
// Serial, as in restore.spec.ts: each test starts a server and shells, and nine of them at once beside
// another file on two cores stretched each to 15-19 s, near enough ava's limit to flake.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { Connection } from '../../lib/cli/connection.js';
import { WsClient } from '../../lib/cli/ws-client.js';
import type { PublicEvent } from '../../lib/server/events.js';
import type { PaneInfo, SessionInfo } from '../../lib/server/protocol.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ROOT, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

async function world(t: ExecutionContext, config?: string, args: string[] = []): Promise<ThurmEnv> {
  const env = new ThurmEnv(config);
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--size', '100x30', ...args]);
  return env;
}

/** Subscribes over one connection and collects every event it receives. */
async function subscriber(t: ExecutionContext, env: ThurmEnv, fields: Record<string, unknown> = {}) {
  const connection = await Connection.open(env.socket);
  t.teardown(() => connection.close());
  const events: PublicEvent[] = [];
  connection.ws.on('message', (data, isBinary) => {
    const msg = JSON.parse(data.toString());
    if (!isBinary && msg.type === 'event') events.push(msg.event);
  });
  const snapshot = await connection.request<SessionInfo>('subscribe', fields);
  return { snapshot, events, connection };
}

const osc7501 = (body: string) => `printf '\\033]7501;${body}\\007'`;

test.serial('a subscriber gets the snapshot, then every change in order: split, status, title, close', async (t) => {
  const env = await world(t);
  const { snapshot, events } = await subscriber(t, env);
  t.deepEqual(snapshot.panes.map((p) => p.id), ['1']);
  await env.ok(['split']);
  await env.ok(['send', '--pane', '2', `${osc7501('state=working:msg=Y29tcGlsaW5n')}; printf '\\033]2;builder\\007'`, '--enter']);
  await waitUntil(() => events.some((e) => e.type === 'title-changed' && e.title === 'builder'), 'the title event');
  await env.ok(['kill-pane', '--pane', '2']);
  await waitUntil(() => events.some((e) => e.type === 'pane-closed'), 'the close event');
  const ofPane2 = events.filter((e) => e.pane === '2').map((e) => e.type);
  t.deepEqual(ofPane2.filter((type) => ['pane-added', 'status-changed', 'title-changed', 'pane-closed'].includes(type)),
    ['pane-added', 'status-changed', 'title-changed', 'pane-closed']);
  t.like(events.find((e) => e.type === 'status-changed'), { pane: '2', status: { state: 'working', source: 'program-status', text: 'compiling' } });
  t.deepEqual(events.map((e) => e.seq), events.map((_, i) => i + 1), 'numbered in order, none missing');
});

test.serial('agent reports show as agent-bound events with the new status', async (t) => {
  const env = await world(t);
  const { events } = await subscriber(t, env, { pane: '1', types: ['agent-bound', 'status-changed'] });
  await env.ok(['send', '--pane', '1', 'sleep 600', '--enter']);
  const pid = await waitUntil(async () => {
    const fg = (await env.json<SessionInfo>(['info'])).panes[0].foreground;
    return fg?.argv[0] === 'sleep' ? fg.pid : null;
  }, 'sleep in the foreground');
  await env.ok(['agent', 'report', '--agent', 'tester', '--owner-pid', String(pid), '--instance', 'i1', '--sequence', '1', '--status', 'needs-input', '--message', 'Approve?']);
  await waitUntil(() => events.some((e) => e.type === 'status-changed' && (e.status as { state: string }).state === 'blocked'), 'the blocked status');
  t.like(events.find((e) => e.type === 'agent-bound'), { pane: '1', agent: 'tester', instance: 'i1', ownerPid: pid });
  t.true(events.every((e) => e.type === 'agent-bound' || e.type === 'status-changed'), 'the type filter holds');
});

test.serial('thurm events --json prints the snapshot, then one event per line, and ends with the session', async (t) => {
  const env = await world(t);
  const child = spawn(process.execPath, [BIN, 'events', '--json'], { env: env.env });
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  await waitUntil(() => out.includes('"type":"snapshot"'), 'the snapshot line');
  await env.ok(['split']);
  await waitUntil(() => out.includes('"type":"pane-added"'), 'the pane-added line');
  await env.ok(['kill-server']);
  t.is(await exited, 0);
  const lines = out.trim().split('\n').map((l) => JSON.parse(l));
  t.is(lines[0].type, 'snapshot');
  t.is(lines.at(-1).type, 'session-ended');
});

test.serial('thurm events exits quietly with 0 when its reader closes the pipe (| head -1)', async (t) => {
  const env = await world(t);
  const events = spawn(process.execPath, [BIN, 'events', '--json'], { env: env.env, stdio: ['ignore', 'pipe', 'pipe'] });
  t.teardown(() => events.kill());
  let stderr = '';
  events.stderr.on('data', (d) => { stderr += d; });
  // Like head -1: the first line, then the pipe is closed.
  await new Promise<void>((resolve) => events.stdout.once('data', () => resolve()));
  events.stdout.destroy();
  const exited = new Promise<number | null>((resolve) => events.on('exit', resolve));
  await env.ok(['split']);
  t.is(await exited, 0);
  t.is(stderr, '');
});

test.serial('a subscriber that reads nothing is dropped with a reason, and the server carries on', async (t) => {
  const env = await world(t);
  const ws = new WsClient(env.socket, 1 << 20);
  await new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
  t.teardown(() => ws.terminate());
  const closed = new Promise<void>((resolve) => ws.on('close', () => resolve()));
  ws.send(JSON.stringify({ id: 1, type: 'subscribe', version: 1 }));
  ws.pause();
  // A flood of status changes (titles are coalesced): far more events than one connection may have queued.
  await env.ok(['send', '--pane', '1', "i=0; while [ $i -lt 30000 ]; do printf '\\033]7501;state=working\\007\\033]7501;state=idle\\007'; i=$((i+1)); done; echo flood-done", '--enter']);
  // Read again once dropped: the close frame waits behind the queued events, and a peer that
  // still reads nothing 5 s later is cut off without it.
  await waitUntil(() => fs.readFileSync(path.join(env.env.XDG_STATE_HOME!, 'thurm', 'default.log'), 'utf8').includes('dropped subscriber'), 'the drop to be logged', 60_000);
  ws.resume();
  await closed;
  t.regex(ws.closeReason?.reason ?? '', /too-slow/);
  await waitUntil(async () => (await env.capture('1')).includes('flood-done'), 'the flood to end', 60_000);
  t.is((await env.json<SessionInfo>(['info'])).panes.length, 1);
});

test.serial('wait --output returns once the screen matches, and times out when it does not', async (t) => {
  const env = await world(t);
  const waiting = env.cli(['wait', '--pane', '1', '--output', 'build (ok|failed) in \\d+s', '--timeout', '20']);
  await env.ok(['send', '--pane', '1', 'echo "build ok in $((3*4))s"', '--enter']);
  const r = await waiting;
  t.is(r.code, 0, r.stderr);
  const miss = await env.cli(['wait', '--pane', '1', '--output', 'never-shown-text', '--timeout', '0.3']);
  t.is(miss.code, 11);
  t.is((await env.cli(['wait', '--pane', '1'])).code, 2, 'one of --state or --output is needed');
});

test.serial('wait --output --new counts only what the pane prints after the wait starts, never the command line typed before it', async (t) => {
  const env = await world(t);
  await env.ok(['send', '--pane', '1', 'echo READY-MARK']);
  await waitUntil(async () => (await env.capture('1')).includes('echo READY-MARK'), 'the typed command line');
  t.is((await env.cli(['wait', '--pane', '1', '--output', 'READY-MARK', '--timeout', '0.3'])).code, 0, 'without --new the screen already matches');
  const early = await env.cli(['wait', '--pane', '1', '--output', 'READY-MARK', '--new', '--timeout', '0.5']);
  t.is(early.code, 11, 'with --new the typed line does not count');
  const waiting = env.cli(['wait', '--pane', '1', '--output', '^READY-MARK$', '--new', '--timeout', '20']);
  await env.ok(['send', '--pane', '1', '--enter', '']);
  const r = await waiting;
  t.is(r.code, 0, r.stderr);
  t.is((await env.capture('1')).split('\n').filter((l) => l === 'READY-MARK').length, 1, 'the output it matched');
  t.is((await env.cli(['wait', '--pane', '1', '--state', 'done', '--new'])).code, 2, '--new is for --output');
});

test.serial('attach --read-only shows the session but cannot type into it or size its window', async (t) => {
  const env = await world(t);
  await env.ok(['send', '--pane', '1', 'echo visible-$((5*5))', '--enter']);
  const observer = new TestTerminal(process.execPath, [BIN, 'attach', '--read-only'], env.env, 60, 15);
  t.teardown(() => observer.kill());
  await observer.waitForText('visible-25');
  observer.write('echo typed-by-observer\r');
  const info = await env.json<SessionInfo>(['info']);
  t.is(info.clients, 1);
  t.deepEqual(info.panes[0].size, { cols: 100, rows: 28 }, 'the window keeps its size');
  await env.ok(['send', '--pane', '1', 'echo marker-$((7*7))', '--enter']);
  await observer.waitForText('marker-49');
  t.false((await env.capture('1')).includes('typed-by-observer'));
});

test.serial('a read-only client narrower than the window draws the panes that fit, though a pane\'s header starts past its right edge', async (t) => {
  const env = await world(t);
  for (let i = 0; i < 3; i++) await env.ok(['split']);
  await env.ok(['select-layout', 'even-horizontal']);
  // Four panes in 100 columns: the last one's header starts at column 75.
  const observer = new TestTerminal(process.execPath, [BIN, 'attach', '--read-only'], env.env, 70, 20);
  t.teardown(() => observer.kill());
  await env.ok(['send', '--pane', '1', 'echo left-$((6*7))', '--enter']);
  await observer.waitFor((s) => s.includes('left-42') && s.split('\n')[19].startsWith('[default]'), 'the observer drawn, pane 1\'s output in it');
  await env.ok(['send', '--pane', '1', 'echo later-$((7*7))', '--enter']);
  await observer.waitForText('later-49');
  t.regex(observer.lines()[0], /^─ 1 sh/);
});

test.serial('a read-only client that is resized is drawn at its new size, and the window keeps the size the others give it', async (t) => {
  const env = await world(t);
  await env.ok(['split']);
  const observer = new TestTerminal(process.execPath, [BIN, 'attach', '--read-only'], env.env, 60, 15);
  t.teardown(() => observer.kill());
  await observer.waitFor((s) => s.split('\n')[14].startsWith('[default]'), 'the status line on its last row');
  observer.resize(110, 32);
  // The window is 100x28 (29 rows with the status line): the observer sees all of it now.
  await observer.waitFor((s) => s.split('\n')[31].startsWith('[default]') && /[─━] 2 sh/.test(s.split('\n')[0]), 'drawn again at 110x32, the pane on the right in view');
  await env.ok(['send', '--pane', '2', 'echo seen-$((8*8))', '--enter']);
  await observer.waitForText('seen-64');
  t.deepEqual((await env.json<SessionInfo>(['info'])).panes.map((p) => p.size.rows), [28, 28], 'the window did not follow the observer');
});

test.serial('prefix a lists panes most pressing first with their window, and Enter jumps to the chosen one', async (t) => {
  const env = await world(t);
  // The blocked pane comes second by id and by time, and is not the focused one.
  await env.ok(['send', '--pane', '1', osc7501('state=working'), '--enter']);
  await env.ok(['split']);
  await env.ok(['send', '--pane', '2', osc7501('state=blocked:kind=permission:app=builder:msg=QXBwcm92ZT8='), '--enter']);
  await env.ok(['focus', '--pane', '1']);
  await waitUntil(async () => /◆ window 0  pane 2  blocked /.test(await env.ok(['agents'])), 'pane 2 blocked');
  const status = (await env.json<SessionInfo>(['info'])).panes.find((p) => p.id === '2')!.status;
  t.like(status, { state: 'blocked', kind: 'permission', app: 'builder', text: 'Approve?' }, 'info --json gives the app and kind events carry');
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
  t.teardown(() => term.kill());
  await term.waitForText('[default]');
  term.write('\x02a');
  const overview = (await term.waitFor((s) => s.includes('Enter picks'), 'the overview')).split('\n');
  const blocked = overview.findIndex((l) => /> ◆ window 0  pane 2  blocked .*builder: Approve\?/.test(l));
  t.true(blocked >= 0, 'the blocked pane is the one chosen at first');
  t.true(blocked < overview.findIndex((l) => /  ▶ window 0  pane 1  working/.test(l)), 'and is listed above the working one');
  term.write('\r');
  await waitUntil(async () => (await env.json<SessionInfo>(['info'])).panes.find((p) => p.focused)?.id === '2', 'pane 2 focused');
  await term.waitFor((s) => !s.includes('Enter picks'), 'the overview to close');
  t.regex(term.lines()[0], /│━ 2 sh/, 'drawn focused');
});

/**
 * A session whose detection calls an agent idle after half a second, and a stand-in Gemini CLI
 * (spec/fixtures/fake-agent.cjs) to run, driven through a FIFO: Gemini CLI reports nothing, so
 * thurm knows it by its process and reads its screen.
 */
function fakeGeminiWorld(t: ExecutionContext) {
  const env = new ThurmEnv('[detection]\nidle-threshold = 0.5\n');
  t.teardown(() => env.cleanup());
  const gemini = path.join(env.dir, 'bin', 'gemini');
  fs.mkdirSync(path.dirname(gemini));
  fs.writeFileSync(gemini, `#!${process.execPath}\nrequire(${JSON.stringify(path.join(ROOT, 'spec', 'fixtures', 'fake-agent.cjs'))});\n`, { mode: 0o755 });
  const fifo = path.join(env.dir, 'control');
  execFileSync('mkfifo', [fifo]);
  return { env, gemini, fifo, say: (command: string) => fs.writeFileSync(fifo, `${command}\n`) };
}

test.serial('an agent that never reports is done when a turn it was given ends unseen, until its pane is focused', async (t) => {
  const { env, gemini, fifo, say } = fakeGeminiWorld(t);
  await env.ok(['new', '-d', '--size', '100x30', '--', gemini, fifo]);
  await env.ok(['split']);
  const pane1 = async () => (await env.json<SessionInfo>(['info'])).panes[0].status;
  // A turn starts with the user's input; the agent then streams its answer.
  await env.ok(['send', '--pane', '1', 'explain this', '--enter']);
  say('stream');
  await waitUntil(async () => (await pane1()).state === 'working', 'working while it streams');
  say('stop');
  const done = await waitUntil(async () => ((await pane1()).state === 'done' ? pane1() : null), 'done once it goes quiet');
  t.is(done.source, 'screen-and-activity');
  await env.ok(['focus', '--pane', '1']);
  await waitUntil(async () => (await pane1()).state === 'idle', 'idle once seen');
});

test.serial('info never shows a status the events stream did not announce: through an agent\'s launch, turn, done and seen, each status info gives is one an event carried', async (t) => {
  const { env, gemini, fifo, say } = fakeGeminiWorld(t);
  await env.ok(['new', '-d', '--size', '100x30']);
  const { snapshot, events } = await subscriber(t, env);
  // Every status info gives for pane 1, by its seq, polled all along.
  const seen = new Map<number, PaneInfo['status']>();
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const status = (await env.json<SessionInfo>(['info'])).panes[0].status;
      const before = seen.get(status.seq);
      if (before) t.deepEqual(status, before, `seq ${status.seq} is one status`);
      seen.set(status.seq, status);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const state = () => [...seen.values()].at(-1)?.state;
  await env.ok(['send', '--pane', '1', `${gemini} ${fifo}`, '--enter']);
  await env.ok(['split']);
  await waitUntil(() => state() === 'idle', 'the agent idle after its launch');
  await env.ok(['send', '--pane', '1', 'explain this', '--enter']);
  say('stream');
  await waitUntil(() => state() === 'working', 'working while it streams');
  say('stop');
  await waitUntil(() => state() === 'done', 'done once it goes quiet');
  await env.ok(['focus', '--pane', '1']);
  await waitUntil(() => state() === 'idle', 'idle once seen');
  polling = false;
  await poller;
  const announced = new Map<number, unknown>([[snapshot.panes[0].status.seq, snapshot.panes[0].status]]);
  const told = () => {
    for (const e of events) if (e.type === 'status-changed' && e.pane === '1') announced.set(e.status.seq, e.status);
    return [...seen.keys()].every((seq) => announced.has(seq));
  };
  await waitUntil(told, () => `events for every seq info gave: ${[...seen.keys()]} (announced ${[...announced.keys()]})`);
  for (const [seq, status] of seen) t.deepEqual(status, announced.get(seq), `seq ${seq}: info and its event agree`);
  t.true(seen.size >= 4, `launch, working, done, idle: ${[...seen.values()].map((s) => s.state)}`);
});

test.serial('a program that says it is blocked before it draws its dialog gets an event whose digest answers the dialog drawn', async (t) => {
  const env = await world(t);
  const { events } = await subscriber(t, env, { pane: '1', types: ['status-changed'] });
  // A script, so the question is not on screen before it asks it (in the typed command line).
  const script = path.join(env.dir, 'ask.sh');
  const ask = Buffer.from('Overwrite the file?').toString('base64');
  fs.writeFileSync(script, `${osc7501(`state=blocked:kind=question:msg=${ask}`)}\nsleep 0.3\nprintf "Overwrite the file? [y/N] "\nread a\nprintf "%s-%s\\n" got "$a"\nsleep 600\n`);
  await env.ok(['send', '--pane', '1', `sh ${script}`, '--enter']);
  await waitUntil(async () => (await env.capture('1')).includes('Overwrite the file? [y/N]'), 'the dialog drawn');
  const shown = (await env.json<{ digest: string }>(['agent', 'explain', '--pane', '1'])).digest;
  type StatusEvent = Extract<PublicEvent, { type: 'status-changed' }>;
  const blocked = () => events.filter((e): e is StatusEvent => e.type === 'status-changed' && e.status.state === 'blocked');
  await waitUntil(() => blocked().some((e) => e.digest === shown), () => `an event with digest ${shown}: ${JSON.stringify(blocked())}`);
  t.true(blocked().length >= 2, 'first the state, then the dialog');
  const r = await env.cli(['agent', 'answer', '--pane', '1', '--text', 'y', '--expect', blocked().at(-1)!.digest!]);
  t.is(r.code, 0, r.stderr);
  await waitUntil(async () => (await env.capture('1')).includes('got-y'), 'the answer typed');
});

test.serial('agent answer types the keys only while the pane shows the screen its digest names', async (t) => {
  const env = await world(t);
  await env.ok(['send', '--pane', '1', `sh -c 'printf "Overwrite the file? [y/N] "; read a; printf "%s-%s\\n" got "$a"; sleep 600'`, '--enter']);
  const explain = () => env.json<{ state: string; digest: string }>(['agent', 'explain', '--pane', '1']);
  const first = await waitUntil(async () => { const e = await explain(); return e.state === 'blocked' ? e : null; }, 'the prompt detected');
  const stale = await env.cli(['agent', 'answer', '--pane', '1', '--choice', '1', '--expect', '0123456789abcdef']);
  t.is(stale.code, 19);
  t.regex(stale.stderr, /nothing was sent/);
  t.false((await env.capture('1')).includes('got-'));
  const noOption = await env.cli(['agent', 'answer', '--pane', '1', '--choice', '1', '--expect', first.digest]);
  t.is(noOption.code, 2, 'a [y/N] prompt has no option 1: --choice types nothing');
  t.regex(noOption.stderr, /no numbered options.*nothing was sent/);
  const r = await env.cli(['agent', 'answer', '--pane', '1', '--text', 'y', '--expect', first.digest]);
  t.is(r.code, 0, r.stderr);
  await waitUntil(async () => (await env.capture('1')).includes('got-y'), 'the answer typed');
  const again = await env.cli(['agent', 'answer', '--pane', '1', '--deny', '--expect', first.digest]);
  t.is(again.code, 19, 'the prompt is gone: the same digest no longer answers');
});
