// The `thurm` command line: parses argv with the fast path when it can and with yargs when it
// cannot, then runs the command; errors become `thurm: <message>` and the code's exit status.
import type { Command } from '../commands/command.js';
import { loadCommand } from '../commands/table.js';
import { exitCodeOf, toThurmError } from '../errors.js';
import { printableLines } from '../sanitize.js';
import { CLIENT_COMMANDS, tableCommand, type CliArgv, type CliCommand } from './cli-commands.js';
import { parseFast } from './fast-path.js';
import { runTmux, tmuxNamed, tmuxPassThrough } from './tmux-call.js';

/** What the CLI says on stderr for an error, and the status it exits with. */
export function failure(err: unknown): { stderr: string; code: number } {
  const e = toThurmError(err);
  return { stderr: `thurm: ${printableLines(e.message)}\n`, code: exitCodeOf(e.code) };
}

function fail(err: unknown): never {
  const { stderr, code } = failure(err);
  process.stderr.write(stderr);
  process.exit(code);
}

/** `--host NAME` (or `--host=NAME`) before any `--`: the host, and the arguments without it. */
function hostOption(args: readonly string[]): { host: string; rest: string[] } | null {
  for (let i = 0; i < args.length && args[i] !== '--'; i++) {
    if (args[i] === '--host' && i + 1 < args.length) return { host: args[i + 1], rest: [...args.slice(0, i), ...args.slice(i + 2)] };
    if (args[i].startsWith('--host=')) return { host: args[i].slice(7), rest: [...args.slice(0, i), ...args.slice(i + 1)] };
  }
  return null;
}

async function run(command: CliCommand, argv: CliArgv): Promise<void> {
  const code = await command.run(argv);
  if (typeof code === 'number') process.exit(code);
}

/** Every CLI command, in the order --help (and docs/cli.md) lists them. Loads the command table. */
export async function allCommands(): Promise<CliCommand[]> {
  const { COMMANDS } = await import('../commands/index.js');
  const table = COMMANDS.filter((c: Command) => !c.socketOnly).map(tableCommand);
  const grouped = (commands: readonly CliCommand[], inGroup: boolean) => commands.filter((c) => (c.group !== undefined) === inGroup);
  return [...grouped(CLIENT_COMMANDS, false), ...grouped(table, false), ...grouped(table, true), ...grouped(CLIENT_COMMANDS, true)];
}

/**
 * The command of the table `args` most likely name, loaded alone: its CLI words (after any
 * global options) joined by `-` are its name. A wrong guess only costs loading them all.
 */
async function likelyCommand(args: readonly string[]): Promise<CliCommand[]> {
  const words: string[] = [];
  for (let i = 0; i < args.length && words.length < 2 && args[i] !== '--'; i++) {
    if (!args[i].startsWith('-')) words.push(args[i]);
    else if (/^(-s|-S|--session|--socket)$/.test(args[i])) i++;
  }
  const command = await loadCommand(words.join('-')) ?? await loadCommand(words[0] ?? '');
  return command && !command.socketOnly ? [tableCommand(command)] : [];
}

export async function main(args = process.argv.slice(2)): Promise<void> {
  // The reader went away (`thurm events --json | head -1`): nothing left to do, and no stack trace.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' ? process.exit(0) : fail(err)));
  try {
    // Asked by scripts and version checks: no command module is needed for it.
    if (args.length === 1 && args[0] === '--version') {
      const { VERSION } = await import('../version.js');
      return void process.stdout.write(`thurm ${VERSION}\n`);
    }
    // Another host's thurm through ssh: nothing of this one is needed.
    const far = hostOption(args);
    if (far) return void (process.exitCode = await (await import('./far.js')).runOnHost(far.host, far.rest));
    const passed = tmuxPassThrough(args);
    if (passed) return void (process.exitCode = await runTmux(passed));
    // Client-only commands first: `agent hook` and `status` never load the command table.
    const fast = parseFast(args, CLIENT_COMMANDS) ?? parseFast(args, await likelyCommand(args)) ?? parseFast(args, await allCommands());
    if (fast) return await run(fast.command, fast.argv);
    const [{ buildCli }, commands] = await Promise.all([import('./yargs-cli.js'), allCommands()]);
    const named = await tmuxNamed(args, new Set(commands.map((c) => c.group ?? c.usage.split(' ')[0])));
    if (named) return void (process.exitCode = await runTmux(named));
    await buildCli(args, commands, run).parseAsync();
  } catch (err) {
    fail(err);
  }
}
