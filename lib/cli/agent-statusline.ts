// `thurm agent statusline [--own COMMAND]`: Claude Code's status-line command, as `integration
// install claude-code` sets it. It reads the status line's JSON on stdin, hands it to the pane's
// thurm (context, cost and limits: Mux.usages), and runs the user's own status-line command, if
// there was one, with the same stdin, printing its output byte for byte and exiting as it did.
// Telling thurm never delays or changes that line: it fails silently, within a second.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { MAX_STATUS_LINE_JSON } from '../commands/agent/statusline.js';
import { socketPath } from '../server/socket-path.js';
import { findAgentProcess, readStdin, SERVER_TIMEOUT_MS } from './agent-hook.js';
import { Connection } from './connection.js';

/** Runs `command` through /bin/sh (as Claude Code runs a status line) with `input` on stdin; its stdout and exit status. */
function runOwn(command: string, input: Buffer): Promise<{ out: Buffer; status: number }> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', command], { stdio: ['pipe', 'pipe', 'inherit'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    // A command that does not read its stdin closes it early: that is no failure.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
    child.on('error', () => resolve({ out: Buffer.concat(out), status: 127 }));
    // Killed by a signal: the shell's way of saying so.
    child.on('close', (code, signal) => resolve({ out: Buffer.concat(out), status: code ?? 128 + (signal ? os.constants.signals[signal] : 0) }));
  });
}

/** Hands the JSON to the pane's thurm; any failure is dropped. */
async function tellThurm(json: Buffer): Promise<void> {
  const owner = findAgentProcess('claude-code');
  const pane = process.env.THURM_PANE_ID;
  if (!process.env.THURM_SOCKET || !owner || !pane || json.length > MAX_STATUS_LINE_JSON) return;
  try {
    const deadline = Date.now() + SERVER_TIMEOUT_MS;
    const connection = await Connection.open(socketPath(), SERVER_TIMEOUT_MS);
    try {
      await connection.send('agent-statusline', { pane, owner_pid: owner, json: json.toString('utf8') }, Math.max(deadline - Date.now(), 1));
    } finally {
      connection.close();
    }
  } catch {
    // The status line is the user's: thurm's part never shows in it.
  }
}

export async function runAgentStatusline(own: string | undefined): Promise<number> {
  const input = await readStdin();
  const [ran] = await Promise.all([own ? runOwn(own, input) : null, tellThurm(input)]);
  if (!ran) return 0;
  await new Promise<void>((resolve) => process.stdout.write(ran.out, () => resolve()));
  return ran.status;
}
