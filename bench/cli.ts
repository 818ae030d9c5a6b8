// What one CLI call costs against `node -e 0` (Node's own start-up, the floor for any thurm
// command): wall time and CPU time of `--version`, `list` on a running session, and
// `agent hook` both outside thurm and inside a pane, reporting to the server; and tmux's
// `list-panes` for comparison.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { socketPath } from '../lib/server/socket-path.js';
import type { Subject } from './subjects.js';

export interface CliCost { measure: string; wallMs: number; cpuMs: number }

const BIN = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'bin', 'thurm');
const PAYLOAD = JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 'bench', tool_name: 'Bash' });

/** CPU time (user + system, ms) of this process's reaped children, from /proc/self/stat. */
function childrenCpuMs(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  // cutime and cstime are fields 16 and 17 of stat (13 and 14 after the command name), in
  // clock ticks of 10 ms.
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
}

function runOnce(file: string, args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(file, args, { env, timeout: 15_000 }, (err) => (err ? reject(err) : resolve()));
    // A command that never reads its input (--version) may be gone before this arrives.
    child.stdin?.on('error', () => {});
    child.stdin?.end(input ?? '');
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Runs each case `runs` times, interleaved so that a busy moment spreads over all of them. */
async function measureAll(cases: { measure: string; file: string; args: string[]; env?: NodeJS.ProcessEnv; input?: string }[], runs: number): Promise<CliCost[]> {
  const walls = cases.map(() => [] as number[]), cpus = cases.map(() => 0);
  for (let round = 0; round < runs + 1; round++) {
    for (const [i, c] of cases.entries()) {
      const cpu0 = childrenCpuMs(), t0 = performance.now();
      await runOnce(c.file, c.args, { ...process.env, ...c.env }, c.input);
      // The first round warms the page cache and is not counted.
      if (round === 0) continue;
      walls[i].push(performance.now() - t0);
      cpus[i] += childrenCpuMs() - cpu0;
    }
  }
  return cases.map((c, i) => ({ measure: c.measure, wallMs: median(walls[i]), cpuMs: cpus[i] / runs }));
}

/**
 * The cost of CLI calls against a running thurm session. The hook inside a pane runs under a
 * parent called `claude`, as Claude Code runs its hooks, so that it finds its agent and reports.
 */
export async function cliCost(thurm: Subject, tmux: Subject, runs: number): Promise<CliCost[]> {
  await thurm.start(['sh']);
  await tmux.start(['sh']);
  try {
    const inPane = { THURM_SOCKET: socketPath('default'), THURM_PANE_ID: '1' };
    // `; true` keeps sh from exec-ing node, so that the `claude` process stays its parent.
    const hook = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} agent hook claude-code; true`;
    return await measureAll([
      { measure: 'node -e 0', file: process.execPath, args: ['-e', '0'] },
      { measure: 'thurm --version', file: process.execPath, args: [BIN, '--version'] },
      { measure: 'thurm list', file: process.execPath, args: [BIN, 'list'] },
      { measure: 'tmux list-panes', file: 'tmux', args: ['-L', 'benchsock', 'list-panes'] },
      { measure: 'thurm agent hook, outside thurm', file: process.execPath, args: [BIN, 'agent', 'hook', 'claude-code'], input: PAYLOAD },
      { measure: 'thurm agent hook, in a pane (reports)', file: 'bash', args: ['-c', `exec -a claude sh -c '${hook}'`], env: inPane, input: PAYLOAD },
    ], runs);
  } finally {
    await thurm.stop();
    await tmux.stop();
  }
}
