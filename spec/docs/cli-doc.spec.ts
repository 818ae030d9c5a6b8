// docs/cli.md's tables are rendered from the code: the commands from the CLI's own declarations
// (each command's fields, as both parsers read them), the events from EVENTS
// (lib/server/protocol.ts), so the doc cannot leave a command, an option or an event out.
import test from 'ava';
import type { CliCommand } from '../../lib/cli/cli-commands.js';
import { allCommands } from '../../lib/cli/main.js';
import type { JsonSchema } from '../../lib/fields.js';
import { EVENTS, EVENT_TYPES } from '../../lib/server/protocol.js';
import { checkGenerated } from '../helpers/generated-doc.js';

const BEGIN = '<!-- events: generated from EVENTS by spec/docs/cli-doc.spec.ts -->';
const END = '<!-- end of generated events -->';

/** A field's name, with its own fields when it is an object (`status` (`state`, `source`...)). */
function shown(name: string, schema: JsonSchema): string {
  const object = (Array.isArray(schema.anyOf) ? (schema.anyOf as JsonSchema[])[0] : schema).properties as Record<string, unknown> | undefined;
  return object ? `\`${name}\` (${Object.keys(object).map((k) => `\`${k}\``).join(', ')})` : `\`${name}\``;
}

function table(): string {
  return [
    '| type | pane | fields | when |',
    '|---|---|---|---|',
    ...EVENT_TYPES.map((type) => {
      const e = EVENTS[type];
      const fields = Object.entries(e.fields).map(([name, f]) => shown(name, f.schema)).join(', ');
      return `| \`${type}\` | ${e.pane ? 'yes' : ''} | ${fields} | ${e.describe} |`;
    }),
  ].join('\n');
}

const COMMANDS_BEGIN = '<!-- commands: generated from the CLI\'s declarations by spec/docs/cli-doc.spec.ts -->';
const COMMANDS_END = '<!-- end of generated commands -->';

/** How a synopsis writes an option's value: as declared, else by its choices or type. */
function placeholder(command: CliCommand, name: string): string {
  const option = command.options![name];
  const declared = command.placeholders?.[name];
  const many = option.type === 'array' || option.array === true;
  if (declared) return many ? `${declared}...` : declared;
  if (option.choices) return ([] as unknown[]).concat(option.choices).join('|');
  if (option.type === 'number') return 'N';
  return many ? `${name.toUpperCase()}...` : name.toUpperCase();
}

/** `thurm split [--pane ID] [-d\|--detached] ... [-- CMD ARGS...]`, as a table cell shows it. */
function synopsis(command: CliCommand): string {
  const [word, ...positionals] = command.usage.split(' ');
  const words = ['thurm', command.group, word === '$0' ? undefined : word].filter(Boolean);
  for (const p of positionals) {
    const [, open, name, rest] = /^([<[])([\w-]+)(\.\.)?[>\]]$/.exec(p)!;
    const shown = `${name.toUpperCase()}${rest ? '...' : ''}`;
    words.push(open === '<' ? shown : `[${shown}]`);
  }
  for (const [name, option] of Object.entries(command.options ?? {})) {
    const flag = option.alias ? `-${option.alias}\\|--${name}` : `--${name}`;
    const shown = option.type === 'boolean' ? flag : `${flag} ${placeholder(command, name).replaceAll('|', '\\|')}`;
    words.push(option.demandOption ? shown : `[${shown}]`);
  }
  if (command.dashes) words.push('[-- CMD ARGS...]');
  return words.join(' ');
}

function commandTable(commands: readonly CliCommand[]): string {
  const said = (c: CliCommand) => `${c.describe}${c.details ? `${/^[,;:]/.test(c.details) ? '' : ' '}${c.details}` : ''}`;
  return [
    '| command | what it does |',
    '|---|---|',
    ...commands.map((c) => `| \`${synopsis(c)}\` | ${said(c)} |`),
  ].join('\n');
}

test('docs/cli.md lists every command with its positionals and options exactly as the CLI declares them', async (t) => {
  checkGenerated(t, 'docs/cli.md', COMMANDS_BEGIN, COMMANDS_END, commandTable(await allCommands()));
});

test('docs/cli.md lists every event with its fields exactly as EVENTS declares them', (t) => {
  checkGenerated(t, 'docs/cli.md', BEGIN, END, table());
});
