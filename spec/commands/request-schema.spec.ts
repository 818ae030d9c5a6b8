// The published JSON Schema against the requests thurm really sends: every command of the table
// is declared and in the schema, and what the CLI, the `:` prompt, the key bindings and the
// hook send is valid both by the schema (checked by spec/helpers/json-schema.ts, which knows
// nothing of lib/fields.ts) and by the server's own check.
import test from 'ava';
import fc from 'fast-check';
import { hookPayload, hookRequest } from '../../lib/cli/agent-hook.js';
import { tableCommand, type CliArgv, type CliCommand } from '../../lib/cli/cli-commands.js';
import { requestFrame } from '../../lib/cli/connection.js';
import { parseFast } from '../../lib/cli/fast-path.js';
import { buildCli } from '../../lib/cli/yargs-cli.js';
import { cliRequest } from '../../lib/commands/cli-args.js';
import type { Command, CommandContext } from '../../lib/commands/command.js';
import { dispatch } from '../../lib/commands/dispatch.js';
import { COMMANDS, findCommand } from '../../lib/commands/index.js';
import { oneRequestSchema, protocolSchema } from '../../lib/commands/request-schema.js';
import { COMMAND_MODULES } from '../../lib/commands/table.js';
import { Field } from '../../lib/fields.js';
import { CONNECTION_MODES, PROTOCOL_VERSION } from '../../lib/server/protocol.js';
import { promptRequests } from '../../lib/ui/command-prompt.js';
import { BINDINGS } from '../../lib/ui/key-bindings.js';
import { DEFAULT_CONFIG } from '../../lib/session/config.js';
import { Mux } from '../../lib/session/mux.js';
import { FakePty } from '../helpers/fake-pty.js';
import { validate } from '../helpers/json-schema.js';

const SCHEMA = protocolSchema(COMMANDS);
const CLI = COMMANDS.filter((c) => !c.socketOnly).map((c) => ({ command: c, cli: tableCommand(c) }));

/** Command lines covering every CLI command of the table, as a user types them. */
const LINES = [
  'split --down --cwd /tmp --size 30% -d -- sh -c x', 'split', 'new-window -n build --cwd /tmp -d -- make', 'new-window',
  'select-window --index 2', 'select-window --next', 'select-window --last', 'rename-window --index 1 build', 'rename-window',
  'move-window --to 3', 'move-window --renumber', 'resize-window --cols 70 --rows 20', 'resize-window --direction left --cells 2', 'resize-window --largest', 'switch-client --next', 'set-environment FOO bar', 'split --env A=1 --env B=2 -- sh', 'new-window -e A=1', 'set-environment FOO --remove', 'set-environment FOO --unset', 'show-environment', 'show-environment --global PATH', 'display-panes', 'clock-mode --client 1', 'bind-key X -- new-window', 'bind-key --root M-h -- split --right', 'unbind-key X', 'switch-client --target x --client 1', 'kill-window --index 1', 'list-windows', 'select-layout tiled', 'select-layout --index 0', 'swap-pane --previous',
  'rotate-window --back', 'break-pane --pane 2', 'join-pane --target 2 --down', 'synchronize-panes --off', 'synchronize-panes', 'list',
  'send --pane 1 hello world --enter', 'send --key Enter', 'capture --scrollback 100 --ansi', 'capture', 'pipe --pane 1 cat', 'pipe --input --output --toggle', 'record /tmp/run.cast', 'record --force --pane 1 run.cast', 'record --stop', 'record', 'notify', 'notify test --route phone', 'notify list', 'agent new --worktree --name fixer -- claude', 'agent new --worktree=feat/x --base main --split --cwd /tmp', 'agent new', 'agent finish --pane 2 --remove-worktree --delete-branch --force', 'agent finish', 'copy-mode --pane 1',
  'paste --buffer buffer1', 'paste --separator x --plain --delete', 'buffers', 'set-buffer some text', 'set-buffer --buffer b --append more', 'set-buffer --clipboard copied', 'delete-buffer', 'delete-buffer --buffer b', 'rename-buffer new', 'rename-buffer --buffer b new', 'focus --direction left', 'focus --next', 'focus --urgent', 'focus --last', 'focus --pane 2',
  'kill-pane --pane 2', 'rename-pane --pane 2 researcher', 'rename-pane', 'respawn-pane -k --cwd /tmp -- vim', 'info', 'agents', 'save',
  'reload-config', 'wait --state done --timeout 1.5', 'wait --output ready', 'zoom', 'resize-pane --direction left --cells 5',
  'resize-pane --width 50% --height 10', 'equalize', 'detach', 'detach --client 2', 'clients', 'clear-history', 'clear-history --pane 1', 'mark', 'mark --pane 1', 'mark --clear', 'kill-server', 'server upgrade',
  'agent report --agent a --owner-pid 12 --instance i-1 --sequence 1 --status working --message hi --session-id s1 --resume-json ["a","--resume"]',
  'agent release --owner-pid 12 --instance i-1 --sequence 2', 'agent prompt fix the bug', 'agent explain', 'agent log --since 2h', 'agent answer --choice 1 --expect abc',
  'agent answer --deny --expect abc', 'web --port 0 --bind ::1', 'web --allow-answers', 'web token create --allow-answers', 'web', 'web stop', 'web token create', 'web token revoke abcd1234', 'focus --pane build:3', 'schema --command split', 'schema', 'rename-session build-2', 'display-message build is done', 'capture --join',
];

/** What the CLI's parsers make of `line`: the fast path, else yargs (as lib/cli/main.ts does). */
async function parse(line: string): Promise<{ command: CliCommand; argv: CliArgv }> {
  const args = line.split(' ');
  let parsed: { command: CliCommand; argv: CliArgv } | null = parseFast(args, CLI.map((c) => c.cli));
  if (!parsed) await buildCli(args, CLI.map((c) => c.cli), async (command, argv) => { parsed = { command, argv }; }).parseAsync();
  if (!parsed) throw new Error(`no command in: ${line}`);
  return parsed;
}

/** The frames the CLI sends for `line`, parsed back as the server reads them. */
async function cliFrames(line: string): Promise<{ command: Command<any, any>; frames: Record<string, unknown>[] }> {
  const parsed = await parse(line);
  const { command } = CLI.find((c) => c.cli === parsed.command)!;
  const request = cliRequest(command, { ...parsed.argv, inheritedPane: '1' });
  const parts = command.split?.(request) ?? [request];
  return { command, frames: parts.map((p, i) => JSON.parse(requestFrame(i + 1, command.name, p))) };
}

/** Both verdicts on one request: the published schema's and the server's check. */
function verdicts(raw: Record<string, unknown>): { schema: string[]; server: string | null } {
  const command = findCommand(String(raw.type))!;
  let server: string | null = null;
  try {
    command.parse(raw);
  } catch (err) {
    server = (err as Error).message;
  }
  return { schema: validate(SCHEMA, raw), server };
}

test('every command of the table has a declaration of its fields, and the schema has every request', (t) => {
  t.deepEqual(COMMANDS.map((c) => c.name), Object.keys(COMMAND_MODULES));
  for (const c of COMMANDS) {
    t.true(typeof c.fields === 'object' && Object.values(c.fields).every((f) => f instanceof Field), c.name);
    t.like(SCHEMA.$defs, { [c.name]: { title: c.name, type: 'object', additionalProperties: false } });
  }
  const names = [...COMMANDS.map((c) => c.name), ...Object.keys(CONNECTION_MODES)];
  t.deepEqual(SCHEMA.oneOf, names.map((n) => ({ $ref: `#/$defs/${n}` })));
  t.is(SCHEMA.$schema, 'https://json-schema.org/draft/2020-12/schema');
});

test('what the CLI sends for every command is valid by the schema and by the server', async (t) => {
  const covered = new Set<string>();
  for (const line of LINES) {
    const { command, frames } = await cliFrames(line);
    covered.add(command.name);
    for (const frame of frames) t.deepEqual(verdicts(frame), { schema: [], server: null }, line);
  }
  t.deepEqual(CLI.map((c) => c.command.name).filter((n) => !covered.has(n)), [], 'commands no line above runs');
});

test('a long send goes as several frames, each valid', async (t) => {
  const { frames } = await cliFrames(`send --enter ${'word '.repeat(4000).trim()}`);
  t.true(frames.length > 1);
  for (const frame of frames) t.deepEqual(verdicts(frame), { schema: [], server: null });
});

test('what the key bindings, the : prompt and agent hook send is valid by the schema and by the server', (t) => {
  const sent: Record<string, unknown>[] = [];
  for (const b of BINDINGS) if ('command' in b.action) sent.push({ id: 0, type: b.action.command, ...b.action.args });
  for (const line of ['split --down', 'select-layout tiled', 'rename-window build', 'send hi --enter']) {
    const requests = promptRequests(line, '1');
    if (typeof requests === 'string') throw new Error(requests);
    // In the server's own process: a field left undefined is absent, as in JSON.
    sent.push(...requests.map((r) => JSON.parse(JSON.stringify({ id: 0, ...r }))));
  }
  const payload = hookPayload('{"hook_event_name":"Notification","message":"needs you","session_id":"9d1f-uuid"}')!;
  sent.push(JSON.parse(requestFrame(1, 'agent-hook', hookRequest('claude-code', 4242, payload, '3'))));
  for (const raw of sent) t.deepEqual(verdicts(raw), { schema: [], server: null }, JSON.stringify(raw));
});

test('the connection modes are in the schema as the clients send them; attach must say its version', (t) => {
  const attach = { id: 1, type: 'attach', version: PROTOCOL_VERSION, size: { cols: 80, rows: 24 }, term: 'xterm-256color', truecolor: false, utf8: true, readOnly: false };
  t.deepEqual(validate(SCHEMA, attach), []);
  t.deepEqual(validate(SCHEMA, { id: 2, type: 'subscribe', version: PROTOCOL_VERSION, types: ['status-changed'] }), []);
  const { version: _, ...unversioned } = attach;
  t.not(validate(SCHEMA, unversioned).length, 0);
  t.not(validate(SCHEMA, { ...attach, size: { cols: 0, rows: 24 } }).length, 0);
});

test('a request of another version, of an unknown type or with an unknown field is outside the schema', (t) => {
  t.not(validate(SCHEMA, { type: 'list', version: 2 }).length, 0);
  t.not(validate(SCHEMA, { type: 'lists' }).length, 0);
  t.not(validate(SCHEMA, { type: 'list', bogus: 1 }).length, 0);
  t.deepEqual(validate(SCHEMA, { type: 'AgentExplain', pane: '1' }), [], 'aliases are request types too');
});

test('the results a command declares are what it returns, on a real Mux', async (t) => {
  const mux = new Mux({ session: 'spec', socketPath: '/nonexistent', config: DEFAULT_CONFIG, size: { cols: 80, rows: 24 }, spawn: (opts) => new FakePty(opts) });
  t.teardown(() => mux.end());
  mux.start({ argv: ['/bin/sh'], cwd: '/' });
  const ctx: CommandContext = { mux, clients: () => [], shutdown: () => {}, upgrade: async () => ({ pid: 0 }), renameSession: async () => {} };
  const requests: Record<string, unknown>[] = [
    { type: 'split', direction: 'down' }, { type: 'new-window', name: 'w' }, { type: 'select-window', index: 0 },
    { type: 'select-layout', layout: 'tiled' }, { type: 'synchronize-panes', off: true }, { type: 'capture', scrollback: 10 },
    { type: 'set-buffer', text: 'x' }, { type: 'paste' }, { type: 'focus', next: true }, { type: 'rename-pane', title: 'named' },
    { type: 'respawn-pane', kill: true }, { type: 'zoom' }, { type: 'wait', output: '' }, { type: 'info' }, { type: 'list' },
    { type: 'agents' }, { type: 'detach' }, { type: 'clients' }, { type: 'clear-history', pane: '1' }, { type: 'mark', pane: '1' }, { type: 'equalize' }, { type: 'display-message', text: 'hi' }, { type: 'copy-mode' },
    { type: 'buffers' }, { type: 'list-windows' }, { type: 'rename-window', name: 'r' }, { type: 'rotate-window' },
    { type: 'agent-explain' }, { type: 'agent-log', since: '1h' }, { type: 'record', stop: true }, { type: 'notify' }, { type: 'tmux-show-options' }, { type: 'schema' }, { type: 'schema', command: 'split' },
  ];
  t.deepEqual(COMMANDS.filter((c) => !(SCHEMA.$defs as Record<string, unknown>)[`${c.name}.result`]).map((c) => c.name), [], 'every command declares its result');
  t.true(COMMANDS.length >= requests.length, 'most declared results are run here');
  for (const request of requests) {
    const reply = await dispatch(ctx, request);
    if (!reply.ok) throw new Error(`${String(request.type)}: ${reply.error.message}`);
    const schema = (SCHEMA.$defs as Record<string, Record<string, unknown>>)[`${String(request.type)}.result`];
    t.truthy(schema, `${String(request.type)} declares its result`);
    t.deepEqual(validate(schema, reply.result, SCHEMA), [], String(request.type));
  }
  // The line `thurm events --json` starts with (lib/cli/events.ts) is in the schema too.
  const info = await dispatch(ctx, { type: 'info' });
  if (!info.ok) throw new Error(info.error.message);
  const snapshot = (SCHEMA.$defs as Record<string, Record<string, unknown>>).snapshot;
  t.deepEqual(validate(snapshot, { type: 'snapshot', ...(info.result as object) }, SCHEMA), []);
  t.not(validate(snapshot, info.result, SCHEMA).length, 0, 'the snapshot line says its type');
});

test('one request type alone is a schema of its own, with the request type or an alias', (t) => {
  const one = oneRequestSchema(COMMANDS, 'agent-report');
  t.like(one, { $schema: 'https://json-schema.org/draft/2020-12/schema', title: 'agent-report', required: ['type', 'report'] });
  t.deepEqual(oneRequestSchema(COMMANDS, 'AgentReport'), one);
  t.throws(() => oneRequestSchema(COMMANDS, 'nope'), { message: 'no such request type: nope' });
});

/** Refusals a `map` makes beyond what JSON Schema can say (lib/fields.ts lists them). */
const BEYOND_SCHEMA = /not a regular expression|the executable comes first|at most \d+ bytes/;

const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom('1', 'right', 'down', 'left', 'tiled', 'done', 'working', 'idle', '50%', '101%', '10000', '10001', '0', 'C-c', 'a', '', '(', 'x\u0007', '🚀'),
  fc.constantFrom(1, 0, -1, 9, 10, 128, 9999, 10_000, 10_001, 10_000_001, 2 ** 53, 2.5, true, false, null, ['a'], [''], ['\u0007'], { cols: 80, rows: 24 }),
  fc.record({ agent: fc.constantFrom('a', 'x y'), owner_pid: fc.constantFrom(1, -5), instance: fc.constantFrom('i', 'ü'), sequence: fc.constantFrom(1, 1.5), status: fc.constantFrom('idle', 'nope') }, { requiredKeys: [] }),
);

/** Valid requests of each type to start from: what the CLI sends for LINES, and a hook event. */
async function validFrames(): Promise<Map<string, Record<string, unknown>[]>> {
  const byType = new Map<string, Record<string, unknown>[]>();
  const add = (frame: Record<string, unknown>) => byType.set(String(frame.type), [...(byType.get(String(frame.type)) ?? []), frame]);
  for (const line of LINES) (await cliFrames(line)).frames.forEach(add);
  add(JSON.parse(requestFrame(1, 'agent-hook', hookRequest('claude-code', 4242, { event: 'Stop' }, '3'))));
  // What `agent statusline` sends (lib/cli/agent-statusline.ts).
  add(JSON.parse(requestFrame(1, 'agent-statusline', { pane: '3', owner_pid: 4242, json: '{"model":{"id":"m"},"cost":{"total_cost_usd":0.5}}' })));
  // The tmux shim's own requests (lib/tmux/option-commands.ts, script-commands.ts).
  add(JSON.parse(requestFrame(1, 'tmux-set-option', { scope: '%3', name: 'pane-border-style', value: 'fg=red' })));
  add(JSON.parse(requestFrame(1, 'tmux-show-options', { scopes: ['%3', '@1', 'session'] })));
  add(JSON.parse(requestFrame(1, 'wait-for', { channel: 'build-done', action: 'signal' })));
  return byType;
}
const FRAMES = validFrames();

for (const command of COMMANDS) {
  test(`${command.name} requests with fields changed at random: the schema and the server agree, but for what only a map refuses`, async (t) => {
    const frames = (await FRAMES).get(command.name)!;
    const keys = [...Object.keys(command.fields), 'id', 'version', 'bogus', '__proto__'];
    const seen = { accepted: 0, refused: 0 };
    const run = fc.check(fc.property(fc.constantFrom(...frames), fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 3 }), fc.boolean(), (frame, changes, drop) => {
      // As the wire brings it: `__proto__` is an own key like any other.
      const raw = JSON.parse(JSON.stringify({ ...(drop ? {} : frame), ...changes, type: command.name })) as Record<string, unknown>;
      const { schema, server } = verdicts(raw);
      // The envelope (id, version) is the dispatcher's to check, not the command's.
      const envelope = (typeof raw.id === 'number' || (typeof raw.id === 'string' && raw.id.length <= 128) || raw.id === undefined)
        && (raw.version === undefined || raw.version === PROTOCOL_VERSION);
      if (!envelope) return schema.length > 0;
      seen[server === null ? 'accepted' : 'refused']++;
      if (server === null) return schema.length === 0;
      return schema.length > 0 || BEYOND_SCHEMA.test(server);
    }), { numRuns: 300 });
    t.false(run.failed, fc.defaultReportMessage(run) ?? '');
    // They agree both ways, not only on requests that every check refuses.
    t.true(seen.accepted > 0 && seen.refused > 0, `the server accepted ${seen.accepted} and refused ${seen.refused}`);
  });
}
