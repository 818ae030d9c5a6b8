// The command line parser for the plain cases, from the same declarations yargs is built from:
// a command, its declared options as `--name value`, `--name=value` or `-x value`, and its
// positionals. Anything else (help, a mistake, a form yargs reads in its own way) gets null,
// and yargs parses it instead: this parser never decides an error or a meaning of its own.
// It exists because loading yargs costs more than the rest of a command (docs/performance.md).
import type { Options } from 'yargs';
import type { CliArgv, CliCommand } from './cli-commands.js';
import { GLOBAL_OPTIONS } from './cli-commands.js';

export interface Parsed { command: CliCommand; argv: CliArgv }

/**
 * Tokens yargs might turn into numbers (made only of a number's characters, or hexadecimal) or
 * unquote; they are left to it. A word that merely starts with a digit (`send "1 more"`) is text.
 */
const YARGS_READS = /^[-+]?\.?\d[\d.e+-]*$|^0x[0-9a-f]*$|^['"]/i;
const NUMBER = /^\d{1,15}(\.\d{1,15})?$/;

/** The command `words` name: [name] or [group, name]; undefined while a group still needs one. */
function lookup(commands: readonly CliCommand[], words: string[]): CliCommand | null | undefined {
  const name = (c: CliCommand) => c.usage.split(' ')[0];
  if (words.length === 1 && commands.some((c) => c.group === words[0])) return undefined;
  return commands.find((c) => (words.length === 1 ? !c.group && name(c) === words[0] : c.group === words[0] && name(c) === words[1])) ?? null;
}

function findOption(options: Record<string, Options>, token: string): [string, Options] | undefined {
  const long = token.startsWith('--');
  for (const [name, option] of Object.entries(options)) {
    const aliases = ([] as string[]).concat(option.alias ?? []);
    if (long ? token.slice(2) === name : aliases.includes(token.slice(1)) && token.length === 2) return [name, option];
  }
  return undefined;
}

/** The positionals of `command` from `words`, or null when they do not fit its usage. */
function positionals(command: CliCommand, words: string[], argv: CliArgv): boolean {
  const rest = [...words];
  for (const spec of command.usage.split(' ').slice(1)) {
    const m = /^([<[])([\w-]+)(\.\.)?[>\]]$/.exec(spec);
    if (!m) return false;
    const [, bracket, name, variadic] = m;
    if (bracket === '<' && rest.length === 0) return false;
    if (variadic) argv[name] = rest.splice(0);
    else if (rest.length) argv[name] = rest.shift();
  }
  return rest.length === 0;
}

/** The command and its arguments, or null to leave `args` to yargs. */
export function parseFast(args: readonly string[], commands: readonly CliCommand[]): Parsed | null {
  const argv: CliArgv = { _: [] };
  const words: string[] = [];
  const given = new Set<string>();
  let command: CliCommand | null | undefined;
  for (let i = 0; i < args.length; i++) {
    const token = args[i];
    if (token === '--') {
      argv['--'] = args.slice(i + 1);
      break;
    }
    if (!token.startsWith('-')) {
      if (YARGS_READS.test(token)) return null;
      if (command) words.push(token);
      else {
        argv._.push(token);
        command = lookup(commands, argv._ as string[]);
        if (command === null) return null;
      }
      continue;
    }
    const eq = token.startsWith('--') ? token.indexOf('=') : -1;
    const found = findOption({ ...GLOBAL_OPTIONS, ...command?.options }, eq < 0 ? token : token.slice(0, eq));
    if (!found || given.has(found[0])) return null;
    const [name, option] = found;
    given.add(name);
    if (option.type === 'boolean') {
      if (eq >= 0 || args[i + 1] === 'true' || args[i + 1] === 'false') return null;
      argv[name] = true;
      continue;
    }
    const value = eq >= 0 ? token.slice(eq + 1) : args[++i];
    if (value === undefined || value.startsWith('-') || /^['"]/.test(value)) return null;
    if (option.type === 'number') {
      if (!NUMBER.test(value)) return null;
      argv[name] = Number(value);
    } else if (option.type === 'string') argv[name] = value;
    else return null;
    if (option.choices && !([] as unknown[]).concat(option.choices).includes(argv[name])) return null;
  }
  command ??= argv._.length === 0 ? commands.find((c) => c.usage === '$0') : null;
  if (!command || !positionals(command, words, argv)) return null;
  for (const [name, option] of Object.entries(command.options ?? {})) {
    if (option.demandOption && !given.has(name)) return null;
    if (option.conflicts && given.has(name) && ([] as string[]).concat(option.conflicts as string).some((c) => given.has(c))) return null;
  }
  return { command, argv };
}
