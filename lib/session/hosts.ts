// The far hosts a user works on (`thurm host add`): each a name, what `ssh` is given to reach it
// (a destination as ssh accepts it, and -o options), the far thurm's command and session. Kept in
// `hosts.json` beside config.toml, 0600, written whole or not at all; read by the CLI (`--host`)
// and by every server, which keeps a link to each (lib/server/far-hosts.ts).
import fs from 'node:fs';
import path from 'node:path';
import { ThurmError } from '../errors.js';
import { configPath } from './config.js';
import { isSessionName } from './paths.js';
import { commandLine } from './resume.js';
import { writeAtomic } from './session-file.js';

/** How a server's link to a far host is (lib/server/far-hosts.ts). */
export const FAR_HOST_STATES = ['connecting', 'live', 'lost', 'unreachable', 'needs-login', 'no-session', 'incompatible', 'failed'] as const;
export type FarHostState = (typeof FAR_HOST_STATES)[number];

/** The first line `thurm proxy` writes, before the far server's bytes: what it speaks. */
export const PROXY_HEADER = /^thurm-proxy protocol=(\d+) version=(\S+)$/;

export interface Host {
  name: string;
  /** What ssh is given as its destination: `user@box`, an alias of ~/.ssh/config. */
  dest: string;
  /** ssh's `-o` options, each `Key=Value`. */
  sshOptions: string[];
  /** The far thurm's argv (typed into the far login shell, quoted): ['thurm'] unless given. */
  command: string[];
  /** The far session; null: the far side's default. */
  session: string | null;
}

const NAME = /^[A-Za-z0-9_-]{1,32}$/;
const SSH_OPTION = /^[A-Za-z][A-Za-z0-9]*=\S/;
const CONTROL = /[\x00-\x1f\x7f]/;
const MAX_HOSTS = 64;
const MAX_FILE = 256 * 1024;

export function hostsPath(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(path.dirname(configPath(env)), 'hosts.json');
}

/** Refuses (INVALID_ARGUMENT) what would not reach ssh as the one word it is meant to be. */
export function checkHost(h: Host): Host {
  const bad = (what: string, value: string) => new ThurmError('INVALID_ARGUMENT', `host ${what}: ${JSON.stringify(value)}`);
  if (!NAME.test(h.name)) throw bad('name (letters, digits, - and _, at most 32)', h.name);
  // A destination starting with `-` would be read by ssh as one of its options.
  if (!h.dest || h.dest.length > 255 || h.dest.startsWith('-') || /\s/.test(h.dest) || CONTROL.test(h.dest)) throw bad('destination', h.dest);
  for (const o of h.sshOptions) if (!SSH_OPTION.test(o) || CONTROL.test(o) || o.length > 1024) throw bad('ssh option (Key=Value)', o);
  if (!h.command.length || h.command.some((w) => !w || CONTROL.test(w) || w.length > 1024)) throw bad('command', h.command.join(' '));
  if (h.session !== null && !isSessionName(h.session)) throw bad('session', h.session);
  return h;
}

/** The hosts of `file`, by name; none when it does not exist. A bad file is an error naming it. */
export function readHosts(file = hostsPath()): Map<string, Host> {
  let text: string;
  try {
    if (fs.statSync(file).size > MAX_FILE) throw new ThurmError('INVALID_ARGUMENT', `invalid hosts file: ${file} is larger than ${MAX_FILE >> 10} KiB`);
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw err instanceof ThurmError ? err : new ThurmError('IO_ERROR', `cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    const raw = JSON.parse(text) as { version?: unknown; hosts?: unknown };
    if (raw.version !== 1 || !Array.isArray(raw.hosts)) throw new Error('expected {"version": 1, "hosts": [...]}');
    const hosts = new Map<string, Host>();
    for (const h of raw.hosts as Record<string, unknown>[]) {
      const host = checkHost({
        name: String(h.name), dest: String(h.dest),
        sshOptions: Array.isArray(h.sshOptions) ? h.sshOptions.map(String) : [],
        command: Array.isArray(h.command) ? h.command.map(String) : ['thurm'],
        session: typeof h.session === 'string' ? h.session : null,
      });
      hosts.set(host.name, host);
    }
    return hosts;
  } catch (err) {
    throw new ThurmError('INVALID_ARGUMENT', `invalid hosts file: ${file}: ${(err as Error).message}`);
  }
}

/** Writes `hosts` to `file` (0600, atomically), creating its folder 0700. */
export async function writeHosts(hosts: Map<string, Host>, file = hostsPath()): Promise<void> {
  if (hosts.size > MAX_HOSTS) throw new ThurmError('INVALID_ARGUMENT', `host add: at most ${MAX_HOSTS} hosts`);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const list = [...hosts.values()].sort((a, b) => a.name.localeCompare(b.name));
  await writeAtomic(file, `${JSON.stringify({ version: 1, hosts: list }, null, 2)}\n`);
}

/** Looks a host up by name: NOT_FOUND naming the ones there are. */
export function findHost(name: string, file = hostsPath()): Host {
  const hosts = readHosts(file);
  const host = hosts.get(name);
  if (!host) throw new ThurmError('NOT_FOUND', `no host named ${name} (${hosts.size ? `known: ${[...hosts.keys()].join(', ')}` : 'add one with thurm host add NAME DEST'})`);
  return host;
}

export interface SshUse {
  /** The far thurm's arguments (the far session's `-s` is added). */
  args: string[];
  /** Where ssh keeps its shared connection (ControlPath's folder: the private socket folder). */
  controlDir: string;
  /** A background link: never prompts (BatchMode), and is the shared connection when none is. */
  background?: boolean;
  /** A terminal on the far side (`attach`): ssh -t. */
  tty?: boolean;
}

/**
 * The argv of the `ssh` that runs the far thurm with `use.args`. ssh takes the first value it is
 * given for an option, so the user's options come before thurm's defaults (and can change
 * them), but never before BatchMode for a background link. The remote command is one string
 * typed into the far login shell: each word is quoted for a POSIX shell.
 */
export function sshArgv(host: Host, use: SshUse): string[] {
  const o = (option: string) => ['-o', option];
  const remote = [...host.command, ...(host.session === null ? [] : ['-s', host.session]), ...use.args];
  return [
    ...(use.background ? [...o('BatchMode=yes'), ...o('ConnectTimeout=10')] : []),
    ...host.sshOptions.flatMap(o),
    // One connection per host, shared: a command after the first costs a channel, not a login.
    ...o(`ControlMaster=${use.background ? 'auto' : 'no'}`), ...o(`ControlPath=${path.join(use.controlDir, 'ssh-%C')}`),
    // A link that stops answering is found out in about 15 s, not at the TCP timeout.
    ...o('ServerAliveInterval=5'), ...o('ServerAliveCountMax=3'),
    use.tty ? '-t' : '-T', '--', host.dest, commandLine(remote, 'posix'),
  ];
}
