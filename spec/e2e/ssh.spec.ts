// thurm over a real ssh connection: the spec starts its own sshd on a free localhost port, with
// its own config, host key and authorized key in a temp dir (the system's sshd and ~/.ssh are
// never touched), and runs `ssh -tt` in a real terminal, as a person working remotely would.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { alive } from '../helpers/processes.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

const PREFIX = '\x02';

function which(file: string, dirs = (process.env.PATH ?? '').split(':').concat('/usr/sbin', '/sbin')): string | null {
  for (const dir of dirs) {
    const candidate = path.join(dir, file);
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

const SSHD = which('sshd');
const SSH = which('ssh');
const KEYGEN = which('ssh-keygen');
const ready = SSHD !== null && SSH !== null && KEYGEN !== null;
// .ci/run installs openssh-server; on a machine without it these specs say so instead of failing.
const serial = ready ? test.serial : test.serial.skip;
const skipped = ready ? '' : ' (skipped: sshd, ssh or ssh-keygen is not installed; .ci/run installs openssh-server)';

/** POSIX shell quoting of one word. */
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

let dir: string;
let port: number;
let sshd: ChildProcess | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: p } = server.address() as net.AddressInfo;
      server.close(() => resolve(p));
    });
  });
}

test.before(async () => {
  if (!ready) return;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thurm-sshd-'));
  execFileSync(KEYGEN!, ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(dir, 'host_key')]);
  execFileSync(KEYGEN!, ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(dir, 'client_key')]);
  fs.copyFileSync(path.join(dir, 'client_key.pub'), path.join(dir, 'authorized_keys'));
  // sshd run as root wants its privilege separation directory (packages create it at boot).
  if (process.getuid?.() === 0) fs.mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  port = await freePort();
  fs.writeFileSync(path.join(dir, 'sshd_config'), [
    `Port ${port}`,
    'ListenAddress 127.0.0.1',
    `HostKey ${path.join(dir, 'host_key')}`,
    `AuthorizedKeysFile ${path.join(dir, 'authorized_keys')}`,
    'PidFile none',
    // The temp dir's parents are not root-owned 0755 all the way up, as StrictModes wants.
    'StrictModes no',
    'UsePAM no',
    'PasswordAuthentication no',
    'KbdInteractiveAuthentication no',
    'PubkeyAuthentication yes',
    'LogLevel INFO',
    // bash run by sshd reads the user's ~/.bashrc unless it is already a nested shell: this
    // machine's (pyenv's rehash, which waits on a lock a killed login can leave) is not the spec's.
    'SetEnv SHLVL=1',
    '',
  ].join('\n'));
  // -D: stay in the foreground as our child, so it is ended by its pid; -e: log to stderr.
  const child = spawn(SSHD!, ['-D', '-e', '-f', path.join(dir, 'sshd_config')], { stdio: ['ignore', 'ignore', 'pipe'] });
  sshd = child;
  let log = '';
  child.stderr!.on('data', (d) => { log += d; });
  await waitUntil(() => log.includes(`port ${port}`) || child.exitCode !== null, 'sshd to listen');
  if (child.exitCode !== null) throw new Error(`sshd exited ${child.exitCode}: ${log}`);
  // A script that opens the connection, so a pane's shell can type a short command.
  fs.writeFileSync(path.join(dir, 'ssh-far'), `#!/bin/sh\nexec ${[SSH!, ...sshOptions()].map(quote).join(' ')} "$@"\n`, { mode: 0o755 });
});

test.after.always(() => {
  if (sshd?.pid) process.kill(sshd.pid, 'SIGTERM');
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function sshOptions(): string[] {
  return [
    '-tt', '-F', '/dev/null', '-i', path.join(dir, 'client_key'), '-p', String(port),
    '-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null', '-o', 'BatchMode=yes',
    '-o', 'IdentitiesOnly=yes', '-o', 'IdentityAgent=none', '-o', 'LogLevel=ERROR',
    `${os.userInfo().username}@127.0.0.1`,
  ];
}

/** The far side's command line: this checkout's thurm in the spec's private world (ssh passes no environment). */
function remoteThurm(env: ThurmEnv, args: string[]): string {
  const vars = ['HOME', 'XDG_RUNTIME_DIR', 'XDG_STATE_HOME', 'XDG_CONFIG_HOME', 'SHELL', 'PS1', 'PATH', 'LANG'];
  const assignments = vars.filter((k) => env.env[k] !== undefined).map((k) => quote(`${k}=${env.env[k]}`));
  return ['env', '-i', ...assignments, quote('TERM=xterm-256color'), quote(process.execPath), quote(BIN), ...args.map(quote)].join(' ');
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
  fs.writeFileSync(path.join(dir, 'far.sh'), `${far}\n`);
  await env.ok(['send', '--pane', '1', '--enter', `${path.join(dir, 'ssh-far')} sh ${path.join(dir, 'far.sh')}`]);
  await client.waitForText('▶ working far: Building over ssh');
  const info = (await env.json(['info'])).panes[0];
  t.is(info.status.state, 'working');
  t.true(info.foreground.argv[0].endsWith('ssh'), 'ssh holds the pane');
  await env.ok(['send', '--pane', '1', '--key', 'Enter']);
  await client.waitForText('✔ done far: Built over ssh');
  t.regex(client.lines()[0], /^━ 1 ssh ━ ✔ done far: Built over ssh ━+$/);
});
