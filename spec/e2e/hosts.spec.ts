// Far hosts over OpenSSH: a private sshd on localhost, and "hosts" that are separate thurm
// sessions in their own state and runtime folders, reached by `ssh` with the far command
// `env -i ... thurm` (farThurm). The local session links to them as it would to another machine.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { Connection } from '../../lib/cli/connection.js';
import { farThurm, SSH_READY, SSH_SKIPPED, Sshd } from '../helpers/sshd.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

const PREFIX = '\x02';
const serial = SSH_READY ? test.serial : test.serial.skip;

let sshd: Sshd | undefined;

test.before(async () => {
  if (SSH_READY) sshd = await Sshd.start();
});

test.after.always(() => sshd?.stop());

interface Agents {
  agents: { pane: string; host: string | null; stale: boolean; state: string; app: string | null; text: string }[];
  hosts: { name: string; state: string; error: string | null; pid: number | null }[];
}

/** `thurm host add NAME DEST` for the spec's sshd, with `command` as the far thurm. */
async function addHost(local: ThurmEnv, name: string, command: string[], key: 'client_key' | 'other_key' = 'client_key'): Promise<void> {
  await local.ok(['host', 'add', name, sshd!.dest, ...sshd!.options(key).flatMap((o) => ['--ssh-option', o]), '--command', command.join(' ')]);
}

/** Waits until the local overview's far host `name` is in `state`, and gives the whole overview. */
async function hostIn(local: ThurmEnv, name: string, state: string): Promise<Agents> {
  let last: Agents | null = null;
  await waitUntil(async () => (last = await local.request<Agents>('agents')).hosts.find((h) => h.name === name)?.state === state,
    () => `host ${name} to be ${state}: ${JSON.stringify(last?.hosts)}`, 20_000);
  return last!;
}

/** A far pane's program reports blocked through OSC 7501, as an agent there would. */
async function blockFar(far: ThurmEnv, text: string): Promise<void> {
  await far.ok(['send', '--pane', '1', '--enter', `printf '\\033]7501;state=blocked:app=far:msg=%s\\033\\\\' "$(printf '${text}' | base64)"; echo far-marker`]);
}

async function world(t: { teardown(f: () => Promise<void> | void): void }): Promise<{ local: ThurmEnv; far: ThurmEnv }> {
  const far = new ThurmEnv();
  const local = new ThurmEnv();
  t.teardown(() => local.cleanup());
  t.teardown(() => far.cleanup());
  await far.start(['--size', '100x28', '--', 'sh']);
  await addHost(local, 'build', farThurm(far));
  return { local, far };
}

serial(`--host runs a command in the far session: its output, its exit status, and no prompt${SSH_SKIPPED}`, async (t) => {
  const { local, far } = await world(t);
  const listed = await local.cli(['--host', 'build', 'list', '--json']);
  t.is(listed.code, 0, listed.stderr);
  t.deepEqual(JSON.parse(listed.stdout).panes.map((p: { pid: number }) => p.pid), (await far.json(['list'])).panes.map((p: { pid: number }) => p.pid));
  // The far thurm's error and its exit status (NOT_FOUND is 3), as when run there.
  const missing = await local.cli(['--host', 'build', 'capture', '--pane', '99']);
  t.is(missing.code, 3);
  t.regex(missing.stderr, /no such pane: 99/);
  const unknown = await local.cli(['--host', 'nowhere', 'info']);
  t.is(unknown.code, 3);
  t.regex(unknown.stderr, /no host named nowhere \(known: build\)/);
  const listedHosts = await local.cli(['host', 'list']);
  t.regex(listedHosts.stdout, /^build {2}\S+@127\.0\.0\.1$/m);
});

serial(`the overview holds a far host's blocked agent, live, with its notification; Enter opens a window attached there${SSH_SKIPPED}`, async (t) => {
  const { local, far } = await world(t);
  await local.start(['--size', '100x29', '--', 'sh']);
  await hostIn(local, 'build', 'live');
  const client = new TestTerminal(process.execPath, [BIN, 'attach'], local.env, 100, 30);
  t.teardown(() => client.kill());
  await client.waitForText('$ ');
  await blockFar(far, 'Allow rm?');
  // Told once in the status line, as a pane of this session would be.
  await client.waitForText('pane build:1: far blocked on build');
  // A second host's working agent joins the same overview, after the blocked one.
  const gpu = new ThurmEnv();
  t.teardown(() => gpu.cleanup());
  await gpu.start(['--', 'sh']);
  await gpu.ok(['send', '--pane', '1', '--enter', `printf '\\033]7501;state=working:app=trainer\\033\\\\'`]);
  await addHost(local, 'gpu', farThurm(gpu));
  await waitUntil(async () => (await local.request<Agents>('agents')).agents.length === 2, 'both hosts\' agents', 20_000);
  const agents = await local.request<Agents>('agents');
  t.like(agents.agents[0], { pane: 'build:1', host: 'build', stale: false, state: 'blocked', app: 'far', text: 'Allow rm?' });
  t.like(agents.agents[1], { pane: 'gpu:1', host: 'gpu', stale: false, state: 'working', app: 'trainer' });
  client.write(`${PREFIX}a`);
  const overview = await client.waitFor((s) => /> ◆ window 0 {2}pane build:1 {2}blocked .* far: Allow rm\?/.test(s), 'the far agent in the overview');
  t.notRegex(overview, /stale/);
  client.write('\r');
  // A window of this session, attached to the far one: its pane's marker, its status line.
  await client.waitFor((s) => /far-marker/.test(s) && /\[default\]/.test(s), 'the far session in a local window');
  // The status line counts the far host's panes that need the user, as another session's.
  await client.waitFor((s) => / build:◆1 │/.test(s.split('\n').at(-1) ?? ''), 'the far host in the status line');
  const windows = await local.json(['list-windows']);
  t.true(windows.windows.some((w: { name: string }) => w.name === 'host:build'), JSON.stringify(windows));
  t.is((await far.json(['info'])).clients, 1);
});

serial(`a dropped link marks a far host's rows stale with their age, and the link comes back by itself${SSH_SKIPPED}`, async (t) => {
  const { local, far } = await world(t);
  await local.start(['--', 'sh']);
  await hostIn(local, 'build', 'live');
  // The events stream tells the far pane's notification too, by its host-qualified id.
  const events = await Connection.open(local.socket);
  t.teardown(() => events.close());
  const told: { type: string; pane?: string; text?: string }[] = [];
  events.ws.on('message', (data) => told.push((JSON.parse(data.toString()) as { event?: (typeof told)[number] }).event ?? { type: 'reply' }));
  await events.request('subscribe', { types: ['notification'] });
  await blockFar(far, 'Deploy?');
  await waitUntil(() => told.some((e) => e.type === 'notification' && e.pane === 'build:1' && e.text === 'Deploy?'), () => `the far notification in the events: ${JSON.stringify(told)}`);
  await waitUntil(async () => (await local.request<Agents>('agents')).agents.some((a) => a.pane === 'build:1' && a.state === 'blocked'), 'the far agent');
  const { pid } = (await local.request<Agents>('agents')).hosts[0];
  t.truthy(pid);
  // The link's ssh dies, as when the network goes.
  process.kill(pid!, 'SIGKILL');
  const lost = await hostIn(local, 'build', 'lost');
  t.like(lost.agents[0], { pane: 'build:1', stale: true, state: 'blocked' });
  t.regex(await local.ok(['agents']), /^\? stale window 0 {2}pane build:1 {2}blocked .*\nhost build: lost: the link dropped \(last seen \d+s ago\)$/m);
  const back = await hostIn(local, 'build', 'live');
  t.like(back.agents[0], { pane: 'build:1', stale: false, state: 'blocked' });
  t.not(back.hosts[0].pid, pid);
  // Prefix u (focus --urgent) weighs the far panes too: none here needs the user, so the far one.
  t.deepEqual(await local.request('focus', { urgent: true }), { pane: 'build:1' });
  const current = (await local.json(['list-windows'])).windows.find((w: { current: boolean }) => w.current);
  t.is(current.name, 'host:build');
  await waitUntil(async () => (await far.json(['info'])).clients === 1, 'the window attached there');
});

serial(`a far host that wants a login is marked needs-login, and nothing prompts for it${SSH_SKIPPED}`, async (t) => {
  const local = new ThurmEnv();
  t.teardown(() => local.cleanup());
  const far = new ThurmEnv();
  t.teardown(() => far.cleanup());
  await addHost(local, 'locked', farThurm(far), 'other_key');
  await local.start(['--', 'sh']);
  const agents = await hostIn(local, 'locked', 'needs-login');
  t.regex(agents.hosts[0].error ?? '', /Permission denied/);
  // In the foreground, ssh says so itself, and thurm says it was ssh.
  const r = await local.cli(['--host', 'locked', 'info'], { SSH_ASKPASS: '/bin/false', SSH_ASKPASS_REQUIRE: 'never' }, '');
  t.is(r.code, 6);
  t.regex(r.stderr, /Permission denied/);
  t.regex(r.stderr, /--host locked: ssh could not run thurm/);
});

serial(`a far thurm of another protocol is refused with a clear error, on either side${SSH_SKIPPED}`, async (t) => {
  const local = new ThurmEnv();
  t.teardown(() => local.cleanup());
  // A far "thurm" that speaks protocol 99.
  const script = path.join(local.dir, 'future-thurm');
  fs.writeFileSync(script, '#!/bin/sh\necho "thurm-proxy protocol=99 version=9.0.0"\nexec sleep 30\n', { mode: 0o755 });
  await addHost(local, 'future', [script]);
  await local.start(['--', 'sh']);
  const agents = await hostIn(local, 'future', 'incompatible');
  t.is(agents.hosts[0].error, 'the far thurm (9.0.0) speaks protocol 99, this one 1');
  // And the far side refuses a caller of another protocol (PROTOCOL_ERROR is 10).
  const r = await local.cli(['proxy', '--protocol', '99']);
  t.is(r.code, 10);
  t.regex(r.stderr, /speaks protocol 1, the caller 99/);
});

serial(`attach --host puts the far session in this terminal, and detaching leaves it running${SSH_SKIPPED}`, async (t) => {
  const { local, far } = await world(t);
  await far.ok(['send', '--pane', '1', '--enter', 'echo far-$((6*7))']);
  const client = new TestTerminal(process.execPath, [BIN, 'attach', '--host', 'build'], local.env, 100, 30);
  t.teardown(() => client.kill());
  await client.waitFor((s) => /far-42/.test(s) && /\[default\]/.test(s), 'the far session');
  await waitUntil(async () => (await far.json(['info'])).clients === 1, 'the far client');
  client.write(`${PREFIX}d`);
  await client.exited;
  await waitUntil(async () => (await far.json(['info'])).clients === 0, 'the far client to go');
  t.is((await far.json(['list'])).panes.length, 1);
});
