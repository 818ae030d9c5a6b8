// Windows as tmux users expect them: keys after the prefix, the status line, the chooser, the
// CLI, and windows that survive a restore.
import fs from 'node:fs';
import test, { type ExecutionContext } from 'ava';
import { Connection } from '../../lib/cli/connection.js';
import type { SessionInfo } from '../../lib/server/protocol.js';
import { sessionFilePath } from '../../lib/session/session-file.js';
import type { SessionSnapshot } from '../../lib/session/snapshot.js';
import { alive } from '../helpers/processes.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

const PREFIX = '\x02';

async function attached(t: ExecutionContext): Promise<{ env: ThurmEnv; term: TestTerminal; status: () => string }> {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d']);
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
  t.teardown(() => term.kill());
  await term.waitForText('[default] %1:sh*');
  return { env, term, status: () => term.lines()[29] };
}

const windows = async (env: ThurmEnv) => (await env.json<SessionInfo>(['info'])).windows;

test.serial('prefix c opens a window; n, p, l and digits move between windows the status line lists', async (t) => {
  const { env, term, status } = await attached(t);
  term.write(`${PREFIX}c`);
  await term.waitFor(() => /^\[default\] 0:sh- 1:sh\* │ %2:sh\*/.test(status()), 'two windows in the status line');
  term.write('echo in-window-$((2*2))\r');
  await term.waitForText('in-window-4');
  term.write(`${PREFIX}0`);
  await term.waitFor(() => /0:sh\* 1:sh- │ %1:sh\*/.test(status()) && !term.text().includes('in-window-4'), 'window 0 shown');
  term.write(`${PREFIX}n`);
  await term.waitFor(() => /0:sh- 1:sh\*/.test(status()), 'next: window 1');
  term.write(`${PREFIX}p`);
  await term.waitFor(() => /0:sh\* 1:sh-/.test(status()), 'previous: window 0');
  term.write(`${PREFIX}l`);
  await term.waitFor(() => /0:sh- 1:sh\*/.test(status()) && term.text().includes('in-window-4'), 'last: window 1 again');
  t.deepEqual((await windows(env)).map((w) => [w.index, w.current, w.panes]), [[0, false, ['1']], [1, true, ['2']]]);
});

test.serial('prefix , renames the window, prefix . moves it, prefix & asks before closing it', async (t) => {
  const { env, term, status } = await attached(t);
  term.write(`${PREFIX}c`);
  await term.waitFor(() => / 1:sh\*/.test(status()), 'window 1');
  term.write(`${PREFIX},`);
  // Filled in with the current name; edited as in tmux: C-u clears, Left moves, typing inserts.
  await term.waitForText('rename window: sh');
  term.write('\x15buld\x1b[D\x1b[Di\r');
  await term.waitFor(() => / 1:build\*/.test(status()), 'renamed');
  term.write(`${PREFIX}.`);
  await term.waitForText('move window to index: ');
  term.write('5\r');
  await term.waitFor(() => / 5:build\*/.test(status()), 'moved to 5');
  term.write(`${PREFIX}&`);
  await term.waitForText('kill window 5 (build)? (y/n)');
  term.write('n');
  await term.waitFor(() => / 5:build\*/.test(status()) && !term.text().includes('(y/n)'), 'kept after n');
  term.write(`${PREFIX}&`);
  await term.waitForText('(y/n)');
  term.write('y');
  await waitUntil(async () => (await windows(env)).length === 1, 'the window closed');
  t.deepEqual((await windows(env)).map((w) => [w.index, w.name]), [[0, 'sh']], 'the one that was asked about');
  await term.waitFor(() => /^\[default\] %1:sh\*/.test(status()), 'one window left');
});

test.serial('a blocked pane in a hidden window shows in the status line; prefix u, M-n, M-p and the chooser reach it', async (t) => {
  const { env, term, status } = await attached(t);
  await env.ok(['new-window', '-n', 'agents']);
  await env.ok(['send', '--pane', '2', `printf '\\033]7501;state=blocked:kind=question:msg=V2hpY2g/\\007'`, '--enter']);
  await env.ok(['select-window', '--index', '0']);
  await term.waitFor(() => /0:sh\* 1:agents-◆/.test(status()), 'the glyph of the hidden window');
  // M-n and M-p pass over the windows where nothing needs you, around the list.
  await env.ok(['new-window', '-n', 'plain']);
  await term.waitFor(() => /2:plain\*/.test(status()), 'window 2');
  term.write(`${PREFIX}\x1bn`);
  await term.waitFor(() => /1:agents\*/.test(status()), 'M-n: around, past window 0, to window 1');
  await env.ok(['select-window', '--index', '0']);
  term.write(`${PREFIX}\x1bp`);
  await term.waitFor(() => /1:agents\*/.test(status()), 'M-p: back, past window 2, to window 1');
  term.write(`${PREFIX}\x1bn`);
  await term.waitForText('no other window needs you');
  await env.ok(['select-window', '--index', '0']);
  term.write(`${PREFIX}u`);
  await term.waitFor(() => /1:agents\*/.test(status()), 'u jumped to window 1');
  await env.ok(['select-window', '--index', '0']);
  term.write(`${PREFIX}w`);
  await term.waitFor((s) => /> 0: sh \(current\)/.test(s) && /1: agents/.test(s) && /◆ +2 sh: Which\?/.test(s), 'the chooser');
  term.write('jjj\r');
  await waitUntil(async () => (await env.json<SessionInfo>(['info'])).panes.find((p) => p.id === '2')?.focused, 'pane 2 focused through the chooser');
  t.true((await windows(env)).find((w) => w.index === 1)!.current);
});

test.serial('prefix f finds the panes showing a text: several are listed with the line that matched, one is gone to at once', async (t) => {
  const { env, term, status } = await attached(t);
  await env.ok(['new-window', '-n', 'logs', '--', 'sh', '-c', 'echo build needle-$((6*7)); exec cat']);
  await env.ok(['new-window', '-n', 'other', '--', 'sh', '-c', 'echo test NEEDLE-$((6*7)); exec cat']);
  await waitUntil(async () => (await env.capture('2')).includes('needle-42') && (await env.capture('3')).includes('NEEDLE-42'), 'both printed');
  await env.ok(['select-window', '--index', '0']);
  term.write(`${PREFIX}fneedle-42\r`);
  // Each pane's title is its program's: sh, or cat once it runs.
  await term.waitFor((s) => /1: logs +2 \S+: build needle-42/.test(s) && /2: other +3 \S+: test NEEDLE-42/.test(s), 'both panes listed, any case');
  term.write('j\r');
  await term.waitFor(() => /2:other\*/.test(status()), 'the second one chosen');
  term.write(`${PREFIX}fbuild needle\r`);
  await term.waitFor(() => /1:logs\*/.test(status()), 'the only match gone to at once');
  term.write(`${PREFIX}fno-such-text\r`);
  await term.waitForText('no pane shows no-such-text');
  t.true((await windows(env)).find((w) => w.index === 1)!.current);
});

test.serial('prefix w opens the chooser on the current window, so Enter keeps it', async (t) => {
  const { env, term, status } = await attached(t);
  await env.ok(['new-window', '-n', 'second']);
  await env.ok(['new-window', '-n', 'third']);
  await env.ok(['select-window', '--index', '1']);
  await term.waitFor(() => /1:second\*/.test(status()), 'window 1 current');
  term.write(`${PREFIX}w`);
  await term.waitFor((s) => /> 1: second \(current\)/.test(s) && /  0: sh/.test(s) && /  2: third/.test(s), 'the chooser on window 1');
  term.write('\r');
  await term.waitFor((s) => !/\(current\)/.test(s), 'the chooser closed');
  t.true((await windows(env)).find((w) => w.index === 1)!.current);
});

test.serial('with more windows than the status line holds, it keeps the current window and its panes in view', async (t) => {
  const { env, term, status } = await attached(t);
  for (let i = 1; i <= 10; i++) await env.ok(['new-window', '-d', '-n', `build-output-window-${i}`]);
  await env.ok(['new-window', '-n', 'target']);
  await term.waitFor(() => /^\[default\] < .*11:target\* │ %12:sh\* /.test(status()), 'the current window after a < mark, then its pane');
  await env.ok(['select-window', '--index', '0']);
  await term.waitFor(() => /^\[default\] 0:sh\* .*> │ %1:sh\* /.test(status()), 'the first window, the > mark, then its pane');
  t.false(status().includes('target'), 'the windows past the > mark are left out');
});

test.serial('windows from the CLI, in thurm info and in events, and after a restore', async (t) => {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d']);
  const connection = await Connection.open(env.socket);
  t.teardown(() => connection.close());
  const events: { type: string; index?: number; name?: string }[] = [];
  connection.ws.on('message', (data) => { const m = JSON.parse(data.toString()); if (m.type === 'event') events.push(m.event); });
  await connection.request('subscribe', { types: ['window-added', 'window-renamed', 'window-closed'] });
  t.is((await env.ok(['new-window', '-n', 'logs'])).trim(), '2');
  await env.ok(['split', '--pane', '2']);
  await env.ok(['new-window']);
  await env.ok(['rename-window', '--index', '2', 'tests']);
  await env.ok(['kill-window', '--index', '2']);
  await env.ok(['select-window', '--index', '1']);
  const info = await env.json<SessionInfo>(['info']);
  t.deepEqual(info.windows.map((w) => [w.index, w.name, w.panes, w.current]), [[0, 'sh', ['1'], false], [1, 'logs', ['2', '3'], true]]);
  t.deepEqual(info.panes.map((p) => [p.id, p.window]), [['1', 0], ['2', 1], ['3', 1]]);
  await waitUntil(() => events.some((e) => e.type === 'window-closed'), 'the window events');
  t.like(events.find((e) => e.type === 'window-added' && e.name === 'logs'), { index: 1 });
  t.truthy(events.find((e) => e.type === 'window-renamed' && e.name === 'tests'));
  await env.ok(['save']);
  const pid = info.serverPid;
  process.kill(pid, 'SIGKILL');
  await waitUntil(() => !alive(pid), 'the server to die');
  await env.ok(['restore', '-d']);
  const back = await env.json<SessionInfo>(['info']);
  t.deepEqual(back.windows.map((w) => [w.index, w.name, w.panes, w.current]), [[0, 'sh', ['1'], false], [1, 'logs', ['2', '3'], true]]);
});

test.serial('a window renamed and moved is saved by itself, so a server killed with SIGKILL restores it so', async (t) => {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d']);
  await env.ok(['new-window']);
  const file = sessionFilePath('default', env.env);
  const savedNames = () => {
    try {
      return (JSON.parse(fs.readFileSync(file, 'utf8')) as SessionSnapshot).windows.map((w) => [w.index, w.name]);
    } catch {
      return null;
    }
  };
  await waitUntil(() => JSON.stringify(savedNames()) === JSON.stringify([[0, null], [1, null]]), 'the new window saved');
  await env.ok(['rename-window', '--index', '1', 'logs']);
  await env.ok(['move-window', '--index', '1', '--to', '4']);
  // No `thurm save`: the rename and the move alone must reach the file.
  await waitUntil(() => JSON.stringify(savedNames()) === JSON.stringify([[0, null], [4, 'logs']]), 'the session file to hold the window as renamed and moved');
  const pid = (await env.json<SessionInfo>(['info'])).serverPid;
  process.kill(pid, 'SIGKILL');
  await waitUntil(() => !alive(pid), 'the server to die');
  await env.ok(['restore', '-d']);
  t.deepEqual((await windows(env)).map((w) => [w.index, w.name]), [[0, 'sh'], [4, 'logs']]);
});

test.serial('prefix : takes tmux\'s syntax too: tmux commands and their aliases run as the focused pane\'s, and what they print or their error shows in the status line', async (t) => {
  const { env, term, status } = await attached(t);
  const panes = async () => (await env.json<SessionInfo>(['info'])).panes;
  term.write(`${PREFIX}:splitw -h -l 30\r`);
  await waitUntil(async () => (await panes()).length === 2, 'the pane split-window made');
  t.deepEqual((await panes()).map((p) => [p.id, p.size.cols]), [['1', 69], ['2', 30]]);
  // resize-pane is thurm's command too: a line thurm's syntax does not read goes to tmux's.
  term.write(`${PREFIX}:resize-pane -L 5\r`);
  await waitUntil(async () => (await panes())[1].size.cols === 35, 'the border moved 5 cells left');
  term.write(`${PREFIX}:display-message -p "#{pane_id} of #{window_panes}"\r`);
  await term.waitFor(() => status().includes('%2 of 2'), 'what display-message -p printed, in the status line');
  term.write(`${PREFIX}:neww -d -n from-tmux ; last-pane\r`);
  await waitUntil(async () => (await windows(env)).some((w) => w.name === 'from-tmux'), 'the window neww made');
  await waitUntil(async () => (await panes()).find((p) => p.focused)?.id === '1', 'last-pane after it');
  term.write(`${PREFIX}:attach\r`);
  await term.waitFor(() => status().includes('sessions should be nested with care'), 'attach refused: it would nest the session');
  term.write(`${PREFIX}:split-window -b\r`);
  await term.waitFor(() => status().includes('unsupported: split-window -b'), 'the shim\'s error');
  t.is((await panes()).filter((p) => p.window === 0).length, 2, 'nothing more was split');
});

test.serial('prefix : runs a thurm command typed with the CLI syntax, with completion, history and errors', async (t) => {
  const { env, term, status } = await attached(t);
  term.write(`${PREFIX}:`);
  await term.waitFor(() => status().startsWith(' : '), 'the prompt');
  term.write("new-window -n 'my logs'\r");
  await waitUntil(async () => (await windows(env)).some((w) => w.name === 'my logs'), 'the window made from the prompt');
  term.write(`${PREFIX}:sel\t`);
  await term.waitFor(() => status().startsWith(' :select- '), 'completed as far as the names agree');
  term.write('window --index 0\r');
  await waitUntil(async () => (await windows(env))[0].current, 'window 0 selected');
  term.write(`${PREFIX}:frobnicate\r`);
  await term.waitForText('not a command thurm knows in this form: frobnicate');
  term.write(`${PREFIX}:\x1b[A`);
  await term.waitFor(() => status().startsWith(' :frobnicate '), 'Up recalls the last line');
  t.is(status().trim(), ':frobnicate');
  term.write('\x1b');
  await term.waitFor(() => !status().startsWith(' :'), 'Escape closed the prompt');
  t.deepEqual((await windows(env)).map((w) => [w.name, w.current]), [['sh', true], ['my logs', false]], 'and ran nothing');
});
