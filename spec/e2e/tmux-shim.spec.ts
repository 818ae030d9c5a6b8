// The tmux shim from inside thurm panes, where tools find it as `tmux` on PATH: the exact
// script of tmux calls Claude Code's Agent Teams make (from Claude Code 2.1.332's TmuxBackend),
// then each command the shim answers, the unsupported ones, and the opt-out; and the shim from
// outside any pane, through `thurm tmux ARGS` and tmux's command names given to `thurm`.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { Connection } from '../../lib/cli/connection.js';
import type { PaneInfo, SessionInfo } from '../../lib/server/protocol.js';
import { inPane } from '../helpers/in-pane.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ROOT, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

const TEAMMATE = path.join(ROOT, 'spec', 'fixtures', 'fake-teammate.sh');

async function session(t: ExecutionContext, config?: string): Promise<ThurmEnv> {
  const env = new ThurmEnv(config);
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--size', '120x40']);
  return env;
}

const info = (env: ThurmEnv) => env.json<SessionInfo>(['info']);
const paneOf = async (env: ThurmEnv, id: string): Promise<PaneInfo> => (await info(env)).panes.find((p) => p.id === id)!;

const AGENT_TEAMS = JSON.parse(fs.readFileSync(path.join(ROOT, 'spec', 'fixtures', 'tmux', 'agent-teams-claude-2.1.332.json'), 'utf8')) as { lead: string[][] };

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A shell script making each call as its own `tmux` process, its output and status after a marker line. */
function replay(calls: string[][], vars: Record<string, string>): string {
  const fill = (a: string) => a.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);
  return calls.map((argv, i) => `echo '--- ${i}'; tmux ${argv.map((a) => quote(fill(a))).join(' ')}; echo "rc $?"`).join('\n');
}

/** What each call printed, and its status, from replay()'s output. */
function replies(out: string): [string, number][] {
  return out.split(/^--- \d+\n/m).slice(1).map((part) => {
    const m = /^([\s\S]*?)rc (\d+)\n$/.exec(part)!;
    return [m[1], Number(m[2])];
  });
}

test.serial('the tmux calls real Claude Code Agent Teams make open each teammate as a titled pane beside its lead, running its command with its status in the border', async (t) => {
  const env = await session(t);
  const client = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 120, 40);
  t.teardown(() => client.kill());
  await client.waitForText('[default]');
  const project = path.join(env.dir, 'project');
  fs.mkdirSync(project);
  const r = await inPane(env, replay(AGENT_TEAMS.lead, { socket: env.socket, project, teammate: TEAMMATE }));
  t.is(r.err, '');
  const got = replies(r.out);
  t.is(got.length, AGENT_TEAMS.lead.length);
  t.true(got.every(([, code]) => code === 0), JSON.stringify(got));
  // What Claude Code reads back: its start-up probes, its window, the panes and each new pane id.
  const printed = got.map(([out]) => out).filter(Boolean);
  t.deepEqual(printed, [
    'on\n', '0\n', 'default:@0.%1\n', '\toff\ton\t1\t0\ton\tbottom\t0\n', '@0\n',
    '%1\n', '%2\n', '%1\n%2\n', '%1\n%2\n', '%1\n%2\n', '%3\n', '%1\n%2\n%3\n',
  ]);

  const teammates = await waitUntil(async () => {
    const panes = (await info(env)).panes;
    return panes.length === 3 && panes.slice(1).every((p) => p.status.state === 'working') ? panes : null;
  }, 'both teammates working');
  t.deepEqual(teammates.map((p) => [p.id, p.title, p.focused]), [['1', 'sh', true], ['2', 'researcher', false], ['3', 'tester', false]]);
  for (const [pane, name, color] of [[teammates[1], 'researcher', 'blue'], [teammates[2], 'tester', 'green']] as const) {
    const command = pane.command[2];
    t.deepEqual(pane.command.slice(0, 2), ['/bin/sh', '-c'], 'one string: run by the shell, as tmux does');
    t.true(command.startsWith(`cd ${project} && env CLAUDECODE=1 CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS=1 `));
    t.regex(command, new RegExp(` ${TEAMMATE} --agent-id ${name}@session-\\S+ --agent-name ${name} --team-name session-\\S+ --agent-color ${color} `));
    t.is(pane.cwd, project);
    t.like(pane.status, { state: 'working', source: 'program-status', text: `researching for ${name}`, progress: null });
    t.is(await env.capture(pane.id), `teammate ${name} TMUX_PANE=%${pane.id} CLAUDECODE=1\nin ${project}\nfocus-events=on control-mode=0\n`);
  }
  // main-vertical with the lead at 30% of the window: the teammates stacked on its right.
  t.deepEqual(teammates.map((p) => p.size), [{ cols: 36, rows: 38 }, { cols: 83, rows: 19 }, { cols: 83, rows: 18 }]);
  // The server knows both states before the client draws them: wait for the frame showing the last one.
  const text = await client.waitForText('3 tester ─ ▶ working');
  t.regex(text, /2 researcher ─ ▶ working claude-code: researching for researcher/);
  t.regex(text, /3 tester ─ ▶ working claude-code: researching for tester/);

  // The lead ends a teammate as Claude Code does.
  t.is((await inPane(env, replay([['-S', '{socket}', 'kill-pane', '-t', '%3']], { socket: env.socket }))).out, '--- 0\nrc 0\n');
  t.deepEqual((await info(env)).panes.map((p) => p.id), ['1', '2']);
});

test.serial('display-message and list-panes expand the format variables tools read', async (t) => {
  const env = await session(t);
  await env.ok(['split', '--pane', '1', '--cwd', '/tmp', '--', 'sh']);
  await env.ok(['focus', '--pane', '1']);
  const r = await inPane(env, [
    'echo "$TMUX" "$TMUX_PANE"',
    `tmux display-message -p '#{pane_id} #{window_id} #{window_index} #{session_name} #{session_id} #{pane_index} #{pane_width}x#{pane_height} #{pane_active}#{window_active} #{window_panes}'`,
    `tmux display -t %2 -p '#{pane_current_path} #{pane_pid} #{?pane_active,active,idle} #{=2:session_name}|#D #S ## #{==:#{pane_index},1}'`,
    `tmux list-panes -F '#{pane_index}:#{pane_id}:#{pane_active}'`,
    'tmux list-panes -t %2',
    `tmux list-windows -F '#{window_index} #{window_id} #{window_name} #{window_flags}'`,
    'tmux display -p -t @0 "#{pane_id}"',
  ].join('\n'));
  const s = await info(env);
  t.is(r.err, '');
  t.deepEqual(r.out.split('\n'), [
    `${env.socket},${s.serverPid},0 %1`,
    '%1 @0 0 default $0 0 60x38 11 2',
    `/tmp ${s.panes[1].pid} idle de|%2 default # 1`,
    '0:%1:1', '1:%2:0',
    '0: [60x38] [history 0/5000, 0 bytes] %1 (active)', '1: [59x38] [history 0/5000, 0 bytes] %2',
    '0 @0 sh *',
    '%1',
    '',
  ]);
});

test.serial('split-window sizes the new pane with -l, keeps the focus with -d, and runs one word in the shell or several as argv', async (t) => {
  const env = await session(t);
  const r = await inPane(env, [
    `tmux split-window -h -d -l 30 -c /usr -P -- sh -c 'exec cat'`,
    `tmux split-window -v -d -t %2 -l 25% -P -F '#{pane_id} #{pane_current_path}' 'echo one word; exec cat'`,
    'tmux split-window -t %1 -h -p 50 -F ignored',
  ].join('\n'));
  t.is(r.err, '');
  t.is(r.out, 'default:0.1\n%3 /usr\n');
  const s = await info(env);
  const byId = Object.fromEntries(s.panes.map((p) => [p.id, p]));
  t.deepEqual(byId['2'].command, ['sh', '-c', 'exec cat']);
  t.deepEqual(byId['3'].command, ['/bin/sh', '-c', 'echo one word; exec cat']);
  t.is(byId['2'].size.cols, 30);
  t.is(byId['3'].size.rows, 9, '25% of the split pane\'s 38 rows, rounded down');
  t.is(byId['2'].size.rows + byId['3'].size.rows + 1, 38);
  t.true(byId['4'].focused, 'without -d the new pane takes the focus');
  // -p 50 of pane 1's 89 columns (120 less the 30 of pane 2 and a separator): 44, and 44 left beside a separator.
  t.deepEqual([byId['1'].size.cols, byId['4'].size.cols], [44, 44]);
  await waitUntil(async () => (await env.capture('3')).includes('one word'), 'the shell command ran');
});

test.serial('send-keys types text and tmux key names, -l sends names as text, and capture-pane prints lines from -S to -E or keeps them in a buffer with -b', async (t) => {
  const env = await session(t);
  await env.ok(['split', '--pane', '1', '--', 'sh']);
  await env.ok(['focus', '--pane', '1']);
  let r = await inPane(env, [
    `tmux send-keys -t %2 'seq 1 100' Enter`,
    `tmux send-keys -t %2 -l 'echo Enter C-c'`,
    'tmux send-keys -t %2 Enter',
  ].join('\n'));
  t.is(r.code, 0, r.err);
  await waitUntil(async () => (await env.capture('2')).includes('\nEnter C-c\n'), 'the literal names echoed');
  r = await inPane(env, ['tmux capture-pane -p -t %2 -S -30 -E 3', 'echo ---', 'tmux capture-pane -p -t %2', 'echo ---',
    'tmux capture-pane -t %2 -S -30 -E 3 -b shot && tmux show-buffer -b shot; echo'].join('\n'));
  const [range, screen, kept] = r.out.split('---\n');
  t.is(kept, range, 'capture-pane -b shot keeps the same lines in the buffer shot');
  const { lines } = await env.json<{ lines: string[] }>(['capture', '--pane', '2', '--scrollback', '30']);
  // 30 lines of history above the 38 visible ones, down to visible line 3; the screen alone by default.
  t.is(range, `${lines.slice(0, 30 + 4).join('\n')}\n`);
  t.is(screen, `${lines.slice(30).join('\n')}\n`);
  t.true(range.split('\n').includes('50'));
  r = await inPane(env, `tmux send-keys -t %2 'sleep 30' Enter`);
  await waitUntil(async () => (await paneOf(env, '2')).foreground?.argv[0] === 'sleep', 'sleep in pane 2');
  await inPane(env, 'tmux send-keys -t %2 C-c');
  await waitUntil(async () => (await paneOf(env, '2')).foreground?.argv[0] === 'sh', 'C-c ended sleep');
  await inPane(env, `tmux send-keys -t %2 'od -c' Enter Escape Tab x Enter C-d`);
  await waitUntil(async () => (await env.capture('2')).includes('0000004'), 'od to end');
  t.regex(await env.capture('2'), /^0000000 +033 +\\t +x +\\n\n0000004$/m, 'Escape, Tab, x and Enter as their four bytes');
});

test.serial('select-pane -T names a pane in its border and events until renamed, and the name outlives a respawn', async (t) => {
  const env = await session(t);
  const client = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 120, 40);
  t.teardown(() => client.kill());
  await env.ok(['split', '--pane', '1', '--', 'cat']);
  await env.ok(['focus', '--pane', '1']);
  const connection = await Connection.open(env.socket);
  t.teardown(() => connection.close());
  const titles: string[] = [];
  connection.ws.on('message', (data) => {
    const m = JSON.parse(data.toString());
    if (m.type === 'event' && m.event.type === 'title-changed' && m.event.pane === '2') titles.push(m.event.title);
  });
  await connection.request('subscribe', { types: ['title-changed'] });
  let r = await inPane(env, 'tmux select-pane -t %2 -T "reviewer"');
  t.is(r.code, 0, r.err);
  await client.waitForText('2 reviewer');
  t.true((await paneOf(env, '1')).focused, 'naming a pane does not select it');
  r = await inPane(env, 'tmux respawn-pane -t %2 -- cat');
  t.is(r.code, 1);
  t.is(r.err, 'thurm: tmux shim: pane 2 still runs its program (respawn-pane -k replaces it)\n');
  r = await inPane(env, 'tmux respawn-pane -k -t %2 -c /tmp -- sh -c "echo respawned; exec cat"');
  t.is(r.code, 0, r.err);
  await waitUntil(async () => (await env.capture('2')).includes('respawned'), 'the new program in pane 2');
  const pane = await paneOf(env, '2');
  t.deepEqual([pane.title, pane.cwd, pane.command], ['reviewer', '/tmp', ['sh', '-c', 'echo respawned; exec cat']]);
  t.deepEqual((await info(env)).windows[0].panes, ['1', '2'], 'the pane kept its place');
  r = await inPane(env, 'tmux select-pane -t %2 -T ""; tmux select-pane -t %2');
  await waitUntil(async () => (await paneOf(env, '2')).focused, 'select-pane selects');
  await waitUntil(() => titles.at(-1) === 'cat', 'the title back to the program');
  // `sh -c '...; exec cat'` may still be sh when the name goes (the pane looks again soon after).
  t.deepEqual(titles.filter((title) => title !== 'sh'), ['reviewer', 'cat']);
});

test.serial('kill-pane, select-layout (a preset or a layout string), resize-pane and synchronize-panes act on the panes tmux names', async (t) => {
  const env = await session(t);
  await env.ok(['split', '--pane', '1', '--', 'cat']);
  await env.ok(['split', '--pane', '2', '--', 'cat']);
  await env.ok(['focus', '--pane', '1']);
  const sizes = async () => (await info(env)).panes.map((p) => [p.id, p.size.cols, p.size.rows]);
  let r = await inPane(env, 'tmux select-layout even-h');
  t.is(r.code, 0, r.err);
  t.deepEqual(await sizes(), [['1', 39, 38], ['2', 40, 38], ['3', 39, 38]]);
  r = await inPane(env, 'tmux select-layout -t @0 tiled && tmux resize-pane -t %1 -x 50 && tmux resize-pane -t %3 -y 10');
  t.is(r.code, 0, r.err);
  const tiled = Object.fromEntries((await sizes()).map(([id, ...size]) => [id, size]));
  t.is(tiled['1'][0], 50);
  t.is(tiled['3'][1], 10);
  r = await inPane(env, 'tmux resize-pane -t %1 -L 5');
  t.is((await paneOf(env, '1')).size.cols, 45);
  // A layout string kept from #{window_layout} (as tmux-resurrect keeps it) puts the panes back.
  r = await inPane(env, `l=$(tmux display -p '#{window_layout}') && tmux select-layout even-v && tmux select-layout "$l" && [ "$(tmux display -p '#{window_layout}')" = "$l" ] && echo same`);
  t.is(r.out, 'same\n', r.err);
  t.is((await paneOf(env, '1')).size.cols, 45);
  r = await inPane(env, 'tmux select-layout "bb62,159x48,0,0"; echo "layout=$?"');
  t.is(r.out, 'layout=1\n');
  t.regex(r.err, /invalid layout: bb62,159x48,0,0\n$/);
  r = await inPane(env, 'tmux kill-pane -a -t %1');
  t.deepEqual((await info(env)).panes.map((p) => p.id), ['1']);
  const shell = (await env.ok(['split', '--pane', '1', '--', 'sh'])).trim();
  r = await inPane(env, 'tmux set -w synchronize-panes on', shell);
  t.is(r.code, 0, r.err);
  // What pane 1 showed before: the one failure seen (a fresh-clone full run) had script-19's line,
  // typed into the new pane only, on pane 1 too; kept for the message should it come again.
  const before = await env.capture('1');
  await env.ok(['send', '--pane', shell, '--enter', 'echo typed-in-$((6*7))']);
  await waitUntil(async () => (await env.capture('1')).includes('typed-in-42'), 'pane 1 got what pane 2 was sent');
  // The keys themselves, as typed into the other pane.
  t.regex(await env.capture('1'), /^\$ echo typed-in-\$\(\(6\*7\)\)$/m, `pane 1 before the keys:\n${before}\npane ${shell} after:\n${await env.capture(shell)}`);
});

test.serial('set-option is accepted, show-options answers what thurm does, and windows open, move, select (next, previous, last) and close', async (t) => {
  const env = await session(t);
  let r = await inPane(env, [
    'tmux set-option -g pane-border-status top && tmux set -p -t %1 pane-border-format "#{pane_title}" && tmux setw -g mode-keys vi',
    'tmux show-options -gv mouse; tmux show -g prefix; tmux show -qv no-such-option; echo "q=$?"; tmux show -v no-such-option; echo "unknown=$?"',
    `tmux new-window -d -n logs -P -F '#{window_index} #{window_id} #{pane_id} #{window_active}' -- cat`,
    'tmux new-window -t :5 -n five -- cat',
    `tmux list-windows -F '#{window_index}:#{window_name}:#{window_active}'`,
    'tmux select-window -t :1 && tmux kill-window -t @2 && tmux rename-window -t 1 logs2',
    'tmux has-session -t default && tmux has -t "=default:" && echo has',
    'tmux has-session -t nope; echo "nope=$?"',
  ].join('\n'));
  t.is(r.err, 'thurm: tmux shim: invalid option: no-such-option\nthurm: tmux shim: can\'t find session: nope\n');
  t.is(r.out, 'on\nprefix C-b\nq=0\nunknown=1\n1 @1 %2 0\n0:sh:0\n1:logs:0\n5:five:1\nhas\nnope=1\n');
  const s = await info(env);
  t.deepEqual(s.windows.map((w) => [w.index, w.name, w.current]), [[0, 'sh', false], [1, 'logs2', true]]);
  r = await inPane(env, 'tmux select-window -t 0');
  t.is(r.code, 0, r.err);
  await waitUntil(async () => (await info(env)).windows[0].current, 'window 0 selected');
  t.deepEqual((await info(env)).windows.map((w) => [w.index, w.current]), [[0, true], [1, false]]);
  // tmux's tokens: the next window by index, then the one before it as the last.
  r = await inPane(env, "tmux select-window -t '{next}' && tmux display-message -p -t '{last}.0' '#{window_index}' && tmux display-message -p -t + '#{window_index}'");
  t.is(r.out, '0\n0\n', r.err);
  t.deepEqual((await info(env)).windows.map((w) => [w.index, w.current]), [[0, false], [1, true]]);
  // next (around to 0), last (back to 1); -a finds no window where a pane needs you.
  r = await inPane(env, 'tmux next && tmux last-window && tmux previous-window -a; echo "a=$?"');
  t.is(r.err, 'thurm: tmux shim: no other window needs you\n');
  t.is(r.out, 'a=1\n');
  t.deepEqual((await info(env)).windows.map((w) => [w.index, w.current]), [[0, false], [1, true]]);
  // base-index from the next window on; renumber-windows (no value: on) closes the gap a kill
  // leaves, from the base; move-window -r numbers again; a value tmux would refuse is refused.
  const list = `tmux list-windows -F '#{window_index}:#{window_name}' | tr '\\n' ' '; echo`;
  r = await inPane(env, [
    'tmux set -g base-index 1 && tmux set -g renumber-windows && tmux show -gv base-index && tmux show -gv renumber-windows',
    `tmux new-window -d -n two -- cat && ${list}`,
    `tmux kill-window -t :1 && ${list}`,
    `tmux set -gu base-index && tmux move-window -r && ${list}`,
    'tmux set -g base-index x; echo "bad=$?"; tmux show -gv base-index',
  ].join('\n'));
  t.is(r.out, '1\non\n0:sh 1:logs2 2:two \n1:sh 2:two \n0:sh 1:two \nbad=1\n0\n', r.err);
  t.is(r.err, 'thurm: tmux shim: base-index: not a number from 0 to 9999: x\n');
});

test.serial('set-option keeps values by scope, show-options -v gives them back, the border styles colour thurm\'s borders, and client_* and list-clients tell of the attached client', async (t) => {
  const env = await session(t);
  await env.ok(['split', '--pane', '1', '-d', '--', 'sh']);
  const client = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 120, 40);
  t.teardown(() => client.kill());
  await client.waitForText('[default]');
  const header = (id: string) => client.find(` ${id} sh `)!;
  // The focused pane's border is bold green until a style says otherwise.
  t.is(client.cell(header('1').x - 1, header('1').y).getFgColor(), 2);
  const r = await inPane(env, [
    'tmux set -g @mine hello && tmux show -gv @mine && tmux show-options -g @mine',
    'tmux set -ag @mine -world && tmux show -gv @mine',
    'tmux set -og @mine again; echo "o=$?"; tmux set -oqg @mine again; echo "oq=$?"',
    'tmux set -u -g @mine && tmux show -gqv @mine; echo "unset=$?"',
    'tmux set -p -t %1 pane-active-border-style "fg=blue,bold" && tmux show -p -t %1 -v pane-active-border-style',
    'tmux setw pane-border-style fg=colour208 && tmux showw -v pane-border-style && tmux show -p -t %2 -v pane-border-style',
    'tmux show -gv mouse',
  ].join('\n'));
  t.is(r.err, 'thurm: tmux shim: already set: @mine\n');
  t.is(r.out, 'hello\n@mine hello\nhello-world\no=1\noq=0\nunset=0\nfg=blue,bold\nfg=colour208\nfg=colour208\non\n');
  await client.waitFor(() => client.cell(header('1').x - 1, header('1').y).getFgColor() === 4, 'the focused border in blue');
  const focused = client.cell(header('1').x - 1, header('1').y);
  t.true(focused.isBold() !== 0, 'still bold');
  await client.waitFor(() => client.cell(header('2').x - 1, header('2').y).getFgColor() === 208, 'the other border in colour 208');
  // A closed pane's values go with it.
  await env.ok(['kill-pane', '--pane', '2']);
  t.is((await inPane(env, 'tmux show -p -t %1 -v pane-active-border-style')).out, 'fg=blue,bold\n');
  // The attached client, as tmux's client_* formats and list-clients give it.
  const clientLines = await inPane(env, "tmux display -p '#{client_width}x#{client_height} #{client_session} #{client_readonly}'; tmux lsc");
  t.regex(clientLines.out, /^120x40 default 0\nclient \d+: default \[120x40\]\n$/, clientLines.err);
});

test.serial('status-left and status-right set through the shim are drawn as tmux formats in the status line, bind-key binds keys that run tmux commands, display-panes and clock-mode show in the client, display-message without -p shows its expanded format there, and switch-client moves the client to another session', async (t) => {
  const env = await session(t);
  const client = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 120, 40);
  t.teardown(() => client.kill());
  await client.waitForText('[default]');
  const set = await inPane(env, "tmux set -g status-left '<#S:#{window_index}> ' && tmux set -g status-right '#[fg=red]#{pane_id} %Y'");
  t.is(set.code, 0, set.err);
  const year = new Date().getFullYear();
  await client.waitFor(() => client.lines()[39].startsWith('<default:0> ') && client.lines()[39].trimEnd().endsWith(`%1 ${year}`), 'the formats in the status line');
  // bind-key: a key after the prefix, or alone with -n, runs its tmux command in the client; unbind-key takes it back.
  const bound = await inPane(env, "tmux bind-key X new-window -d -n bound && tmux bind -n M-j rename-window -t :0 'two words' && tmux bind -T copy-mode q send -X cancel; echo \"table=$?\"");
  t.is(bound.out, 'table=1\n');
  t.is(bound.err, 'thurm: tmux shim: bind-key: unsupported key table: copy-mode (only prefix and root)\n');
  client.write('\x02X');
  await client.waitFor(() => / 1:bound /.test(client.lines()[39]), 'prefix X opened window bound');
  client.write('\x1bj');
  await client.waitFor(() => client.lines()[39].includes('<default:0> 0:two words*'), 'M-j renamed window 0');
  t.is((await inPane(env, 'tmux unbind -n M-j && tmux unbind -n M-j; echo "again=$?"; tmux unbind -q -n M-j; echo "quiet=$?"')).out, 'again=1\nquiet=0\n');
  // display-panes and clock-mode show in the client that typed last, as prefix q and t do.
  const numbered = () => client.lines().some((_, y) => [...Array(120).keys()].some((x) => {
    const cell = client.cell(x, y);
    return cell.getChars() === '0' && cell.isBgPalette() && cell.getBgColor() === 1;
  }));
  t.is((await inPane(env, 'tmux set -g display-panes-time 20000 && tmux display-panes')).err, '');
  await client.waitFor(numbered, 'the focused pane numbered 0 in red');
  client.write('0');
  await client.waitFor(() => !numbered(), 'the number gone once typed');
  const blockRows = (screen: string) => screen.split('\n').filter((l) => [...l].filter((c) => c === '█').length >= 4).length;
  t.is((await inPane(env, 'tmux clock-mode')).err, '');
  await client.waitFor((screen) => blockRows(screen) === 5, 'the large clock');
  client.write('x');
  await client.waitFor((screen) => blockRows(screen) === 0, 'the clock closed by a key');
  const r = await inPane(env, "tmux display-message 'hello from #{pane_id} in #{session_name}'");
  t.is(r.code, 0, r.err);
  t.is(r.out, '');
  await client.waitFor(() => client.lines()[39].includes('hello from %1 in default'), 'the message in the status line');
  // switch-client moves the client to another session; from outside, the one that typed last is moved.
  t.teardown(async () => { await env.cli(['-s', 'other', 'kill-server']); });
  await env.ok(['-s', 'other', 'new', '-d']);
  const moved = await inPane(env, 'tmux switch-client -t other; tmux switch-client -t nope; echo "nope=$?"');
  t.is(moved.err, 'thurm: tmux shim: can\'t find session: nope\n');
  await client.waitFor(() => client.lines()[39].startsWith('[other] '), 'the client showing session other');
  await env.ok(['-s', 'other', 'switch-client', '--target', 'default']);
  await client.waitFor(() => client.lines()[39].startsWith('<default:0> '), 'the client back in session default');
});

test.serial('set-environment sets or removes variables for the panes started from then on, -e one pane\'s own, show-environment shows them as tmux does, and respawn-window starts a window again as one pane', async (t) => {
  const env = await session(t);
  const r = await inPane(env, [
    'tmux set-environment GREETING "hello there" && tmux setenv -r HOME && tmux setenv GONE x && tmux setenv -u GONE',
    'tmux show-environment; tmux showenv -s GREETING; tmux showenv GONE; echo "gone=$?"; tmux showenv -g GREETING',
    `tmux new-window -d -n envcheck -- sh -c 'echo "g=$GREETING h=\${HOME-unset}"; exec cat'`,
  ].join('\n'));
  t.is(r.out, 'GREETING=hello there\n-HOME\nGREETING="hello there"; export GREETING;\ngone=1\nGREETING=hello there\n');
  t.is(r.err, 'thurm: tmux shim: unknown variable: GONE\n');
  await waitUntil(async () => (await env.capture('2')).includes('g=hello there h=unset'), 'the new pane\'s environment');
  t.false((await env.capture('1')).includes('g=hello'), 'the panes already running keep theirs');
  // -e gives one new pane its own variables, over the session's.
  t.is((await inPane(env, `tmux split-window -d -t %1 -e ONE=1 -e GREETING=own -- sh -c 'echo "one=$ONE g=$GREETING"; exec cat'`)).err, '');
  await waitUntil(async () => (await env.capture('3')).includes('one=1 g=own'), 'the split pane\'s -e variables');
  await env.ok(['kill-pane', '--pane', '3']);
  // respawn-window: refused while a program runs there, and with -k the window is one pane again, started anew.
  await env.ok(['split', '--pane', '2', '--', 'cat']);
  const rw = await inPane(env, "tmux respawn-window -t :1; echo \"active=$?\"; tmux respawn-window -k -t :1 -- sh -c 'echo respawned; exec cat'");
  t.is(rw.out, 'active=1\n');
  t.is(rw.err, 'thurm: tmux shim: window default:1 still active\n');
  await waitUntil(async () => (await info(env)).panes.length === 2 && (await env.capture('2')).includes('respawned'), 'window 1 as pane 2 alone, started again');
});

test.serial('capture-pane -J joins the lines the terminal wrapped, as thurm capture --join does', async (t) => {
  const env = await session(t);
  await env.ok(['split', '--pane', '1', '--right', '--size', '30', '--', 'sh']);
  const long = Array.from({ length: 12 }, (_, i) => `word${i}`).join('-');
  // Typed before the prompt, the line would be echoed above it and the output put after the prompt.
  await waitUntil(async () => (await env.capture('2')).startsWith('$'), 'the prompt in pane 2');
  await env.ok(['send', '--pane', '2', '--enter', `echo ${long}`]);
  await waitUntil(async () => (await env.capture('2')).includes('word11'), 'the long line echoed');
  const r = await inPane(env, 'tmux capture-pane -p -J -t %2; echo ---; tmux capture-pane -p -t %2');
  const [joined, plain] = r.out.split('---\n');
  t.true(joined.split('\n').includes(long), joined);
  t.false(plain.split('\n').includes(long), 'without -J the line comes as the screen shows it');
  t.true((await env.ok(['capture', '--pane', '2', '--join'])).split('\n').includes(long));
});

test.serial('the paste-buffer commands load, append, show, list, save, paste with CR for newlines, and delete thurm\'s buffers as tmux does', async (t) => {
  const env = await session(t);
  // Pane 2 shows the bytes a paste types, exactly 18 of them, with od.
  await env.ok(['split', '--', 'sh', '-c', 'stty raw -echo; head -c 18 | od -An -c; exec sleep 600']);
  const saved = path.join(env.dir, 'saved');
  const big = path.join(env.dir, 'big');
  const r = await inPane(env, [
    "printf 'line one\\nline two' | tmux load-buffer -b slime -",
    "tmux set-buffer -a -b slime '!'",
    "tmux show-buffer -b slime; echo '<end>'",
    'tmux set-buffer plain-text',
    "tmux list-buffers -F '#{buffer_name} #{buffer_size}'",
    `tmux save-buffer -b slime ${quote(saved)}`,
    `head -c 20000 /dev/zero | tr '\\0' x > ${quote(big)}; tmux load-buffer -b big ${quote(big)}; tmux show-buffer -b big | wc -c`,
    'tmux delete-buffer -b big',
    'tmux paste-buffer -d -b slime -t %2',
    'tmux list-buffers',
    "tmux set-buffer -n kept && tmux list-buffers -F '#{buffer_name}'; tmux set-buffer -b nope -n x; echo \"rename rc $?\"",
    'tmux show-buffer -b nope; echo "rc $?"',
    'tmux delete-buffer; tmux list-buffers; echo "no buffers left: $(tmux show-buffer 2>&1)"',
  ].join('\n'));
  t.is(r.out, [
    'line one', 'line two!<end>', 'buffer0 10', 'slime 18', '20000', 'buffer0: 10 bytes: "plain-text"', 'kept', 'rename rc 1', 'rc 1', 'no buffers left: thurm: tmux shim: no buffers', '',
  ].join('\n'));
  t.is(r.err, 'thurm: tmux shim: no buffer nope\n'.repeat(2));
  t.is(fs.readFileSync(saved, 'utf8'), 'line one\nline two!');
  // Typed as tmux types it: each newline a carriage return, with no bracketed-paste markers.
  const od = await waitUntil(async () => {
    const text = (await env.capture('2')).replace(/\s+/g, ' ');
    return text.includes('!') ? text : '';
  }, 'the paste in pane 2');
  t.regex(od, /l i n e o n e \\r l i n e t w o !/);
});

test.serial('swap-pane, join-pane, break-pane, move-window, rotate-window, next-layout, the marked pane, detach-client and kill-server do what tmux\'s do', async (t) => {
  const env = await session(t);
  await env.ok(['split', '--pane', '1', '--', 'cat']);
  await env.ok(['split', '--pane', '2', '--', 'cat']);
  const panes = "tmux list-panes -F '#{pane_id}' | tr '\\n' ' '; echo";
  const windows = "tmux list-windows -F '#{window_index}:#{window_panes}' | tr '\\n' ' '; echo";
  const r = await inPane(env, [
    panes,
    `tmux swap-pane -s %1 -t %3; ${panes}`,
    `tmux swap-pane -U -t %1; ${panes}`,
    `tmux rotate-window; ${panes}`,
    `tmux rotatew -D; ${panes}`,
    `tmux break-pane -s %2; ${windows}`,
    `tmux join-pane -h -s %2 -t %1; ${windows}`,
    `tmux new-window -d; tmux move-window -s :1 -t :7; ${windows}`,
    'tmux next-layout; echo "next=$?"',
    'tmux swap-pane; echo "bare=$?"',
    'tmux detach-client -t nobody; echo "nobody=$?"',
  ].join('\n'));
  t.is(r.out, [
    '%1 %2 %3 ',
    '%3 %2 %1 ',
    '%3 %1 %2 ',
    '%1 %2 %3 ',
    '%3 %1 %2 ',
    '0:2 1:1 ',
    '0:3 ',
    '0:3 7:1 ',
    'next=0',
    'bare=1',
    'nobody=1',
    '',
  ].join('\n'));
  t.is(r.err, 'thurm: tmux shim: swap-pane: expects -s, -U or -D, or a marked pane\nthurm: tmux shim: can\'t find client: nobody\n');
  // The marked pane: select-pane -m, {marked} (~), and where swap-pane and join-pane take one from.
  const marked = await inPane(env, [
    "tmux select-pane -m -t %3; tmux display -p -t '{marked}' '#{pane_id} #{pane_marked}'; tmux display -p -t %1 '#{pane_marked} #{pane_marked_set}'",
    `tmux swap-pane -t %1; ${panes}`,
    "tmux select-pane -M; tmux display -p -t '~' x; echo \"gone=$?\"",
  ].join('\n'));
  t.is(marked.out, '%3 1\n0 1\n%1 %3 %2 \ngone=1\n');
  t.is(marked.err, 'thurm: tmux shim: can\'t find pane: ~\n');
  t.is((await info(env)).marked, null);
  const client = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
  t.teardown(() => client.kill());
  await client.waitForText('[default]');
  t.is((await inPane(env, 'tmux detach-client; echo "detach=$?"')).out, 'detach=0\n');
  t.is(await client.exited, 0);
  const pid = await env.serverPid();
  // From outside: inside a pane it would end the shell that waits for it.
  t.is((await env.spawnCli(['tmux', 'kill-server'])).code, 0);
  await waitUntil(() => { try { process.kill(pid, 0); return false; } catch { return true; } }, 'the server to end');
});

test.serial('clear-history drops the lines above a pane\'s screen and keeps the screen', async (t) => {
  const env = await session(t);
  await env.ok(['split', '--pane', '1', '--', 'sh', '-c', 'seq 1 300; exec cat']);
  await waitUntil(async () => /^300$/m.test(await env.capture('2')), 'the numbers printed');
  const r = await inPane(env, "tmux display -p -t %2 '#{history_size}'; tmux clearhist -t %2; tmux display -p -t %2 '#{history_size}'");
  const [before, after] = r.out.trim().split('\n').map(Number);
  t.true(before > 250, r.out);
  t.is(after, 0, r.err);
  const screen = await env.capture('2');
  t.regex(screen, /^300$/m, 'the screen kept');
  t.is(await env.ok(['capture', '--pane', '2', '--scrollback', '1000']), screen, 'nothing above it');
});

test.serial('last-pane and the {last} pane token go to the pane focused before in the window, and a window with none says so', async (t) => {
  const env = await session(t);
  await env.ok(['split', '--pane', '1']);
  const focused = async () => (await info(env)).panes.find((p) => p.focused)!.id;
  t.is(await focused(), '2');
  const r = await inPane(env, [
    "tmux display-message -p -t '{last}' '#{pane_id}'",
    "tmux last-pane && tmux display-message -p -t '!' '#{pane_id}'",
    'tmux new-window -d; tmux last-pane -t :1; echo "rc=$?"',
  ].join('\n'));
  t.is(r.out, '%1\n%2\nrc=1\n');
  t.is(r.err, 'thurm: tmux shim: no last pane\n');
  t.is(await focused(), '1');
  t.is((await env.cli(['focus', '--last'])).code, 0, 'thurm focus --last');
  t.is(await focused(), '2');
});

test.serial('wait-for blocks a pane\'s script until another signals the channel, keeps a signal sent first, and passes a lock from holder to waiter', async (t) => {
  const env = await session(t);
  const tmux = (...args: string[]) => env.spawnCli(['tmux', ...args]);
  /** Waits until pane 1's foreground program is the shim running `wait-for ARGS`, blocked on its channel. */
  const blockedOn = (...args: string[]) => waitUntil(async () => {
    const argv = (await paneOf(env, '1')).foreground?.argv ?? [];
    return argv.join(' ').endsWith(`wait-for ${args.join(' ')}`);
  }, `pane 1 blocked in wait-for ${args.join(' ')}`);
  await env.ok(['send', '--pane', '1', 'echo before-$((1+1)); tmux wait-for go; echo after-$((2+2))', '--enter']);
  await blockedOn('go');
  // A whole call of the shim, started after the pane's: a wait that did not block would be over by then.
  t.is((await tmux('wait-for', '-S', 'unrelated')).code, 0);
  t.false((await env.capture('1')).includes('after-4'), 'the script waits');
  t.is((await tmux('wait-for', '-S', 'go')).code, 0);
  await waitUntil(async () => (await env.capture('1')).includes('after-4'), 'the script going on once signalled');
  // A signal sent before anyone waits is kept for the next wait.
  t.is((await tmux('wait-for', '-S', 'early')).code, 0);
  t.is((await tmux('wait', 'early')).code, 0, 'the alias, returning at once');
  // A lock: the pane waits for it while the spec holds it, and gets it once given back.
  t.is((await tmux('wait-for', '-L', 'lock')).code, 0);
  await env.ok(['send', '--pane', '1', 'tmux wait-for -L lock; echo locked-$((3+3))', '--enter']);
  await blockedOn('-L', 'lock');
  t.is((await tmux('wait-for', '-S', 'unrelated')).code, 0);
  t.false((await env.capture('1')).includes('locked-6'), 'the pane waits for the lock');
  t.is((await tmux('wait-for', '-U', 'lock')).code, 0);
  await waitUntil(async () => (await env.capture('1')).includes('locked-6'), 'the pane taking the lock');
  t.is((await tmux('wait-for', '-U', 'lock')).code, 0, 'the pane\'s lock given back');
  const unlocked = await tmux('wait-for', '-U', 'lock');
  t.is(unlocked.code, 1);
  t.is(unlocked.stderr, 'thurm: tmux shim: channel lock not locked\n');
});

test.serial('pipe-pane -o sends what a pane prints from then on to a shell command, escapes and all, and the same call toggles it off; thurm pipe does it from the CLI, --input types into the pane', async (t) => {
  const env = await session(t);
  const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
  const log = path.join(env.dir, 'pane-%1.log');
  const on = await inPane(env, `tmux pipe-pane -o ${quote(`cat >> ${env.dir}/pane-#{pane_id}.log`)}; tmux display-message -p 'pipe=#{pane_pipe}'`);
  t.is(on.out, 'pipe=1\n', on.err);
  await env.ok(['send', '--pane', '1', "printf '\\033[32mgreen-%s\\033[0m\\n' $((6*7))", '--enter']);
  await waitUntil(() => read(log).includes('\x1b[32mgreen-42\x1b[0m'), 'the coloured line in the log, as the program printed it');
  const off = await inPane(env, `tmux pipe-pane -o ${quote(`cat >> ${env.dir}/other.log`)}; tmux display-message -p 'pipe=#{pane_pipe}'`);
  t.is(off.out, 'pipe=0\n', 'the same call again closes the pipe');
  t.false(fs.existsSync(path.join(env.dir, 'other.log')), 'and opens none');
  t.is((await paneOf(env, '1')).pipe, null);
  // From the CLI.
  const cliLog = path.join(env.dir, 'cli.log');
  t.is(await env.ok(['pipe', '--pane', '1', `cat >> ${cliLog}`]), 'pane 1 piped\n');
  t.is((await paneOf(env, '1')).pipe?.command, `cat >> ${cliLog}`);
  await env.ok(['send', '--pane', '1', 'echo cli-$((5*5))', '--enter']);
  await waitUntil(() => /^cli-25\r?$/m.test(read(cliLog)), 'the echo in the CLI\'s log');
  t.is(await env.ok(['pipe', '--pane', '1']), 'pane 1: no pipe\n');
  t.is(await env.ok(['pipe', '--pane', '1', '--input', 'echo "echo from-pipe-\\$((2*5))"']), 'pane 1 piped\n');
  await waitUntil(async () => /^from-pipe-10$/m.test(await env.capture('1')), 'the line the pipe typed, run by the shell');
});

test.serial('run-shell prints a command\'s output and how it failed with its status, if-shell runs one tmux command or the other, and both take tmux commands as one string', async (t) => {
  const env = await session(t);
  const r = await inPane(env, [
    "tmux run-shell 'echo out-$((2+3)); echo hidden >&2'",
    'tmux run-shell \'exit 3\'; echo "rc=$?"',
    "tmux run-shell 'echo in #{pane_id}'",
    "tmux if-shell 'test -d /' 'set-buffer -b sh yes' 'set-buffer -b sh no'; tmux show-buffer -b sh; echo",
    "tmux if-shell -F '#{==:#{pane_id},%2}' 'set-buffer -b fmt yes' 'set-buffer -b fmt no'; tmux show-buffer -b fmt; echo",
    "tmux run-shell -C 'set-buffer -b c \"from run-shell\" ; set-buffer -b c -a !'; tmux show-buffer -b c; echo",
    'tmux if-shell false \'set-buffer -b none x\'; tmux show-buffer -b none; echo "rc=$?"',
  ].join('\n'));
  t.is(r.out, ['out-5', "'exit 3' returned 3", 'rc=3', 'in %1', 'yes', 'no', 'from run-shell!', 'rc=1', ''].join('\n'));
  t.is(r.err, 'thurm: tmux shim: no buffer none\n');
});

test.serial('source-file runs a file of tmux commands, tells each that fails by file and line and runs the others; -q passes over a missing file, -n only reads', async (t) => {
  const env = await session(t);
  const conf = path.join(env.dir, 'tmux.conf');
  fs.writeFileSync(conf, [
    '# what a .tmux.conf holds',
    'set -g status-style "bg=blue"',
    'bind-key x kill-pane',
    "set-buffer -b from-conf 'sourced' ; set-buffer -b from-conf -a !",
    'frobnicate',
  ].join('\n'));
  const broken = path.join(env.dir, 'broken.conf');
  fs.writeFileSync(broken, "set-buffer -b never 'open\n");
  const r = await inPane(env, [
    `tmux source-file ${quote(conf)}; echo "rc=$?"`,
    'tmux show-buffer -b from-conf; echo',
    "tmux show-options -gv status-style",
    `tmux source-file -q ${quote(path.join(env.dir, 'none.conf'))}; echo "quiet=$?"`,
    `tmux source-file -n ${quote(broken)}; echo "checked=$?"`,
    'tmux unbind-key x; echo "bound=$?"',
  ].join('\n'));
  t.is(r.out, 'rc=1\nsourced!\nbg=blue\nquiet=0\nchecked=1\nbound=0\n');
  t.is(r.err, [
    `thurm: tmux shim: ${conf}:5: unsupported: frobnicate`,
    `thurm: tmux shim: ${broken}: syntax error: a quote is not closed`,
    '',
  ].join('\n'));
});

test.serial('thurm tmux ARGS and thurm given a tmux command\'s name run the shim from outside any pane, with tmux\'s output and status; thurm\'s own words stay thurm\'s', async (t) => {
  const env = await session(t);
  await env.ok(['send', '--pane', '1', 'echo outside-$((6*7))', '--enter']);
  await waitUntil(async () => (await env.capture('1')).includes('outside-42'), 'the echo');
  const { size } = await paneOf(env, '1');
  const panes = await env.spawnCli(['tmux', 'list-panes', '-F', '#{pane_id} #{pane_width}x#{pane_height}']);
  t.is(panes.code, 0, panes.stderr);
  t.is(panes.stdout, `%1 ${size.cols}x${size.rows}\n`);
  // -S after a tmux command's name is that command's flag, not thurm's socket.
  const captured = await env.spawnCli(['capture-pane', '-p', '-S', '-3']);
  t.is(captured.code, 0, captured.stderr);
  t.regex(captured.stdout, /^outside-42$/m);
  const named = await env.spawnCli(['-s', 'default', 'list-panes', '-F', '#{session_name} #{pane_id}']);
  t.is(named.stdout, 'default %1\n', named.stderr);
  const missing = await env.spawnCli(['has-session', '-t', 'nope']);
  t.is(missing.code, 1);
  t.regex(missing.stderr, /can't find session: nope/);
  t.is((await env.spawnCli(['tmux', '-L', 'nope', 'list-panes'])).code, 1, 'tmux -L picks the session');
  // Where the names clash (`ls`, `send`, `display-message`) the command is thurm's own.
  t.is((await env.spawnCli(['display-message', '-p', 'x'])).code, 2);
  const ls = await env.spawnCli(['ls']);
  t.regex(ls.stdout, /^default: 1 window, 1 pane/m, ls.stderr);
  t.is((await env.spawnCli(['no-such-command'])).code, 2);
});

test.serial('an orchestrator\'s tmux calls from outside any session start, drive, read and end a named thurm session', async (t) => {
  const env = await session(t);
  const tmux = (...args: string[]) => env.spawnCli(['tmux', ...args]);
  // -f: the file's commands set the session up as it starts; a line that fails is told, and the session stays.
  const conf = path.join(env.dir, 'squad.conf');
  fs.writeFileSync(conf, '# the orchestrator\'s\nset -g mode-keys emacs\nrename-window -t squad:0 agents\nno-such-command\n');
  const started = await tmux('-f', conf, 'new-session', '-d', '-s', 'squad', '-x', '120', '-y', '30', '-P', 'echo squad-$((2*3)); exec sh');
  t.is(started.code, 0, started.stderr);
  t.is(started.stdout, 'squad:\n');
  t.is(started.stderr, `thurm: tmux shim: ${conf}:4: unsupported: no-such-command\n`);
  t.is((await tmux('-L', 'squad', 'show', '-gv', 'mode-keys')).stdout, 'emacs\n');
  t.is((await tmux('-L', 'squad', 'list-windows', '-F', '#{window_name}')).stdout, 'agents\n');
  const squad = await env.spawnCli(['-s', 'squad', 'info', '--json']);
  const { serverPid } = JSON.parse(squad.stdout) as SessionInfo;
  t.teardown(() => { try { process.kill(serverPid, 'SIGKILL'); } catch { /* ended by the test */ } });
  t.is((await tmux('has-session', '-t', 'squad')).code, 0);
  // Each thurm session has its own server: list-sessions asks every one beside the default's.
  t.is((await tmux('list-sessions', '-F', '#{session_name} #{session_windows}')).stdout, 'default 1\nsquad 1\n');
  t.is((await tmux('-L', 'squad', 'ls', '-F', '#{session_name}')).stdout, 'squad\n', '-L: that session alone');
  t.is((await tmux('new-session', '-d', '-s', 'squad')).stderr, 'thurm: tmux shim: duplicate session: squad\n');
  t.is((await tmux('new-session', '-A', '-d', '-s', 'squad')).code, 0, '-A: the running one is fine');
  const typed = await tmux('send-keys', '-t', 'squad', 'echo typed-$((3*4))', 'Enter');
  t.is(typed.code, 0, typed.stderr);
  await waitUntil(async () => /^typed-12$/m.test((await tmux('capture-pane', '-p', '-t', 'squad')).stdout), 'the typed command\'s output in capture-pane -t squad');
  t.regex((await tmux('capture-pane', '-p', '-t', 'squad:0.0')).stdout, /^squad-6$/m);
  t.is((await tmux('list-panes', '-t', 'squad', '-F', '#{session_name} #{pane_width}')).stdout, 'squad 120\n');
  // The session the spec started itself is untouched.
  t.is((await tmux('display-message', '-p', '#{session_name}')).stdout, 'default\n');
  // A person attaches as with tmux, and detaches with the prefix.
  const client = new TestTerminal(process.execPath, [BIN, 'tmux', 'attach', '-t', 'squad'], env.env, 120, 30);
  t.teardown(() => client.kill());
  await client.waitForText('[squad]');
  await client.waitForText('typed-12');
  client.write('\x02d');
  t.is(await client.exited, 0);
  t.is((await tmux('kill-session', '-t', 'squad')).code, 0);
  await waitUntil(() => { try { process.kill(serverPid, 0); return false; } catch { return true; } }, 'the squad server to end');
  t.is((await tmux('ls', '-F', '#{session_name}')).stdout, 'default\n');
  const gone = await tmux('has-session', '-t', 'squad');
  t.is(gone.code, 1);
  t.regex(gone.stderr, /can't find session: squad/);
});

test.serial('with bin/tmux-shim first on PATH, a claude-squad-style script outside any session drives a thurm session as plain `tmux`', async (t) => {
  const env = await session(t);
  t.teardown(async () => { await env.cli(['-s', 'squad2', 'kill-server']); });
  const script = [
    'set -e',
    'tmux -V',
    "tmux new-session -d -s squad2 -x 100 -y 30 'echo hello-$((3*3)); tmux wait-for -S ready; exec sh'",
    'tmux -L squad2 wait-for ready',
    "tmux capture-pane -p -t squad2 | grep '^hello-9$'",
    "tmux send-keys -t squad2 'echo typed-$((4*4)); tmux wait-for -S typed' Enter",
    'tmux -L squad2 wait-for typed',
    "tmux capture-pane -p -t squad2 | grep '^typed-16$'",
    'tmux kill-session -t squad2',
    'tmux has-session -t squad2 2>&1 || echo "gone: $?"',
  ].join('\n');
  const r = await new Promise<{ out: string; err: string; code: number }>((resolve) => {
    execFile('/bin/sh', ['-c', script], { env: { ...env.env, PATH: `${path.join(ROOT, 'bin', 'tmux-shim')}:${env.env.PATH}` }, timeout: 30_000 }, (err, out, errOut) => {
      resolve({ out, err: errOut, code: err ? Number(err.code) || 1 : 0 });
    });
  });
  t.is(r.code, 0, r.err);
  t.is(r.out, 'tmux 3.4\nhello-9\ntyped-16\nthurm: tmux shim: can\'t find session: squad2\ngone: 1\n');
});

test.serial('commands and flags the shim does not know fail with "thurm: tmux shim: unsupported", and attach inside a pane is refused as tmux refuses nesting', async (t) => {
  const env = await session(t);
  const r = await inPane(env, [
    'tmux attach; echo "attach=$?"',
    'tmux choose-tree; echo "choose=$?"',
    'tmux split-window -b; echo "split=$?"',
    'tmux select-layout dizzy; echo "layout=$?"',
    'tmux; echo "none=$?"',
  ].join('\n'));
  t.is(r.out, 'attach=1\nchoose=1\nsplit=1\nlayout=1\nnone=1\n');
  t.deepEqual(r.err.split('\n'), [
    'thurm: tmux shim: sessions should be nested with care, unset $TMUX to force',
    'thurm: tmux shim: unsupported: choose-tree',
    'thurm: tmux shim: unsupported: split-window -b',
    'thurm: tmux shim: unsupported: select-layout dizzy (thurm has even-horizontal, even-vertical, main-horizontal, main-vertical, tiled, or a layout string)',
    'thurm: tmux shim: unsupported: tmux without a command (to attach, run thurm attach)',
    '',
  ]);
  t.is((await info(env)).panes.length, 1, 'nothing was split');
});

test.serial('with [tmux] shim = false a pane has no tmux shim, TMUX nor TMUX_PANE', async (t) => {
  const env = await session(t, '[tmux]\nshim = false\n');
  const r = await inPane(env, 'echo "tmux=$(command -v tmux) TMUX=$TMUX TMUX_PANE=$TMUX_PANE"');
  t.notRegex(r.out, /tmux-shim/);
  t.regex(r.out, /TMUX= TMUX_PANE=\n$/);
});
