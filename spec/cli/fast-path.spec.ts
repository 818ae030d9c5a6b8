// The fast path reads a command line exactly as yargs does, or leaves it to yargs: for every
// case, either it declines or it finds the same command with the same arguments.
import test from 'ava';
import { CLIENT_COMMANDS, tableCommand, type CliArgv, type CliCommand } from '../../lib/cli/cli-commands.js';
import { parseFast } from '../../lib/cli/fast-path.js';
import { buildCli } from '../../lib/cli/yargs-cli.js';
import { COMMANDS } from '../../lib/commands/index.js';
import { COMMAND_MODULES } from '../../lib/commands/table.js';

const ALL: CliCommand[] = [...CLIENT_COMMANDS, ...COMMANDS.filter((c) => !c.socketOnly).map(tableCommand)];

async function viaYargs(args: string[]): Promise<{ command: CliCommand; argv: CliArgv } | null> {
  let seen: { command: CliCommand; argv: CliArgv } | null = null;
  try {
    await buildCli(args, ALL, async (command, argv) => { seen = { command, argv }; }).parseAsync();
  } catch {
    return null;
  }
  return seen;
}

/** What a command can read: its options, positionals, the globals, `--` and `_`. */
function projection(command: CliCommand, argv: CliArgv): Record<string, unknown> {
  const names = ['_', '--', 'session', 'socket', 'json', ...Object.keys(command.options ?? {}), ...command.usage.split(' ').slice(1).map((p) => p.replace(/[<>[\].]/g, ''))];
  const out: Record<string, unknown> = {};
  for (const name of names) if (argv[name] !== undefined && !(Array.isArray(argv[name]) && (argv[name] as unknown[]).length === 0 && name !== '_')) out[name] = argv[name];
  return out;
}

const PLAIN = [
  'list', 'list --json', '-s work list', 'list -S /tmp/x.sock', 'info --session=a --json', 'capture --pane 3 --scrollback 20 --ansi',
  'send --pane 1 hello world --enter', 'send hi', 'set-buffer some text', 'paste --buffer b1', 'focus --direction left', 'focus --next',
  'kill-pane --pane 2', 'wait --state idle --timeout 1.5', 'resize-pane --direction up --cells 3', 'split --down --cwd /tmp -- sh -c x',
  'split -- vim', 'zoom', 'equalize', 'detach', 'kill-server', 'buffers',
  'split -d --size 70% --pane 1 -- cat', 'resize-pane --pane 1 --width 30%', 'rename-pane --pane 2 researcher', 'rename-pane',
  'respawn-pane -k --pane 2 --cwd /tmp -- sh -c x',
  'agent report --agent a --owner-pid 12 --instance i --sequence 1 --status working --message m',
  'agent release --owner-pid 12 --instance i --sequence 2', 'agent prompt --pane 1 fix the bug', 'agent explain --json',
  'agent hook claude-code', 'rename-session work', 'display-message hello there', 'capture --join', 'status working --msg building --progress 40', 'status --query', 'status',
  'new -d', 'new -d --size 120x40 -- sh', 'new --cwd /tmp', 'attach', 'attach -s other', '', '-s x', 'integration install claude-code --print',
];

const TRICKY = [
  'list extra', 'list --bogus', '--help', 'list -h', 'agent', 'agent nope', 'bogus', 'send 123', 'send --pane 1 --pane 2', 'send --key Enter x',
  'send --key C-c --key Enter', 'capture --scrollback abc', 'capture --scrollback 1e3', 'capture --scrollback -5', 'capture --ansi true',
  'capture --ansi=false', 'focus --direction sideways', 'wait --timeout 1', 'split --down --right', 'status --msg "quoted"', "status --msg 'q'",
  'status 5', 'set-buffer', 'set-buffer 007', 'list -- x', '-- sh', 'agent --json report', 'agent report --ownerPid 1', '--pane 1 capture',
  'send -- --enter', 'send --enter=true x', 'capture --pane', 'capture --pane --ansi', 'status working --progress 0x10', '-sx list',
  'capture --no-ansi', 'send -', 'new -dx', 'agent hook', 'agent hook a b', 'capture --pane=3', 'capture --pane=', 'capture --pane= ', 'info --json --json',
];

for (const line of PLAIN) {
  test(`the fast path reads \`thurm ${line}\` as yargs does`, async (t) => {
    const args = line ? line.split(' ') : [];
    const fast = parseFast(args, ALL);
    const slow = await viaYargs(args);
    t.truthy(slow, 'yargs accepts it');
    t.truthy(fast, 'the fast path takes it');
    t.is(fast!.command, slow!.command);
    t.deepEqual(projection(fast!.command, fast!.argv), projection(slow!.command, slow!.argv));
  });
}

test('words that start with a digit but are no number are read as text, as yargs does; numbers are left to it', async (t) => {
  const taken = [['send', '--pane', '2', '--enter', '1 e2a0'], ['send', '12abc'], ['set-buffer', '3 words'], ['display-message', '0x1z']];
  for (const args of taken) {
    const fast = parseFast(args, ALL);
    const slow = await viaYargs(args);
    t.truthy(fast, args.join(' '));
    t.deepEqual(projection(fast!.command, fast!.argv), projection(slow!.command, slow!.argv), args.join(' '));
  }
  for (const word of ['12', '1.5', '.5', '1e3', '0x1f', '-1', '007']) t.is(parseFast(['send', word], ALL), null, word);
});

test('the fast path leaves help, mistakes and forms yargs reads its own way to yargs, or reads them as yargs does', async (t) => {
  for (const line of TRICKY) {
    const args = line.split(' ');
    const fast = parseFast(args, ALL);
    if (!fast) continue;
    const slow = await viaYargs(args);
    t.truthy(slow, `yargs accepts \`${line}\``);
    t.is(fast.command, slow!.command, line);
    t.deepEqual(projection(fast.command, fast.argv), projection(slow!.command, slow!.argv), line);
  }
});

test('every command of the table takes the fast path', (t) => {
  for (const command of ALL) {
    const words = [command.group, command.usage.split(' ')[0]].filter((w) => w !== undefined && w !== '$0') as string[];
    const positionals = command.usage.split(' ').slice(1).map(() => 'x');
    const required = Object.entries(command.options ?? {}).filter(([, o]) => o.demandOption)
      .flatMap(([name, o]) => [`--${name}`, o.choices ? String(([] as unknown[]).concat(o.choices)[0]) : o.type === 'number' ? '1' : 'x']);
    t.truthy(parseFast([...words, ...required, ...positionals], ALL), [...words, ...required].join(' '));
  }
});

test('client-only commands are found without the command table', (t) => {
  t.is(parseFast(['agent', 'hook', 'claude-code'], CLIENT_COMMANDS)?.command.usage, 'hook <kind> [payload]');
  // Codex's notify appends its JSON as one more argument.
  t.is(parseFast(['agent', 'hook', 'codex', '{"type":"agent-turn-complete"}'], CLIENT_COMMANDS)?.argv.payload, '{"type":"agent-turn-complete"}');
  t.is(parseFast(['list'], CLIENT_COMMANDS), null);
});

test('each command of the table is listed under its name, and a CLI command is named by its CLI words', async (t) => {
  for (const [name, load] of Object.entries(COMMAND_MODULES)) {
    const command = await load();
    t.is(command.name, name);
    if (!command.socketOnly) t.is([command.group, tableCommand(command).usage.split(' ')[0]].filter(Boolean).join('-'), name);
  }
});
