// `thurm restore`: start the saved session again (also one that ended on purpose), or with
// --dry-run print what a restore would do with each pane, changing nothing.
import { restoreLines } from '../commands/info.js';
import { ThurmError } from '../errors.js';
import { printable } from '../sanitize.js';
import type { SessionInfo } from '../server/protocol.js';
import { loadConfig } from '../session/config.js';
import { planRestore, problemLines } from '../session/restore.js';
import { checkStateDir, stateDir } from '../session/paths.js';
import { loadSession, sessionFilePath } from '../session/session-file.js';
import { attach, terminalSize } from './attach.js';
import type { CliArgv } from './cli-commands.js';
import { Connection, startServer } from './connection.js';

function dryRun(session: string): number {
  // Read from where a restore would read, or from nowhere: a linked folder is refused by both.
  checkStateDir(stateDir());
  const file = sessionFilePath(session);
  const loaded = loadSession(file, true);
  const out = problemLines(loaded).map((p) => `problem: ${p}`);
  const s = loaded.snapshot;
  if (!s) {
    process.stdout.write(out.map((l) => `${printable(l)}\n`).join(''));
    throw new ThurmError('NOT_FOUND', `restore: no usable saved session: ${file}`);
  }
  out.push(`would restore ${s.panes.length} pane${s.panes.length === 1 ? '' : 's'} of session ${s.session} from ${loaded.from} (saved ${s.savedAt}${s.ended ? ', ended on purpose' : ''})`);
  for (const plan of planRestore(s, loadConfig())) {
    out.push(`pane ${plan.id}: ${plan.outcome}: ${plan.detail}`);
    out.push(`  runs ${JSON.stringify(plan.argv)} in ${plan.cwd}${plan.typed ? `, then types ${JSON.stringify(plan.typed.replace(/\r$/, ''))}` : ''}`);
  }
  process.stdout.write(out.map((l) => `${printable(l)}\n`).join(''));
  return 0;
}

/**
 * Restores `session` from the state folder `env` names (this process's unless said), printing
 * to `out` what it restored when it does not attach.
 */
export async function restoreCommand(argv: CliArgv, socket: string, session: string, env = process.env, out: { write(text: string): unknown } = process.stdout): Promise<number> {
  if (argv['dry-run']) return dryRun(session);
  const running = await Connection.open(socket).catch(() => null);
  if (running) {
    running.close();
    throw new ThurmError('SESSION_EXISTS', `restore: session ${session} is running (kill-server first, or attach)`);
  }
  const file = sessionFilePath(session, env);
  const loaded = loadSession(file, true);
  if (!loaded.snapshot) {
    out.write(problemLines(loaded).map((p) => `problem: ${printable(p)}\n`).join(''));
    throw new ThurmError('NOT_FOUND', `restore: no usable saved session: ${file}`);
  }
  const attaching = !argv.detached && process.stdin.isTTY;
  const { connection } = await startServer({
    session, socketPath: socket, cwd: process.cwd(), size: attaching ? terminalSize() : loaded.snapshot.size, restore: 'always',
  }, env);
  if (!connection) throw new ThurmError('SERVER_UNAVAILABLE', 'restore: the restored session ended at once (its panes exited)');
  const info = await connection.request<SessionInfo>('info');
  if (!attaching) {
    connection.close();
    const lines = info.restore ? restoreLines(info.restore) : ['nothing restored: a fresh session started'];
    out.write(lines.map((l) => `${printable(l)}\n`).join(''));
    return info.restore?.panes.some((p) => p.outcome !== 'failed') ? 0 : 1;
  }
  return attach(connection, session);
}
