// thurm on a far host, over OpenSSH: `thurm --host NAME ARGS` runs the far thurm with ARGS
// through ssh (its output and exit status are the far command's; `attach` gets a terminal), and
// `thurm proxy`, run by ssh on the far side, joins its stdio to the far session's socket for
// the links a local server keeps (lib/server/far-hosts.ts). No port of thurm's is opened.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { ThurmError } from '../errors.js';
import { PROTOCOL_VERSION } from '../server/protocol.js';
import { checkSocketDir, socketDir } from '../server/socket-path.js';
import { findHost, sshArgv } from '../session/hosts.js';
import { VERSION } from '../version.js';

/** What ssh exits with when it failed itself (the far command's own status otherwise). */
const SSH_FAILED = 255;

/** The command word of `args`: the first that is no global option or its value. */
function commandWord(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length && args[i] !== '--'; i++) {
    if (/^(-s|-S|--session|--socket)$/.test(args[i])) i++;
    else if (!args[i].startsWith('-')) return args[i];
  }
  return undefined;
}

/** Runs `thurm ARGS` on host `name` through ssh, the terminal's stdio passed on; the far command's exit status. */
export async function runOnHost(name: string, args: string[]): Promise<number> {
  const host = findHost(name);
  const word = commandWord(args);
  if (word === 'host' || word === 'proxy') throw new ThurmError('INVALID_ARGUMENT', `--host: ${word} runs on this host only`);
  // Attaching (or starting a session to attach) wants a terminal there, as `ssh -t` gives.
  const tty = (word === undefined || word === 'attach' || word === 'new' || word === 'restore') && process.stdin.isTTY === true;
  const ssh = spawn('ssh', sshArgv(host, { args, controlDir: socketDir(), tty }), { stdio: 'inherit' });
  const status = await new Promise<number>((resolve, reject) => {
    ssh.once('error', (err) => reject(new ThurmError('IO_ERROR', `--host ${name}: cannot run ssh: ${err.message}`)));
    ssh.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
  // ssh said why on stderr; the status says it was ssh, not the far thurm.
  if (status === SSH_FAILED) throw new ThurmError('SERVER_UNAVAILABLE', `--host ${name}: ssh could not run thurm on ${host.dest} (exit ${SSH_FAILED})`);
  return status;
}

/**
 * `thurm proxy`: refuses a caller of another protocol, connects to the session's socket, writes
 * PROXY_HEADER's line, then passes bytes both ways until either side ends.
 */
export async function runProxy(socket: string, callerProtocol: number | undefined): Promise<number> {
  if (callerProtocol !== undefined && callerProtocol !== PROTOCOL_VERSION) {
    throw new ThurmError('PROTOCOL_ERROR', `proxy: this thurm (${VERSION}) speaks protocol ${PROTOCOL_VERSION}, the caller ${callerProtocol}`);
  }
  checkSocketDir(path.dirname(socket));
  const conn = net.connect(socket);
  await new Promise<void>((resolve, reject) => {
    conn.once('connect', resolve);
    conn.once('error', (err: NodeJS.ErrnoException) => reject(new ThurmError(
      err.code === 'ENOENT' || err.code === 'ECONNREFUSED' ? 'SERVER_UNAVAILABLE' : 'IO_ERROR', `proxy: no server running on ${socket}: ${err.code ?? err.message}`)));
  });
  process.stdout.write(`thurm-proxy protocol=${PROTOCOL_VERSION} version=${VERSION}\n`);
  process.stdin.pipe(conn);
  conn.pipe(process.stdout);
  await new Promise<void>((resolve) => {
    conn.once('close', resolve);
    conn.once('error', resolve);
    process.stdin.once('end', () => conn.end());
  });
  return 0;
}
