// The scripting CLI contract that scripts, agents and later issues rely on, through the real
// bin/thurm: its commands run as processes here (other specs run most of them in process).
import fs from 'node:fs';
import path from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { Connection } from '../../lib/cli/connection.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { alive } from '../helpers/processes.js';
import { waitUntil } from '../helpers/wait.js';

async function session(t: { teardown(fn: () => Promise<void>): void }, args: string[] = []) {
  const env = new ThurmEnv(undefined, { processes: true });
  t.teardown(() => env.cleanup());
  // How `new -d` starts a session is the subject of its own tests below, through bin/thurm.
  await env.start(['--size', '80x24', ...args]);
  return env;
}

/** The focus-changed events a subscriber receives from now on, as `{ type, pane }`. */
async function focusChanges(t: ExecutionContext, env: ThurmEnv): Promise<Array<{ type: string; pane?: string }>> {
  const connection = await Connection.open(env.socket);
  t.teardown(() => connection.close());
  const events: Array<{ type: string; pane?: string }> = [];
  connection.ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    const msg = JSON.parse(data.toString());
    if (msg.type === 'event') events.push({ type: msg.event.type, pane: msg.event.pane });
  });
  await connection.request('subscribe', { types: ['focus-changed'] });
  return events;
}

test.serial('new -d starts a detached session and prints nothing', async (t) => {
  const env = new ThurmEnv(undefined, { processes: true });
  t.teardown(() => env.cleanup());
  const r = await env.cli(['new', '-d', '--size', '90x20', '--cwd', '/tmp', '--', 'sh']);
  t.deepEqual([r.code, r.stdout, r.stderr], [0, '', '']);
  const [pane] = (await env.json(['list'])).panes;
  t.deepEqual(pane.size, { cols: 90, rows: 18 });
  t.deepEqual(pane.command, ['sh']);
  t.is(pane.cwd, '/tmp');
  t.true(pane.focused);
  t.true(pane.pid > 0);
});

test.serial('new -d on a running session fails with SESSION_EXISTS and leaves it alone', async (t) => {
  const env = await session(t);
  const r = await env.cli(['new', '-d']);
  t.is(r.code, 7);
  t.regex(r.stderr, /^thurm: .*default/);
  t.is((await env.json(['list'])).panes.length, 1);
});

test.serial('split prints the new pane id and runs the given command in the given directory', async (t) => {
  const env = await session(t);
  t.is((await env.ok(['split', '--down', '--cwd', '/usr', '--', 'sh', '-c', 'pwd; exec cat'])).trim(), '2');
  await waitUntil(async () => (await env.capture('2')).includes('/usr'), 'pwd output');
  t.is((await env.ok(['split', '--right', '--pane', '1'])).trim(), '3');
  const panes = (await env.json(['list'])).panes;
  t.deepEqual(panes.map((p: any) => p.id), ['1', '3', '2']);
  t.deepEqual(panes.find((p: any) => p.id === '2').command, ['sh', '-c', 'pwd; exec cat']);
});

test.serial('list prints one line per pane with id, size, focus, command, cwd and pid', async (t) => {
  const env = await session(t, ['--cwd', '/tmp']);
  const out = await env.ok(['list']);
  t.regex(out, /^1: 80x22 \(focused\) "\/bin\/sh" \/tmp pid \d+\n$/);
});

test.serial('send types text, --enter presses Enter, and --key sends named keys', async (t) => {
  const env = await session(t, ['--', 'sh']);
  await env.ok(['send', '--enter', 'echo', 'hello', 'from', 'send']);
  await waitUntil(async () => (await env.capture('1')).includes('hello from send\n'), 'echoed text');
  await env.ok(['send', 'sleep 30']);
  await env.ok(['send', '--key', 'Enter']);
  await waitUntil(async () => (await env.json(['info'])).panes[0].foreground.argv[0] === 'sleep', 'sleep in the foreground');
  await env.ok(['send', '--key', 'C-c']);
  await waitUntil(async () => (await env.json(['info'])).panes[0].foreground.argv[0] !== 'sleep', 'sleep interrupted');
  const bad = await env.cli(['send', '--key', 'NoSuchKey']);
  t.is(bad.code, 2);
});

test.serial('send --key Up follows the pane application cursor mode', async (t) => {
  const env = await session(t, ['--', 'sh', '-c', "printf '\\033[?1h'; od -c; sleep 30"]);
  await env.ok(['send', '--key', 'Up', 'Enter', 'C-d']);
  await waitUntil(async () => (await env.capture('1')).includes('0000004'), 'od to end');
  // SS3 A, as the mode asks, where CSI A is the default; then the Enter.
  t.regex(await env.capture('1'), /^0000000 +033 +O +A +\\n$/m);
});

test.serial('capture prints the visible screen text, and --json the lines', async (t) => {
  const env = await session(t, ['--', 'sh', '-c', 'echo line-one; echo line-two; exec cat']);
  await waitUntil(async () => (await env.capture('1')).includes('line-two'), 'output');
  t.is(await env.capture('1'), 'line-one\nline-two\n');
  const json = await env.json(['capture', '--pane', '1']);
  t.is(json.pane, '1');
  t.is(json.lines.length, 22);
  t.deepEqual(json.lines.slice(0, 3), ['line-one', 'line-two', '']);
});

test.serial('capture gives emoji joined with a zero-width joiner back whole, as the pane shows them', async (t) => {
  // 👩‍💻 is woman, U+200D, laptop: printed as its UTF-8 bytes.
  const env = await session(t, ['--', 'sh', '-c', `printf 'dev: \\360\\237\\221\\251\\342\\200\\215\\360\\237\\222\\273 ok\\n'; exec cat`]);
  await waitUntil(async () => (await env.capture('1')).includes(' ok'), 'output');
  t.is((await env.capture('1')).split('\n')[0], 'dev: 👩\u200d💻 ok');
  t.is((await env.json(['capture', '--pane', '1'])).lines[0], 'dev: 👩\u200d💻 ok');
});

test.serial('capture --scrollback includes history above the screen, and --ansi keeps colours', async (t) => {
  const env = await session(t, ['--', 'sh', '-c', `seq 1 100; printf '\\033[1;31mred\\033[0m plain \\033[44mblue\\033[0m\\n'; exec cat`]);
  await waitUntil(async () => (await env.capture('1')).includes('plain'), 'output');
  t.false((await env.capture('1')).includes('\n1\n'), 'the screen alone has lost the first lines');
  const all = (await env.ok(['capture', '--pane', '1', '--scrollback', '1000'])).replace(/\n$/, '').split('\n');
  t.deepEqual(all.slice(0, 3), ['1', '2', '3']);
  t.is(all.indexOf('100'), 99);
  const some = (await env.ok(['capture', '--pane', '1', '--scrollback', '5'])).replace(/\n$/, '').split('\n');
  const screen = (await env.capture('1')).replace(/\n$/, '').split('\n');
  t.is(some.length, screen.length + 5, 'five lines of history above the screen');
  t.deepEqual(some, all.slice(all.length - some.length));
  const ansi = await env.ok(['capture', '--pane', '1', '--ansi']);
  t.true(ansi.includes('\x1b[0;1;31mred\x1b[0m plain \x1b[0;44mblue\x1b[0m\n'), JSON.stringify(ansi.slice(-60)));
});

test.serial('focus --pane focuses exactly as the keyboard does, and --direction moves', async (t) => {
  const env = await session(t);
  await env.ok(['split']);
  await env.ok(['focus', '--pane', '1']);
  t.true((await env.json(['list'])).panes[0].focused);
  await env.ok(['focus', '--direction', 'right']);
  t.true((await env.json(['list'])).panes[1].focused);
  t.is((await env.cli(['focus'])).code, 2);
});

test.serial('kill-pane closes a pane; the last one ends the session and the server', async (t) => {
  const env = await session(t);
  await env.ok(['split']);
  const pid = await env.serverPid();
  await env.ok(['kill-pane', '--pane', '2']);
  t.deepEqual((await env.json(['list'])).panes.map((p: any) => p.id), ['1']);
  await env.ok(['kill-pane']);
  await waitUntil(() => { try { process.kill(pid, 0); return false; } catch { return true; } }, 'server exit');
  t.is((await env.cli(['list'])).code, 6);
});

test.serial('info --json has the documented shape with empty status fields', async (t) => {
  const env = await session(t, ['--', 'sh']);
  // Until the pane's process has exec'd sh, /proc has no command line for it (seen once in a run).
  let info = await env.json(['info']);
  await waitUntil(async () => (info = await env.json(['info'])).panes[0].foreground?.argv.length > 0, 'sh to run in the pane');
  t.is(info.session, 'default');
  t.is(info.clients, 0);
  const [p] = info.panes;
  t.is(p.id, '1');
  t.true(p.focused);
  t.deepEqual(p.size, { cols: 80, rows: 22 });
  t.deepEqual(p.command, ['sh']);
  t.is(typeof p.cwd, 'string');
  t.is(typeof p.pid, 'number');
  t.is(p.title, 'sh');
  t.deepEqual(p.foreground, { pid: p.pid, pgid: p.pid, argv: ['sh'] });
  t.like(p.status, { state: 'none', source: 'none', text: '', progress: null });
  t.deepEqual(p.programs, []);
  t.is(p.agent, null);
  t.is(p.pipe, null);
  t.regex(info.save.file, /thurm\/default\.json$/);
  t.is(info.save.error, null);
  t.is(info.restore, null);
  t.deepEqual(info.windows, [{ index: 0, id: '@0', name: 'sh', current: true, last: false, panes: ['1'], active: '1', lastPane: null, layout: 'ae5e,80x23,0,0,1', state: 'none' }]);
  t.is(p.window, 0);
  t.deepEqual(p.position, { x: 0, y: 1 }, 'below its header row');
  t.regex(await env.ok(['info']), /^session default \(0 clients\)\nwindows: 0:sh\*\nsaved to .*default\.json( at \S+)?\npane 1 \(focused\): sh 80x22/);
});

test.serial('--pane defaults to THURM_PANE_ID for the session in THURM_SOCKET only', async (t) => {
  const env = await session(t, ['--', 'sh']);
  await env.ok(['split', '--', 'sh']);
  await env.ok(['send', '--enter', 'echo from-pane-one'], { THURM_PANE_ID: '1', THURM_SOCKET: env.socket });
  await waitUntil(async () => (await env.capture('1')).includes('from-pane-one\n'), 'text in pane 1');
  // A pane id that belongs to another session's socket is ignored: the focused pane is used.
  await env.ok(['send', '-S', env.socket, '--enter', 'echo to-focused'], { THURM_PANE_ID: '1', THURM_SOCKET: '/elsewhere.sock' });
  await waitUntil(async () => (await env.capture('2')).includes('to-focused\n'), 'text in pane 2');
  t.false((await env.capture('2')).includes('from-pane-one'), 'the first went to pane 1 only');
  t.false((await env.capture('1')).includes('to-focused'), 'the second to the focused pane only');
});

test.serial('panes get THURM_PANE_ID, THURM_SOCKET and a TERM the emulator supports', async (t) => {
  const show = ['--', 'sh', '-c', 'echo "$THURM_PANE_ID|$THURM_SOCKET|$TERM"; exec cat'];
  const env = await session(t, show);
  await env.ok(['split', ...show]);
  // Joined: the socket path is longer than the 40 columns of a pane.
  const joined = (pane: string) => env.ok(['capture', '--pane', pane, '--join']);
  const line = (pane: string) => waitUntil(async () => (await joined(pane)).split('\n')[0], `the environment in pane ${pane}`);
  t.deepEqual([await line('1'), await line('2')], [`1|${env.socket}|xterm-256color`, `2|${env.socket}|xterm-256color`]);
});

test.serial('errors print one thurm: line and exit with the code of their kind', async (t) => {
  const env = await session(t);
  const missing = await env.cli(['capture', '--pane', '99']);
  t.is(missing.code, 3);
  t.regex(missing.stderr, /^thurm: no such pane: 99\n$/);
  const flag = await env.cli(['list', '--bogus']);
  t.is(flag.code, 2);
  t.regex(flag.stderr, /^thurm: /);
  const command = await env.cli(['-s', 'other', 'nosuchcmd', 'x']);
  t.is(command.code, 2);
  t.is(command.stderr, 'thurm: unknown command: nosuchcmd (thurm --help lists them)\n');
  const badSize = await env.cli(['new', '-d', '-s', 'other', '--size', 'huge']);
  t.is(badSize.code, 2);
  const badCwd = await env.cli(['split', '--cwd', '/no/such/dir']);
  t.is(badCwd.code, 2);
  const noServer = await env.cli(['list', '-s', 'nobody']);
  t.is(noServer.code, 6);
  t.regex(noServer.stderr, /^thurm: no server running/);
  const badName = await env.cli(['list', '-s', '../x']);
  t.is(badName.code, 2);
});

test.serial('a command that cannot start is a clear error from new', async (t) => {
  const env = new ThurmEnv(undefined, { processes: true });
  t.teardown(() => env.cleanup());
  const r = await env.cli(['new', '-d', '--', '/no/such/program']);
  t.is(r.code, 2);
  t.regex(r.stderr, /^thurm: .*\/no\/such\/program/);
});

test.serial('new -d with a program that exits at once succeeds, as tmux new -d does, and the session is gone', async (t) => {
  const env = new ThurmEnv(undefined, { processes: true });
  t.teardown(() => env.cleanup());
  for (const argv of [['true'], ['sh', '-c', 'exit 3']]) {
    const r = await env.cli(['new', '-d', '--', ...argv]);
    t.is(r.code, 0, `${argv.join(' ')}: ${r.stderr}`);
    t.is(r.stderr, '');
    // The session ends with its program (a client that got in first may have seen it still up).
    await waitUntil(async () => (await env.cli(['list'])).code === 6, 'no server left');
  }
});

test.serial('a broken config file is an error naming the key and line', async (t) => {
  const env = new ThurmEnv('[ui]\nscrollback = "lots"\n', { processes: true });
  t.teardown(() => env.cleanup());
  const r = await env.cli(['new', '-d']);
  t.is(r.code, 9);
  t.regex(r.stderr, /config\.toml:2: ui\.scrollback/);
});

test.serial('kill-server ends every pane and the server', async (t) => {
  const env = await session(t);
  await env.ok(['split']);
  const pids = (await env.json(['list'])).panes.map((p: any) => p.pid);
  await env.ok(['kill-server']);
  await waitUntil(() => pids.every((pid: number) => { try { process.kill(pid, 0); return false; } catch { return true; } }), 'panes gone');
  t.is((await env.cli(['list'])).code, 6);
});

test.serial('detach from the CLI detaches attached clients; with none it reports zero', async (t) => {
  const env = await session(t);
  t.deepEqual(await env.json(['detach']), { detached: 0 });
  const terms = [0, 1].map(() => new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 80, 24));
  for (const term of terms) t.teardown(() => term.kill());
  for (const term of terms) await term.waitForText('[default]');
  await waitUntil(async () => (await env.json(['info'])).clients === 2, 'two clients');
  t.deepEqual(await env.json(['detach']), { detached: 2 });
  for (const term of terms) {
    t.is(await term.exited, 0);
    await term.waitForText('[detached (from session default)]');
  }
  t.is((await env.json(['info'])).clients, 0);
  t.is((await env.json(['list'])).panes.length, 1, 'the panes keep running');
});

test.serial('zoom --pane zooms and focuses a pane the way the keyboard does: focus events, seen records, focus-changed', async (t) => {
  const env = await session(t, ['--', 'sh']);
  await env.ok(['split', '--', 'sh', '-c', `printf '\\033]7501;state=done:id=d\\007\\033[?1004h'; exec od -c`]);
  await waitUntil(async () => (await env.json(['info'])).panes[1].status.state === 'done', 'a done record in pane 2');
  await env.ok(['focus', '--pane', '1']);
  // Subscribed after pane 1 took focus, so a focus-changed event for pane 2 can only come from the zoom.
  const focusEvents = await focusChanges(t, env);
  t.deepEqual(await env.json(['zoom', '--pane', '2']), { zoomed: '2' });
  await waitUntil(() => focusEvents.length > 0, 'a focus-changed event from the zoom');
  t.deepEqual(focusEvents, [{ type: 'focus-changed', pane: '2' }]);
  const panes = (await env.json(['info'])).panes;
  t.true(panes[1].focused);
  t.is(panes[1].status.state, 'none', 'zooming into the pane has seen its done record');
  t.is((await env.json(['list'])).panes[1].size.cols, 80, 'the zoomed pane has the whole width');
  // The tty echoes what reached the program: focus-out (when pane 1 was focused), then focus-in.
  await waitUntil(async () => (await env.capture('2')).includes('^[[O^[[I'), 'focus out, then in');
  t.deepEqual(await env.json(['zoom', '--pane', '2']), { zoomed: null });
  // Unzooming keeps the focus where it is, and so announces nothing: the next event on the
  // subscriber's (ordered) stream is the one of focusing pane 1.
  await env.ok(['focus', '--pane', '1']);
  await waitUntil(() => focusEvents.length > 1, 'the focus-changed event of focusing pane 1');
  t.deepEqual(focusEvents.map((e) => e.pane), ['2', '1']);
});

test.serial('closing a pane ends programs that ignore the hang-up, and so does ending the session', async (t) => {
  const env = await session(t, ['--', 'sh']);
  const stubborn = (pidFile: string) => `trap "" HUP; echo $$ > ${env.dir}/${pidFile}; exec sleep 600`;
  await env.ok(['split', '--', 'sh', '-c', stubborn('a.pid')]);
  await env.ok(['send', '--pane', '1', '--enter', `sh -c '${stubborn('b.pid')}'`]);
  const pidOf = async (file: string) => Number(await waitUntil(() => {
    const f = path.join(env.dir, file);
    return fs.existsSync(f) ? fs.readFileSync(f, 'utf8').trim() : '';
  }, file));
  const [a, b] = [await pidOf('a.pid'), await pidOf('b.pid')];
  await env.ok(['kill-pane', '--pane', '2']);
  await waitUntil(() => !alive(a), 'the pane 2 program gone');
  t.true(alive(b));
  await env.ok(['kill-server']);
  await waitUntil(() => !alive(b), 'the pane 1 program gone with the session');
});

test.serial('program-controlled text reaches the terminal inert: list, info and explain escape it, JSON escapes C1', async (t) => {
  const env = await session(t, ['--', 'sh']);
  const evil = path.join(env.dir, 'evil\x1b]0;pwned\x07\nforged: 9: 1x1 "x" pid 1\u009b31m\u202e');
  fs.mkdirSync(evil);
  await env.ok(['split', '--cwd', evil, '--', 'bash', '--norc', '-c', 'exec -a $\'name\\x1b[2J\\xc2\\x9b\' sleep 600']);
  await waitUntil(async () => (await env.json(['info'])).panes[1].foreground?.argv[0]?.startsWith('name'), 'the renamed program');
  for (const args of [['list'], ['info'], ['agent', 'explain', '--pane', '2']]) {
    const out = await env.ok(args);
    t.false(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202e]/.test(out), `${args.join(' ')} prints no control or bidi character`);
    t.false(/^forged/m.test(out), `${args.join(' ')} prints no forged line`);
  }
  t.regex(await env.ok(['list']), /evil\\x1b]0;pwned\\x07\\nforged/);
  for (const args of [['list', '--json'], ['info', '--json']]) {
    const out = await env.ok(args);
    t.false(/[\x7f-\x9f\u202e]/.test(out), `${args.join(' ')} escapes C1 and bidi characters`);
    t.is(JSON.parse(out).panes[1].cwd, evil, 'the JSON still holds the exact directory');
  }
});

test.serial('set-buffer, buffers and paste: the newest buffer is pasted, bracketed only when the pane asked', async (t) => {
  const env = await session(t, ['--', 'sh', '-c', 'exec cat']);
  t.deepEqual(await env.json(['set-buffer', 'first']), { buffer: 'buffer0' });
  await env.ok(['set-buffer', 'second', 'one']);
  t.regex((await env.ok(['buffers'])).trimEnd(), /^buffer1: 10 bytes: "second one"\nbuffer0: 5 bytes: "first"$/);
  // The tty echoes what reached the program; ESC shows as ^[.
  await env.ok(['paste', '--pane', '1']);
  await env.ok(['send', '--pane', '1', '--enter']);
  const plain = await waitUntil(async () => {
    const text = await env.capture('1');
    return /^second one$/m.test(text) ? text : '';
  }, 'the plain paste');
  t.false(plain.includes('^['), 'no brackets for a pane that did not ask');
  t.is((await env.cli(['paste', '--buffer', 'buffer7'])).code, 3);
  await env.ok(['split', '--', 'sh', '-c', `printf '\\033[?2004hready\\n'; exec cat`]);
  await waitUntil(async () => (await env.capture('2')).includes('ready'), 'pane 2 asked for bracketed paste');
  await env.ok(['paste', '--pane', '2', '--buffer', 'buffer0']);
  const bracketed = await waitUntil(async () => {
    const text = await env.capture('2');
    return text.includes('^[[200~first^[[201~') ? text : '';
  }, 'the bracketed paste');
  t.notRegex(bracketed, /second/);
});
