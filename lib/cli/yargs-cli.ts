// The full command line parser, built with yargs from the CLI's commands: help, errors and
// every argument form. Loaded only when the fast path (fast-path.ts) leaves a command to it.
import yargs, { type Argv } from 'yargs';
import { ThurmError } from '../errors.js';
import { VERSION } from '../version.js';
import type { CliArgv, CliCommand } from './cli-commands.js';
import { GLOBAL_OPTIONS } from './cli-commands.js';

const GROUPS = {
  agent: { describe: 'Agent reports, prompts, hooks, explanations and logs', demand: 'agent: give a subcommand (new, finish, report, release, prompt, answer, explain, log, hook, statusline)' },
  host: { describe: 'Far hosts reached over ssh (thurm --host NAME COMMAND runs a command there)', demand: 'host: give a subcommand (add, list, remove)' },
  integration: { describe: 'Integrate thurm with an agent', demand: 'integration: give a subcommand (install, uninstall)' },
  server: { describe: 'The session\'s server process', demand: 'server: give a subcommand (upgrade)' },
} as const;

/**
 * A yargs parser for `commands` over `args`; each command's handler hands its arguments to
 * `run` (which exits, or returns when the command is done).
 */
export function buildCli(args: string[], commands: readonly CliCommand[], run: (command: CliCommand, argv: CliArgv) => Promise<void>): Argv {
  const register = (y: Argv, command: CliCommand): Argv => y.command(command.usage, command.describe, (b) => {
    if (command.usageLine) b = b.usage(command.usageLine);
    for (const [name, p] of Object.entries(command.positionals ?? {})) b = b.positional(name, p as never);
    return b.options(command.options ?? {});
  }, (argv) => run(command, argv as unknown as CliArgv));
  let cli: Argv = yargs(args)
    .scriptName('thurm')
    .parserConfiguration({ 'populate--': true, 'unknown-options-as-args': false });
  for (const [name, option] of Object.entries(GLOBAL_OPTIONS)) cli = cli.option(name, { ...option, global: true });
  for (const command of commands) if (!command.group) cli = register(cli, command);
  for (const [group, { describe, demand }] of Object.entries(GROUPS)) {
    cli = cli.command(group, describe, (y) => {
      for (const command of commands) if (command.group === group) y = register(y, command);
      return y.demandCommand(1, demand);
    });
  }
  return cli
    .strict()
    .help()
    .alias('h', 'help')
    .version('version', 'print the version', `thurm ${VERSION}`)
    .wrap(Math.min(100, process.stdout.columns || 80))
    .fail((msg, err) => {
      if (err) throw err;
      // yargs calls a word where a command goes an unknown argument.
      const word = commandWord(args);
      if (word !== undefined && new RegExp(`^Unknown arguments?: ${escapeRegExp(word)}(,|$)`).test(msg)) {
        throw new ThurmError('INVALID_ARGUMENT', `unknown command: ${word} (thurm --help lists them)`);
      }
      throw new ThurmError('INVALID_ARGUMENT', msg.toLowerCase());
    });
}

/** The first word of `args` that is not an option or a global option's value. */
function commandWord(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length && args[i] !== '--'; i++) {
    if (!args[i].startsWith('-')) return args[i];
    if (/^(-s|-S|--session|--socket)$/.test(args[i])) i++;
  }
  return undefined;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
