// Renaming a running session: prefix `$`, `thurm rename-session` and the tmux shim's
// rename-session. The session answers on its new name (ls, attach -t, the status line), panes
// started before keep working through the old socket path, names in use are refused, and a
// save and restore after the rename happen under the new name.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import type { SessionInfo } from '../../lib/server/protocol.js';
import { alive } from '../helpers/processes.js';
import { inPane } from '../helpers/in-pane.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

function world(t: { teardown(fn: () => Promise<void> | void): void }): ThurmEnv {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  return env;
}

const socketOf = (env: ThurmEnv, name: string) => path.join(path.dirname(env.socket), `${name}.sock`);
const stateOf = (env: ThurmEnv, file: string) => path.join(env.dir, 'state', 'thurm', file);
const thurm = (...args: string[]) => [process.execPath, BIN, ...args].map((a) => `'${a}'`).join(' ');

test.serial('prefix $ renames the session: the status line, thurm ls and attach -t use the new name, the old panes keep working', async (t) => {
  const env = world(t);
  t.teardown(async () => { await env.cli(['-s', 'work', 'kill-server']); });
  await env.ok(['new', '-d', '--size', '100x30']);
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
  t.teardown(() => term.kill());
  await term.waitForText('[default]');
  term.write('\x02$');
  // Filled in with the current name, as tmux does: C-u clears it.
  await term.waitForText('rename session: default');
  term.write('\x15work\r');
  await term.waitForText('[work]');
  t.is(await env.ok(['ls']), 'work: 1 window, 1 pane, 1 client\n');
  t.deepEqual(fs.readdirSync(path.dirname(env.socket)).filter((f) => f.endsWith('.sock')).sort(), ['default.sock', 'work.sock']);
  t.is(fs.readlinkSync(env.socket), 'work.sock', 'the old name is an alias of the new socket');
  // Pane 1 was started with the old THURM_SOCKET and TMUX: thurm and the tmux shim reach its session.
  const old = await inPane(env, `echo "$THURM_SOCKET"; ${thurm('split', '-d')}; ${thurm('list')} | wc -l; tmux display-message -p '#{session_name}'`, '1', 'work');
  t.is(old.code, 0, old.err);
  t.is(old.out, `${env.socket}\n2\n2\nwork\n`);
  // A pane started after the rename gets the new socket.
  const fresh = await inPane(env, 'echo "$THURM_SOCKET"', '2', 'work');
  t.is(fresh.out, `${socketOf(env, 'work')}\n`);
  // The attached client goes on: typed keys reach the pane and it redraws.
  term.write('echo typed-$((6*7))\r');
  await term.waitForText('typed-42');
  const attached = new TestTerminal(process.execPath, [BIN, 'attach', '-t', 'work'], env.env, 100, 30);
  t.teardown(() => attached.kill());
  await attached.waitForText('[work]');
  t.is((await env.json<SessionInfo>(['-s', 'work', 'info'])).clients, 2);
});

test.serial('a name taken by a running or saved session, or not a session name, is refused and nothing moves', async (t) => {
  const env = world(t);
  t.teardown(async () => { await env.cli(['-s', 'other', 'kill-server']); });
  await env.ok(['new', '-d']);
  await env.ok(['new', '-d', '-s', 'other']);
  const taken = await env.cli(['rename-session', 'other']);
  t.is(taken.code, 7, 'SESSION_EXISTS');
  t.regex(taken.stderr, /session already running: other/);
  fs.writeFileSync(stateOf(env, 'kept.json'), '{}');
  const saved = await env.cli(['rename-session', 'kept']);
  t.is(saved.code, 7, 'SESSION_EXISTS');
  t.regex(saved.stderr, /a saved session has that name: kept/);
  for (const bad of ['two words', '.hidden', 'a/b', 'x'.repeat(65)]) t.is((await env.cli(['rename-session', bad])).code, 2, `INVALID_ARGUMENT for ${bad}`);
  t.is(await env.ok(['ls']), 'default: 1 window, 1 pane, 0 clients\nother: 1 window, 1 pane, 0 clients\n');
  t.true(fs.lstatSync(env.socket).isSocket());
  t.false(fs.existsSync(socketOf(env, 'kept')));
});

test.serial('after a rename the session is saved and restored under its new name; renaming back reuses the old name', async (t) => {
  const env = world(t);
  t.teardown(async () => { await env.cli(['-s', 'renamed', 'kill-server']); });
  await env.ok(['new', '-d', '--size', '100x30']);
  await env.ok(['send', '--enter', 'echo history-mark-$((40+2))']);
  await waitUntil(async () => (await env.capture('1')).includes('history-mark-42'), 'the mark on screen');
  await env.ok(['save']);
  t.true(fs.existsSync(stateOf(env, 'default.json')));
  await env.ok(['rename-session', 'renamed']);
  t.false(fs.existsSync(stateOf(env, 'default.json')));
  t.false(fs.existsSync(stateOf(env, 'default.log')));
  t.true(fs.existsSync(stateOf(env, 'renamed.log')));
  t.is(await env.ok(['-s', 'renamed', 'save']), `saved ${stateOf(env, 'renamed.json')}\n`);
  t.is(JSON.parse(fs.readFileSync(stateOf(env, 'renamed.json'), 'utf8')).session, 'renamed');
  const pid = (await env.json<SessionInfo>(['-s', 'renamed', 'info'])).serverPid;
  process.kill(pid, 'SIGKILL');
  await waitUntil(() => !alive(pid), 'the server to die');
  t.regex((await env.cli(['-s', 'renamed', 'restore', '-d'])).stdout, /pane 1: restored/);
  const info = await env.json<SessionInfo>(['-s', 'renamed', 'info']);
  t.is(info.session, 'renamed');
  t.is(fs.lstatSync(env.socket, { throwIfNoEntry: false }), undefined, 'the alias the killed server left is gone');
  t.true((await env.ok(['-s', 'renamed', 'capture', '--pane', '1', '--scrollback', '100'])).includes('history-mark-42'));
  t.is(await env.ok(['ls']), 'renamed: 1 window, 1 pane, 0 clients\n');
  // Back to a name this server has had: its alias becomes the socket again.
  await env.ok(['-s', 'renamed', 'rename-session', 'default']);
  await env.ok(['-s', 'default', 'rename-session', 'renamed']);
  t.is(fs.readlinkSync(env.socket), 'renamed.sock');
});

test.serial('the tmux shim renames the session it runs in', async (t) => {
  const env = world(t);
  t.teardown(async () => { await env.cli(['-s', 'shimmed', 'kill-server']); });
  await env.ok(['new', '-d']);
  const r = await inPane(env, "tmux rename-session -t default shimmed && tmux display-message -p '#{session_name}' && tmux rename-session -t nope x");
  t.is(r.out, 'shimmed\n');
  t.is(r.code, 1);
  t.regex(r.err, /can't find session: nope/);
  t.is(await env.ok(['ls']), 'shimmed: 1 window, 1 pane, 0 clients\n');
});
