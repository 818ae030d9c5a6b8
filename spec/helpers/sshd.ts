// A private sshd for the specs that cross ssh: its own config, host key and authorized key in a
// temp dir, on a free localhost port (the system's sshd and ~/.ssh are never touched), started
// in the foreground as the spec's child so it is ended by its pid.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BIN, type ThurmEnv } from './thurm-env.js';
import { waitUntil } from './wait.js';

function which(file: string, dirs = (process.env.PATH ?? '').split(':').concat('/usr/sbin', '/sbin')): string | null {
  for (const dir of dirs) {
    const candidate = path.join(dir, file);
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

export const SSHD = which('sshd');
export const SSH = which('ssh');
const KEYGEN = which('ssh-keygen');
/** Whether this machine has what the ssh specs need (.ci/run installs openssh-server). */
export const SSH_READY = SSHD !== null && SSH !== null && KEYGEN !== null;
export const SSH_SKIPPED = SSH_READY ? '' : ' (skipped: sshd, ssh or ssh-keygen is not installed; .ci/run installs openssh-server)';

/** POSIX shell quoting of one word. */
export const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export class Sshd {
  private constructor(readonly dir: string, readonly port: number, private readonly child: ChildProcess) {}

  static async start(): Promise<Sshd> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thurm-sshd-'));
    for (const key of ['host_key', 'client_key', 'other_key']) execFileSync(KEYGEN!, ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(dir, key)]);
    // other_key is no key of this sshd's: a client that offers only it is refused.
    fs.copyFileSync(path.join(dir, 'client_key.pub'), path.join(dir, 'authorized_keys'));
    // sshd run as root wants its privilege separation directory (packages create it at boot).
    if (process.getuid?.() === 0) fs.mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
    const port = await freePort();
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
    let log = '';
    child.stderr!.on('data', (d) => { log += d; });
    await waitUntil(() => log.includes(`port ${port}`) || child.exitCode !== null, 'sshd to listen');
    if (child.exitCode !== null) throw new Error(`sshd exited ${child.exitCode}: ${log}`);
    return new Sshd(dir, port, child);
  }

  stop(): void {
    if (this.child.pid && this.child.exitCode === null) process.kill(this.child.pid, 'SIGTERM');
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** Where ssh reaches this sshd. */
  get dest(): string {
    return `${os.userInfo().username}@127.0.0.1`;
  }

  /** ssh's options for it, as `-o Key=Value` words would give them (`key`: the identity offered). */
  options(key: 'client_key' | 'other_key' = 'client_key'): string[] {
    return [
      `Port=${this.port}`, `IdentityFile=${path.join(this.dir, key)}`, 'IdentitiesOnly=yes', 'IdentityAgent=none',
      'StrictHostKeyChecking=no', 'UserKnownHostsFile=/dev/null', 'LogLevel=ERROR',
    ];
  }
}

/**
 * The far side's command: this checkout's thurm in `env`'s private world (ssh passes no
 * environment), as words (`--command` splits at blanks: the spec's paths have none).
 */
export function farThurm(env: ThurmEnv): string[] {
  const vars = ['HOME', 'XDG_RUNTIME_DIR', 'XDG_STATE_HOME', 'XDG_CONFIG_HOME', 'SHELL', 'PS1', 'PATH', 'LANG'];
  return ['env', '-i', ...vars.filter((k) => env.env[k] !== undefined).map((k) => `${k}=${env.env[k]}`), 'TERM=xterm-256color', process.execPath, BIN];
}
