// A command's command line, derived from the CLI declarations of its fields (CliSpec in
// lib/fields.ts): the options and positionals both parsers read, the usage string, and the
// request a parsed command line stands for. No command writes these by hand.
import type { Options } from 'yargs';
import type { CliSpec, Field, JsonSchema, Shape } from '../fields.js';
import type { CliArgs, Command } from './command.js';

interface CliField {
  /** Where the value goes in the request: ['pane'], or ['report', 'agent'] for an object's field. */
  path: string[];
  field: Field<any, any>;
  spec: CliSpec;
  /** The option's or positional's name. */
  name: string;
}

/** The fields `shape` takes from the command line, in order; an object's fields stand in for it. */
function cliFields(shape: Shape, at: string[] = []): CliField[] {
  return Object.entries(shape).flatMap(([key, f]): CliField[] => {
    if (!f.cliSpec) return [];
    if (f.shape) return cliFields(f.shape, [...at, key]);
    return [{ path: [...at, key], field: f, spec: f.cliSpec, name: f.cliSpec.name ?? key.replaceAll('_', '-') }];
  });
}

const isOption = (c: CliField) => (c.spec.as ?? 'option') === 'option';
const isPositional = (c: CliField) => c.spec.as === 'positional' || c.spec.as === 'words';

/** The schema of the value itself, a nullable field's included. */
function valueSchema(f: Field<any, any>): JsonSchema {
  return Array.isArray(f.schema.anyOf) ? (f.schema.anyOf as JsonSchema[])[0] : f.schema;
}

/** The --help text: the CLI's own, else the field's description. */
function describeOf(c: CliField): string | undefined {
  return c.spec.describe ?? (c.field.schema.description as string | undefined);
}

function optionOf(c: CliField): Options {
  const schema = valueSchema(c.field);
  const kind = schema.type;
  const type = c.spec.type ?? (kind === 'boolean' ? 'boolean' : kind === 'integer' || kind === 'number' ? 'number' : kind === 'array' ? 'array' : 'string');
  const describe = describeOf(c);
  return {
    type,
    ...(type === 'array' && { string: true }),
    ...(c.spec.alias && { alias: c.spec.alias }),
    ...(describe && { describe }),
    ...(Array.isArray(schema.enum) && !c.spec.type && { choices: schema.enum }),
    ...(c.field.presence === 'required' && { demandOption: true }),
  };
}

/** The command's words after `thurm` (and its group): `agent-report` is `report` in group agent. */
export function cliWord(command: Command<any, any>): string {
  return command.group ? command.name.slice(command.group.length + 1) : command.name;
}

/** What both parsers and --help need of a command: usage, options, positionals, placeholders. */
export interface CliShape {
  group?: 'agent' | 'host' | 'integration' | 'server';
  /** yargs command string: the name, then positionals, e.g. 'send [text..]'. */
  usage: string;
  describe: string;
  /** What docs/cli.md says beyond `describe`. */
  details?: string;
  options?: Record<string, Options>;
  /** Descriptions of positionals (their names and arity are in `usage`). */
  positionals?: Record<string, Options>;
  /** How a synopsis writes an option's value (`--cwd DIR`), where not by its type. */
  placeholders?: Record<string, string>;
  /** Takes a command to run after `--`. */
  dashes?: boolean;
}

/** A command's command line, from its fields and the flags it adds of its own (`cliOptions`). */
export function cliShape(command: Command<any, any>): CliShape {
  const fields = cliFields(command.fields);
  const positionals = fields.filter(isPositional);
  const usage = [cliWord(command), ...positionals.map((c) => {
    const name = c.spec.as === 'words' ? `${c.name}..` : c.name;
    return c.field.presence === 'required' ? `<${name}>` : `[${name}]`;
  })].join(' ');
  return {
    group: command.group,
    usage,
    describe: command.describe,
    details: command.details,
    options: { ...Object.fromEntries(fields.filter(isOption).map((c) => [c.name, optionOf(c)])), ...command.cliOptions },
    positionals: Object.fromEntries(positionals.map((c) => [c.name, { type: 'string', ...(describeOf(c) && { describe: describeOf(c) }) }])),
    placeholders: Object.fromEntries(fields.filter((c) => c.spec.placeholder).map((c) => [c.name, c.spec.placeholder!])),
    dashes: fields.some((c) => c.spec.as === 'argv'),
  };
}

/** The request a parsed command line stands for. */
export function cliRequest(command: Command<any, any>, argv: CliArgs): Record<string, unknown> {
  const request: Record<string, unknown> = {};
  for (const c of cliFields(command.fields)) {
    let value: unknown = c.spec.as === 'argv' ? argv['--'] : argv[c.name];
    if (c.spec.as === 'words') value = Array.isArray(value) && value.length ? value.map(String).join(' ') : undefined;
    if (c.spec.as === 'argv' && Array.isArray(value) && !value.length) value = undefined;
    if (c.spec.read) value = c.spec.read(value, argv);
    if (value === undefined) continue;
    let target = request;
    for (const key of c.path.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
    target[c.path[c.path.length - 1]] = value;
  }
  return { ...request, ...command.cliRequest?.(argv) };
}
