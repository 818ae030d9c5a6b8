// `thurm server upgrade`: a new server takes over the running session with every pane still
// running, keeping each byte of output, the screens, titles, records and report ownership, and
// attached clients follow it by themselves. A new server that fails leaves the old one as it was.
import fs from 'node:fs';
import path from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { Connection } from '../../lib/cli/connection.js';
import type { SessionInfo } from '../../lib/server/protocol.js';
import { readSnapshot } from '../../lib/session/session-file.js';
import { alive } from '../helpers/processes.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

const LINES = 1500;

async function world(t: ExecutionContext, extraEnv: NodeJS.ProcessEnv = {}): Promise<ThurmEnv> {
  const env = new ThurmEnv();
  Object.assign(env.env, extraEnv);
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--size', '120x40']);
  return env;
}

/** A program that prints `seq-1` ... `seq-N` a little at a time, then `printer-done`. */
function printer(env: ThurmEnv): string {
  const script = path.join(env.dir, 'printer.cjs');
  fs.writeFileSync(script, `let i = 0;
const t = setInterval(() => {
  for (let k = 0; k < 5 && i < ${LINES}; k++) process.stdout.write('seq-' + (++i) + '\\n');
  if (i >= ${LINES}) { clearInterval(t); process.stdout.write('printer-done\\n'); }
}, 2);
`);
  return `node ${script}`;
}

/** Every `seq-N` in the pane's history, in order. */
async function sequence(env: ThurmEnv, pane: string): Promise<number[]> {
  const text = await env.ok(['capture', '--pane', pane, '--scrollback', String(LINES + 100)]);
  return [...text.matchAll(/^seq-(\d+)$/gm)].map((m) => Number(m[1]));
}

async function info(env: ThurmEnv): Promise<SessionInfo> {
  return env.json<SessionInfo>(['info']);
}

test.serial('an upgrade while a program prints and an agent reports keeps every byte, screen, title, record, owner, state age, the agent\'s command-line variables and what tools set through tmux', async (t) => {
  const env = await world(t);
  await env.ok(['split']);
  await env.ok(['split', '--pane', '1', '--down']);
  // Pane 3: a record and a title set by the program itself.
  await env.ok(['send', '--pane', '3', `sh -c "printf '\\033]2;my-title\\007\\033]7501;state=working:app=builder:msg=Y29tcGlsaW5n\\007'; exec sleep 600"`, '--enter']);
  // Pane 2: an agent owning the pane, with its resume arguments.
  await env.ok(['send', '--pane', '2', 'MODEL_URL=http://proxy:8080 sleep 600', '--enter']);
  const owner = await waitUntil(async () => (await info(env)).panes.find((p) => p.id === '2')?.foreground?.argv[0] === 'sleep'
    && (await info(env)).panes.find((p) => p.id === '2')!.foreground!.pid, 'sleep in pane 2');
  const report = (sequence: number, status: string) => env.cli(['agent', 'report', '--pane', '2', '--agent', 'tester', '--owner-pid', String(owner),
    '--instance', 'i1', '--sequence', String(sequence), '--status', status, '--session-id', 's-1', '--resume-json', '["tester","--resume","s-1"]']);
  t.is((await report(1, 'working')).code, 0);
  await waitUntil(async () => (await info(env)).panes.find((p) => p.id === '3')?.title === 'my-title', 'the title');
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 120, 40);
  t.teardown(() => term.kill());
  await term.waitForText('my-title');
  const before = await info(env);
  const since = async (pane: string) => (await env.json<{ agents: { pane: string; since: string }[] }>(['agents'])).agents.find((a) => a.pane === pane)?.since;
  const workingSince = await since('3');
  t.truthy(workingSince);

  // What tools set through tmux: an option of a pane, a key, a variable for new panes.
  await env.ok(['tmux', 'set-option', '-p', '-t', '%3', '@role', 'builder']);
  await env.ok(['bind-key', 'X', '--', 'new-window']);
  await env.ok(['set-environment', 'DEPLOY_ENV', 'staging']);
  await env.ok(['send', '--pane', '1', printer(env), '--enter']);
  await waitUntil(async () => (await sequence(env, '1')).length > 100, 'the printer to be under way');
  const up = await env.cli(['server', 'upgrade']);
  t.is(up.code, 0, up.stderr);
  t.regex(up.stdout, new RegExp(`server ${before.serverPid} handed the session to server \\d+`));
  await waitUntil(() => !alive(before.serverPid), 'the old server to exit');

  const after = await info(env);
  t.not(after.serverPid, before.serverPid);
  t.deepEqual(after.panes.map((p) => [p.id, p.pid, p.size]), before.panes.map((p) => [p.id, p.pid, p.size]));
  t.is(after.panes.find((p) => p.focused)?.id, before.panes.find((p) => p.focused)?.id);
  // Every line the printer wrote, before, during and after the handover, once and in order.
  await waitUntil(async () => (await env.capture('1')).includes('printer-done'), 'the printer to finish', 20_000);
  t.deepEqual(await sequence(env, '1'), Array.from({ length: LINES }, (_, i) => i + 1));
  const p3 = after.panes.find((p) => p.id === '3')!;
  t.is(p3.title, 'my-title');
  t.like(p3.status, { state: 'working', source: 'program-status', text: 'compiling' });
  t.is(await since('3'), workingSince, 'working since the same moment: its age goes on');
  // The agent keeps its instance: its next sequence number is accepted, an old one is not.
  t.like(after.panes.find((p) => p.id === '2')!.agent, { instance: 'i1', status: 'working', sessionId: 's-1', resume: ['tester', '--resume', 's-1'] });
  // What a restore types before its resume command: the line that started it was seen by the old server.
  await env.ok(['save']);
  t.deepEqual(readSnapshot(path.join(env.env.XDG_STATE_HOME!, 'thurm', 'default.json')).panes.find((p) => p.id === '2')!.agent?.env, [['MODEL_URL', 'http://proxy:8080']]);
  t.is((await report(1, 'done')).code, 5, 'sequence 1 was used before the upgrade');
  t.is((await report(2, 'done')).code, 0);
  t.like((await info(env)).panes.find((p) => p.id === '2')!.agent, { status: 'done', turn: 1 });
  // The tmux tables came along.
  t.is((await env.ok(['tmux', 'show-options', '-p', '-t', '%3', '-v', '@role'])).trim(), 'builder');
  t.regex(await env.ok(['show-environment', 'DEPLOY_ENV']), /^DEPLOY_ENV=staging$/m);
  // The attached client followed: it shows the session and its keys reach the focused pane.
  await term.waitForText('my-title');
  await env.ok(['focus', '--pane', '1']);
  term.write('echo typed-$((40+2))\r');
  await waitUntil(async () => (await env.capture('1')).includes('typed-42'), 'the client to type into pane 1');
  // The key bound before the upgrade still runs its command.
  term.write('\x02X');
  await waitUntil(async () => (await env.json(['list-windows'])).windows.length === 2, 'prefix X to open a window');
});

test.serial('a new server that fails to start leaves the old one running untouched', async (t) => {
  const broken = path.join(new ThurmEnv().dir, 'broken-main.js');
  fs.writeFileSync(broken, 'process.exit(1);\n');
  const env = await world(t, { THURM_UPGRADE_ENTRY: broken });
  const pid = await env.serverPid();
  await env.ok(['send', '--pane', '1', printer(env), '--enter']);
  await waitUntil(async () => (await sequence(env, '1')).length > 50, 'the printer to be under way');
  const up = await env.cli(['server', 'upgrade']);
  t.not(up.code, 0);
  t.regex(up.stderr, /server upgrade failed, this server keeps running: the new server exited/);
  t.is(await env.serverPid(), pid);
  await waitUntil(async () => (await env.capture('1')).includes('printer-done'), 'the printer to finish', 20_000);
  t.deepEqual(await sequence(env, '1'), Array.from({ length: LINES }, (_, i) => i + 1));
  await env.ok(['send', '--pane', '1', 'echo still-$((6*7))', '--enter']);
  await waitUntil(async () => (await env.capture('1')).includes('still-42'), 'typing to reach the pane');
});

test.serial('a request of another protocol version is refused with a clear error', async (t) => {
  const env = await world(t);
  const connection = await Connection.open(env.socket);
  t.teardown(() => connection.close());
  const reply = await connection.send('info', { version: 999 });
  t.false(reply.ok);
  t.like(reply, { ok: false, error: { code: 'PROTOCOL_ERROR' } });
  t.regex(!reply.ok ? reply.error.message : '', /protocol version mismatch: request 999/);
});
