// thurm over a real ssh connection: the spec starts its own sshd on a free localhost port, with
// its own config, host key and authorized key in a temp dir (the system's sshd and ~/.ssh are
// never touched), and runs `ssh -tt` in a real terminal, as a person working remotely would.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { agentWorld } from '../helpers/agent-world.js';
import { FakeGeminiApi } from '../helpers/fake-gemini-api.js';
import { watchPane } from '../helpers/pane-watch.js';
import { alive } from '../helpers/processes.js';
import { farThurm, quote, SSH, SSH_READY, SSH_SKIPPED, Sshd } from '../helpers/sshd.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

const PREFIX = '\x02';
// .ci/run installs openssh-server; on a machine without it these specs say so instead of failing.
const serial = SSH_READY ? test.serial : test.serial.skip;
const skipped = SSH_SKIPPED;

let sshd: Sshd | undefined;

test.before(async () => {
  if (!SSH_READY) return;
  sshd = await Sshd.start();
  // A script that opens the connection, so a pane's shell can type a short command.
  fs.writeFileSync(path.join(sshd.dir, 'ssh-far'), `#!/bin/sh\nexec ${[SSH!, ...sshOptions()].map(quote).join(' ')} "$@"\n`, { mode: 0o755 });
});

test.after.always(() => sshd?.stop());

function sshOptions(): string[] {
  return ['-tt', '-F', '/dev/null', ...sshd!.options().flatMap((o) => ['-o', o]), '-o', 'BatchMode=yes', sshd!.dest];
}

/** The far side's command line: this checkout's thurm in the spec's private world (ssh passes no environment). */
function remoteThurm(env: ThurmEnv, args: string[]): string {
  return [...farThurm(env), ...args].map(quote).join(' ');
}

/** An ssh client in a real terminal, running `remote` on the far side. */
function sshTerminal(remote: string): TestTerminal {
  return new TestTerminal(SSH!, [...sshOptions(), remote], process.env, 100, 30);
}

serial(`over ssh: attach, work, drop the connection, and reattach with nothing lost${skipped}`, async (t) => {
  const env = new ThurmEnv();
  let client = sshTerminal(remoteThurm(env, []));
  t.teardown(async () => {
    client.kill();
    await env.cleanup();
  });
  await client.waitForText('[default]');
  await client.waitForText('$ ');
  client.write('i=0; while :; do i=$((i+1)); echo tick-$i; sleep 0.05; done\r');
  await client.waitForText('tick-3');
  client.write(`${PREFIX}%`);
  await client.waitFor((s) => /│━ 2 sh/.test(s), 'a second pane, split over ssh');
  client.write('echo kept-$((6*7))\r');
  await client.waitFor((s) => /│kept-42/.test(s), 'output in the second pane');
  const panes = (await env.json(['list'])).panes;
  const second = await env.capture('2');
  t.is((await env.json(['info'])).clients, 1);

  // The link drops: the ssh client dies at once, as when a laptop lid closes.
  process.kill(client.pid, 'SIGKILL');
  await client.exited;
  await waitUntil(async () => (await env.json(['info'])).clients === 0, 'the far side to notice the lost client');
  const tick = async () => Number(/tick-(\d+)\s*$/.exec((await env.capture('1')).trimEnd())?.[1]);
  const before = await tick();
  await waitUntil(async () => (await tick()) > before + 5, 'the counter to keep counting with nobody attached');
  t.true(panes.every((p: { pid: number }) => alive(p.pid)));

  client = sshTerminal(remoteThurm(env, ['attach']));
  const screen = await client.waitFor((s) => /│━ 2 sh/.test(s) && /│kept-42/.test(s) && /tick-\d+/.test(s), 'the session back over a new connection');
  const shown = Number(/tick-(\d+)/.exec(screen.split('\n').filter((l) => l.includes('tick-')).pop()!)![1]);
  t.true(shown > before, `the counter went on (${shown} after ${before})`);
  t.deepEqual((await env.json(['list'])).panes.map((p: any) => [p.id, p.pid, p.size]), panes.map((p: any) => [p.id, p.pid, p.size]));
  t.is(await env.capture('2'), second);
  // Keys still reach the panes over the new connection.
  client.write('echo again-$((6*8))\r');
  await client.waitFor((s) => /│again-48/.test(s), 'typing in the second pane after reattaching');
});

serial(`an OSC 7501 report from a program on the far side of an ssh in a pane reaches the border${skipped}`, async (t) => {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--size', '100x29', '--', 'sh']);
  const client = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
  t.teardown(() => client.kill());
  await client.waitForText('$ ');
  // The far side reports with printf (ST-terminated) and then with `thurm status`, which writes
  // to its own terminal there; neither knows anything of the thurm on this side.
  const far = [
    `printf '\\033]7501;state=working:app=far:msg=%s\\033\\\\' "$(printf 'Building over ssh' | base64)"`,
    'read line',
    `${quote(process.execPath)} ${quote(BIN)} status done --app far --msg 'Built over ssh'`,
    'exec cat',
  ].join('; ');
  fs.writeFileSync(path.join(sshd!.dir, 'far.sh'), `${far}\n`);
  await env.ok(['send', '--pane', '1', '--enter', `${path.join(sshd!.dir, 'ssh-far')} sh ${path.join(sshd!.dir, 'far.sh')}`]);
  await client.waitForText('▶ working far: Building over ssh');
  const info = (await env.json(['info'])).panes[0];
  t.is(info.status.state, 'working');
  t.true(info.foreground.argv[0].endsWith('ssh'), 'ssh holds the pane');
  await env.ok(['send', '--pane', '1', '--key', 'Enter']);
  await client.waitForText('✔ done far: Built over ssh');
  t.regex(client.lines()[0], /^━ 1 ssh ━ ✔ done far: Built over ssh ━+$/);
});

serial(`an agent on the far side of an ssh in a pane is known by its screen and title: working, then blocked on a permission, and explain says how${skipped}`, async (t) => {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--size', '120x45', '--', 'sh']);
  // Gemini CLI's own screens, recorded (spec/fixtures/detect), drawn on the far side with its titles.
  const fixtures = path.resolve(path.dirname(BIN), '..', 'spec', 'fixtures', 'detect');
  const show = (title: string, file: string) => `printf '\\033[H\\033[2J\\033]2;%s\\007' ${quote(title)}; cat ${quote(path.join(fixtures, file))}`;
  const far = [
    show('◇  Ready (w-gemini)', 'gemini-idle-prompt.txt'), 'read line',
    show('✦  Working… (w-gemini)', 'gemini-working.txt'), 'read line',
    show('✋  Action Required (w-gemini)', 'gemini-permission-shell.txt'), 'exec cat',
  ].join('; ');
  fs.writeFileSync(path.join(sshd!.dir, 'far-agent.sh'), `${far}\n`);
  await env.ok(['send', '--pane', '1', '--enter', `${path.join(sshd!.dir, 'ssh-far')} sh ${path.join(sshd!.dir, 'far-agent.sh')}`]);
  const status = async () => (await env.json<{ panes: { status: { state: string; kind: string | null }; foreground: { argv: string[] } | null }[] }>(['info'])).panes[0];
  await waitUntil(async () => (await status()).status.state === 'idle', 'idle at its prompt');
  t.true((await status()).foreground!.argv[0].endsWith('ssh'), 'ssh holds the pane');
  await env.ok(['send', '--pane', '1', '--key', 'Enter']);
  await waitUntil(async () => (await status()).status.state === 'working', 'working');
  await env.ok(['send', '--pane', '1', '--key', 'Enter']);
  const blocked = await waitUntil(async () => ((await status()).status.state === 'blocked' ? status() : null), 'blocked on the permission');
  t.is(blocked.status.kind, 'permission');
  const explained = await env.ok(['agent', 'explain', '--pane', '1']);
  t.regex(explained, /^agent: gemini \(from its screen and title: its process runs beyond ssh, where it cannot be seen\)$/m);
  t.regex(explained, /gemini\.approval +blocked/);
});

const GEMINI_BIN_DIR = '/opt/real-agents/gemini/node_modules/.bin';
const GEMINI = fs.existsSync(path.join(GEMINI_BIN_DIR, 'gemini'));

(SSH_READY && GEMINI ? test.serial : test.serial.skip)(
  SSH_READY && GEMINI
    ? 'the real Gemini CLI beyond an ssh in a pane, nothing of thurm on its side: idle, working on a turn, then blocked on its permission to run a command'
    : `the real Gemini CLI beyond ssh (skipped: ${SSH_READY ? 'real Gemini CLI is not installed at /opt/real-agents/gemini' : skipped.trim()})`,
  async (t) => {
    const SLOW = 60_000;
    t.timeout(5 * SLOW);
    // The model thinks for 3 s (a turn shows working), then asks to run a command that changes
    // something (a read-only one runs unasked), and answers in words once it ran.
    let turns = 0;
    const api = new FakeGeminiApi(() => (turns++ ? 'far-answer-marker' : { command: 'touch made-by-the-far-tool' }), 3000);
    const { env, url, project } = await agentWorld(t, api);
    const home = path.join(env.dir, 'far-home');
    fs.mkdirSync(path.join(home, '.gemini'), { recursive: true });
    fs.writeFileSync(path.join(home, '.gemini', 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' }, folderTrust: { enabled: false } } }));
    // The far side gets only what ssh gives and this line sets: no THURM_ variable, no thurm.
    const vars = { HOME: home, PATH: `${GEMINI_BIN_DIR}:${process.env.PATH}`, TERM: 'xterm-256color', LANG: 'C.UTF-8', GEMINI_API_KEY: 'offline-dummy', GOOGLE_GEMINI_BASE_URL: url };
    fs.writeFileSync(path.join(sshd!.dir, 'far-gemini.sh'), `cd ${quote(project)} && exec env -i ${Object.entries(vars).map(([k, v]) => quote(`${k}=${v}`)).join(' ')} gemini\n`);
    await env.ok(['new', '-d', '--size', '120x45', '--', 'sh']);
    const watch = await watchPane(env, '1');
    t.teardown(() => watch.close());
    await env.ok(['send', '--pane', '1', '--enter', `${path.join(sshd!.dir, 'ssh-far')} sh ${path.join(sshd!.dir, 'far-gemini.sh')}`]);
    await watch.waitFor((p, screen) => (screen.includes('Type your message') && p.status.state === 'idle' ? p : null), 'Gemini idle at its prompt beyond ssh', SLOW);
    t.true((await watch.info()).foreground!.argv[0].endsWith('ssh'), 'ssh holds the pane');
    await env.ok(['send', '--pane', '1', 'list the files']);
    await watch.waitFor((_p, screen) => screen.includes('list the files'), 'the prompt typed', SLOW);
    await env.ok(['send', '--pane', '1', '--key', 'Enter']);
    const blocked = await watch.waitFor((p) => (p.status.state === 'blocked' ? p : null), 'blocked on the permission', SLOW);
    t.like(blocked.status, { kind: 'permission', source: 'screen-and-activity' });
    t.true(watch.events().some((e) => e.status?.state === 'working'), `working before it asked: ${JSON.stringify(watch.events())}`);
    const explained = await env.ok(['agent', 'explain', '--pane', '1']);
    t.regex(explained, /^agent: gemini \(from its screen and title: its process runs beyond ssh, where it cannot be seen\)$/m);
  },
);
