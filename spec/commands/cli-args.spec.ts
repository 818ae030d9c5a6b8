// A command's command line comes from its fields' CLI declarations (lib/commands/cli-args.ts):
// the options with their types, choices and demands, the positionals in the usage, and the
// request a parsed command line stands for.
import path from 'node:path';
import test from 'ava';
import { parseFast } from '../../lib/cli/fast-path.js';
import { tableCommand } from '../../lib/cli/cli-commands.js';
import { cliRequest, cliShape } from '../../lib/commands/cli-args.js';
import { defineCommand, paneField } from '../../lib/commands/command.js';
import { findCommand } from '../../lib/commands/index.js';
import { field } from '../../lib/fields.js';

const probe = defineCommand({
  name: 'probe',
  describe: 'A command made for this spec',
  fields: {
    pane: paneField,
    count: field.int({ min: 1, max: 9 }).describe('how many').cli({ alias: 'c' }),
    mode: field.enum(['fast', 'slow']).optional().cli({ describe: 'how' }),
    quiet: field.bool().default(false).cli(),
    hidden: field.string().optional(),
    owner_pid: field.int().optional().cli(),
    first: field.string().cli({ as: 'positional' }),
    rest: field.string().optional().cli({ as: 'words' }),
  },
  result: {},
  run: () => ({}),
});

test('each field with a CLI declaration is an option of its type, choices and demand; a field without one is not on the CLI', (t) => {
  const { options, usage } = cliShape(probe);
  t.deepEqual(options?.count, { type: 'number', alias: 'c', describe: 'how many', demandOption: true });
  t.deepEqual(options?.mode, { type: 'string', describe: 'how', choices: ['fast', 'slow'] });
  t.deepEqual(options?.quiet, { type: 'boolean' });
  t.is(options?.['owner-pid']?.type, 'number', 'an _ in a field name is a - on the command line');
  t.false('hidden' in (options ?? {}));
  t.false('first' in (options ?? {}), 'a positional is no option');
  t.is(usage, 'probe <first> [rest..]', 'a required positional is <>, an optional []; words take the rest');
});

test('the request holds what was given, words joined by spaces, and nothing for what was not', (t) => {
  const parsed = parseFast(['probe', '-c', '3', '--mode', 'slow', 'one', 'two', 'three'], [tableCommand(probe)]);
  t.truthy(parsed);
  t.deepEqual(cliRequest(probe, parsed!.argv), { count: 3, mode: 'slow', first: 'one', rest: 'two three' });
});

test('--pane falls back to the pane the CLI runs in, but focus names its pane or none', (t) => {
  const kill = findCommand('kill-pane')!;
  t.deepEqual(cliRequest(kill, { _: [], inheritedPane: '7' }), { pane: '7' });
  t.deepEqual(cliRequest(kill, { _: [], pane: '2', inheritedPane: '7' }), { pane: '2' });
  t.deepEqual(cliRequest(findCommand('focus')!, { _: [], next: true, inheritedPane: '7' }), { next: true });
});

test('--pane takes a pane id as the status line spells it, %3, as well as 3', (t) => {
  t.deepEqual(cliRequest(findCommand('kill-pane')!, { _: [], pane: '%3' }), { pane: '3' });
  t.deepEqual(cliRequest(findCommand('focus')!, { _: [], pane: '%12' }), { pane: '12' });
  t.deepEqual(cliRequest(findCommand('kill-pane')!, { _: [], pane: '%x' }), { pane: '%x' }, 'not an id: left for the server to refuse');
});

test('a field\'s own reading of its CLI value: seconds to ms, an absolute directory, null for no title, argv after --', (t) => {
  t.deepEqual(cliRequest(findCommand('wait')!, { _: [], state: 'done', timeout: 1.5 }), { state: 'done', timeout: 1500 });
  t.deepEqual(cliRequest(findCommand('respawn-pane')!, { _: [], cwd: 'sub', '--': ['vim', 'x'] }), { cwd: path.resolve('sub'), argv: ['vim', 'x'] });
  t.deepEqual(cliRequest(findCommand('respawn-pane')!, { _: [], '--': [] }), {}, 'an empty -- runs the shell');
  t.deepEqual(cliRequest(findCommand('rename-pane')!, { _: [] }), { title: null });
});

test('an object field\'s fields are options of their own, and its value is built from them (agent report)', (t) => {
  const report = findCommand('agent-report')!;
  const { options } = cliShape(report);
  for (const name of ['agent', 'owner-pid', 'instance', 'sequence', 'status']) t.true(options?.[name]?.demandOption, name);
  t.is(options?.['resume-json']?.type, 'string', 'a declared CLI type wins over the field\'s');
  const argv = { _: [], agent: 'a', 'owner-pid': 5, instance: 'i', sequence: 2, status: 'done', 'resume-json': '["a","--resume","x"]' };
  t.deepEqual(cliRequest(report, argv), { report: { agent: 'a', owner_pid: 5, instance: 'i', sequence: 2, status: 'done', resume_argv: ['a', '--resume', 'x'] } });
});

test('flags of the CLI alone give the fields they stand for (split --down)', (t) => {
  const split = findCommand('split')!;
  t.is(cliRequest(split, { _: [], down: true }).direction, 'down');
  t.is(cliRequest(split, { _: [] }).direction, 'right');
  t.true('down' in (cliShape(split).options ?? {}));
  t.false('direction' in (cliShape(split).options ?? {}));
});
