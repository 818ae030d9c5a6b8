// Sessions that survive: the server keeps the session file current, and after a crash
// (`kill -9`) a restore brings back the layout, pane ids, focus, cwd and history, and resumes
// each agent with the exact argv it reported, typed into whichever shell the pane had.
// Serial: each test starts servers and shells, and thirteen at once on two cores once kept a
// start-up off the screen for longer than the wait.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { Connection } from '../../lib/cli/connection.js';
import type { SessionInfo } from '../../lib/server/protocol.js';
import { readSnapshot } from '../../lib/session/session-file.js';
import { HOSTILE_ARGS, SUPPORTED_SHELLS } from '../helpers/hostile-args.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ROOT, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

const HOLD_ARGV = path.join(ROOT, 'spec', 'fixtures', 'hold-argv.cjs');

function sessionFile(env: ThurmEnv): string {
  return path.join(env.env.XDG_STATE_HOME!, 'thurm', 'default.json');
}

async function world(t: ExecutionContext, extraEnv: NodeJS.ProcessEnv = {}, config?: string): Promise<ThurmEnv> {
  const env = new ThurmEnv(config);
  Object.assign(env.env, extraEnv);
  // zsh would greet a new user with its set-up menu and eat what is typed; fish would start
  // generating completions in the background, still writing while the test cleans up.
  fs.writeFileSync(path.join(env.env.HOME!, '.zshrc'), '');
  fs.mkdirSync(path.join(env.env.HOME!, '.local', 'share', 'fish', 'generated_completions'), { recursive: true });
  t.teardown(() => env.cleanup());
  return env;
}

async function info(env: ThurmEnv): Promise<SessionInfo> {
  return env.json<SessionInfo>(['info']);
}

/** Polls `thurm info` over one connection until `probe` accepts it. */
async function waitForInfo<T>(env: ThurmEnv, probe: (i: SessionInfo) => T, what: string, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const connection = await Connection.open(env.socket);
  try {
    return await waitUntil(async () => probe(await connection.request<SessionInfo>('info')), what, timeoutMs);
  } finally {
    connection.close();
  }
}

test.serial('after kill -9, thurm restore brings back layout, pane ids, focus, cwd and history', async (t) => {
  const env = await world(t);
  const dir = path.join(env.dir, 'a dir with spaces');
  fs.mkdirSync(dir);
  await env.ok(['new', '-d', '--size', '100x30']);
  await env.ok(['split']);
  await env.ok(['split', '--pane', '1', '--down']);
  await env.ok(['send', '--pane', '1', `cd '${dir}' && echo history-mark-$((6*7))`, '--enter']);
  await waitUntil(async () => (await env.capture('1')).includes('history-mark-42'), 'the mark in pane 1');
  await env.ok(['focus', '--pane', '1']);
  const before = await info(env);
  // Saved by itself soon after the focus change, with what pane 1 showed by then.
  await waitUntil(() => {
    const s = readSnapshot(sessionFile(env));
    return s.windows[0].focused === '1' && s.panes[0].history.some((l) => l.includes('history-mark-42')) && s.panes[0].cwd === dir;
  }, 'the session file to have the change');
  await env.crash();

  const r = await env.cli(['restore', '-d']);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /pane 1: restored/);
  const after = await info(env);
  t.deepEqual(after.panes.map((p) => p.id), before.panes.map((p) => p.id));
  t.deepEqual(after.panes.map((p) => p.id).sort(), ['1', '2', '3']);
  t.deepEqual(after.panes.map((p) => p.size), before.panes.map((p) => p.size));
  t.is(after.panes.find((p) => p.focused)?.id, '1');
  t.is(after.panes[0].cwd, dir);
  const shown = await env.ok(['capture', '--pane', '1', '--scrollback', '200']);
  t.true(shown.indexOf('history-mark-42') < shown.indexOf('restored by thurm'), shown);
  // A new pane does not take a restored pane's id.
  t.is((await env.ok(['split'])).trim(), '4');
});

test.serial('plain thurm after a crash restores the session and says so in the status line', async (t) => {
  const env = await world(t);
  await env.ok(['new', '-d']);
  await env.ok(['send', '--pane', '1', 'echo crash-mark-$((2*3))', '--enter']);
  await waitUntil(async () => (await env.capture('1')).includes('crash-mark-6'), 'the mark');
  await env.ok(['save']);
  await env.crash();
  const term = new TestTerminal(process.execPath, [BIN], env.env, 100, 30);
  t.teardown(() => term.kill());
  await term.waitForText('restored session saved');
  await term.waitForText('crash-mark-6');
  t.truthy(term.find('restored by thurm'));
});

test.serial('what a restore did is shown beside the status line for 10 s, the window list and the blocked mark still in view', async (t) => {
  const env = await world(t);
  await env.ok(['new', '-d', '--size', '120x30']);
  await env.ok(['new-window', '-n', 'agents']);
  await env.ok(['select-window', '--index', '0']);
  await waitUntil(() => readSnapshot(sessionFile(env)).windows.length === 2 && readSnapshot(sessionFile(env)).current === 0, 'both windows in the session file');
  await env.crash();
  await env.ok(['restore', '-d']);
  await env.ok(['send', '--pane', '2', `printf '\\033]7501;state=blocked\\007'`, '--enter']);
  await waitForInfo(env, (i) => i.panes.find((p) => p.id === '2')?.status.state === 'blocked', 'pane 2 blocked');
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 120, 30);
  t.teardown(() => term.kill());
  const status = () => term.lines()[29];
  // The notice and the right-hand marks can reach the screen in separate frames: wait for
  // the line that has both, well inside the notice's 10 s.
  await term.waitFor(() => /^\[default\] 0:sh\* 1:agents◆ │ %1:sh\* +restored session saved .*◆1$/.test(status()), 'the restore notice beside the window list and the blocked mark');
  await term.waitFor(() => !status().includes('restored session'), 'the notice to go', 20_000);
  t.regex(status(), /^\[default\] 0:sh\* 1:agents◆ │ %1:sh\* +◆1$/);
});

test.serial('a session ended on purpose comes back only through thurm restore', async (t) => {
  const env = await world(t);
  await env.ok(['new', '-d']);
  await env.ok(['send', '--pane', '1', 'echo ended-mark-$((3*3))', '--enter']);
  await waitUntil(async () => (await env.capture('1')).includes('ended-mark-9'), 'the mark');
  await env.ok(['kill-server']);
  await waitUntil(() => readSnapshot(sessionFile(env)).ended, 'the file to say the session ended');
  const attach = await env.cli(['attach']);
  t.is(attach.code, 6, 'attach finds no server and restores nothing');
  const dry = await env.ok(['restore', '--dry-run']);
  t.regex(dry, /ended on purpose/);
  t.regex(dry, /pane 1: restored/);
  await env.ok(['restore', '-d']);
  t.regex(await env.ok(['capture', '--pane', '1', '--scrollback', '50']), /ended-mark-9/);
});

test.serial('a command given to a shell (thurm split -- sh -c, the tmux shim\'s split-window) is not run again by a restore: its pane gets the user\'s shell', async (t) => {
  const bash = ['/bin/bash', '/usr/bin/bash'].find((p) => fs.existsSync(p))!;
  const env = await world(t, { SHELL: bash });
  const log = path.join(env.dir, 'ran.log');
  await env.ok(['new', '-d']);
  await env.ok(['split', '--', 'sh', '-c', `echo RAN >> '${log}'; sleep 1e5`]);
  await env.ok(['send', '--pane', '1', `tmux split-window 'echo SHIM >> ${log}; sleep 1e5'`, '--enter']);
  const ran = () => fs.readFileSync(log, { encoding: 'utf8', flag: 'a+' }).split('\n').filter(Boolean).sort();
  await waitUntil(() => ran().length === 2, 'both commands to run');
  await waitUntil(() => readSnapshot(sessionFile(env)).panes.length === 3, 'the session file to have all three panes');
  await env.crash();
  const dry = await env.ok(['restore', '--dry-run']);
  t.regex(dry, /pane 2: shell only: sh -c 'echo RAN .* is not started again: a shell in its directory instead/);
  t.regex(dry, /pane 3: shell only: \S+ -c 'echo SHIM .* is not started again/);
  const r = await env.cli(['restore', '-d']);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /pane 2: shell only: sh -c /);
  const panes = (await info(env)).panes;
  t.deepEqual(panes.map((p) => p.command.length), [1, 1, 1]);
  t.deepEqual(panes.map((p) => p.command[0]), [bash, bash, bash], '$SHELL, not the sh that ran the command');
  // The restored shells answer, and by then neither command has run a second time.
  await env.ok(['send', '--pane', '2', 'echo shell-$((5*5))', '--enter']);
  await waitUntil(async () => (await env.capture('2')).includes('shell-25'), 'the shell restored in pane 2');
  t.deepEqual(ran(), ['RAN', 'SHIM']);
});

test.serial('titles given with rename-pane and the tmux shim\'s select-pane -T come back with a restore, in the border too', async (t) => {
  const env = await world(t);
  await env.ok(['new', '-d', '--size', '100x30']);
  await env.ok(['split']);
  await env.ok(['rename-pane', '--pane', '1', 'given-one']);
  await env.ok(['send', '--pane', '1', "tmux select-pane -t %2 -T 'given two'", '--enter']);
  await waitUntil(() => readSnapshot(sessionFile(env)).panes.map((p) => p.givenTitle).join() === 'given-one,given two', 'the titles in the session file');
  await env.crash();
  await env.ok(['restore', '-d']);
  t.deepEqual((await info(env)).panes.map((p) => p.title), ['given-one', 'given two']);
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
  t.teardown(() => term.kill());
  await term.waitFor((s) => s.includes(' 1 given-one ') && s.includes(' 2 given two '), 'both titles in the borders');
  t.regex(term.lines()[0], /^[─━] 1 given-one [─━]+│[─━] 2 given two [─━]+$/, 'each in its own pane\'s header');
});

/**
 * A stand-in Claude Code at `claude`: the fake agent, told what to do through the returned fifo;
 * run with `--resume ID` it prints `resumed ID` and `also` (a JavaScript expression), then waits.
 */
function standInClaude(env: ThurmEnv, claude: string, also = "''"): string {
  fs.writeFileSync(claude, `#!${process.execPath}
if (process.argv[2] === '--resume') { process.stdout.write('resumed ' + process.argv[3] + ${also} + '\\r\\n'); setInterval(() => {}, 1e6); }
else require(${JSON.stringify(path.join(ROOT, 'spec', 'fixtures', 'fake-agent.cjs'))});
`, { mode: 0o755 });
  const fifo = path.join(env.dir, 'control');
  execFileSync('mkfifo', [fifo]);
  env.env.FAKE_AGENT_THURM = BIN;
  return fifo;
}

test.serial('a Claude Code run by a path not on PATH is bound once its transcript exists and resumed by that path', async (t) => {
  const env = await world(t);
  const project = path.join(env.dir, 'project');
  const tools = path.join(env.dir, 'tools');
  fs.mkdirSync(project);
  fs.mkdirSync(tools);
  // Thurm knows it as Claude Code by its name; `--resume ID` only says what it resumes.
  const claude = path.join(tools, 'claude');
  const fifo = standInClaude(env, claude);
  await env.ok(['new', '-d']);
  await env.ok(['send', '--pane', '1', `cd '${project}' && '${claude}' '${fifo}'`, '--enter']);
  await waitUntil(async () => (await env.capture('1')).includes('fake agent ready'), 'the stand-in Claude');
  const id = '0b6c1f9e-1111-4222-8333-444455556666';
  const transcript = path.join(env.env.HOME!, '.claude', 'projects', project.replace(/[^A-Za-z0-9]/g, '-'), `${id}.jsonl`);
  const hook = (event: string) => fs.writeFileSync(fifo, `hook ${JSON.stringify({ session_id: id, transcript_path: transcript, cwd: project, hook_event_name: event })}\n`);
  hook('SessionStart');
  const started = await waitForInfo(env, (i) => (i.panes[0].hook?.event === 'SessionStart' ? i.panes[0].hook : null), 'the SessionStart hook');
  t.is(started.sessionId, null, 'no conversation to resume yet');
  fs.mkdirSync(path.dirname(transcript), { recursive: true });
  fs.writeFileSync(transcript, '{"type":"user"}\n');
  hook('Stop');
  await waitForInfo(env, (i) => i.panes[0].hook?.sessionId === id, 'the session bound at Stop');
  await env.ok(['save']);
  await env.crash();
  const r = await env.cli(['restore', '-d']);
  t.is(r.code, 0, r.stderr);
  t.true(r.stdout.includes(`pane 1: resumed: ${process.execPath} ${claude} --resume ${id} `), r.stdout);
  await waitUntil(async () => (await env.capture('1')).includes(`resumed ${id}`), 'Claude resumed by its path');
  t.is((await info(env)).panes[0].cwd, project);
});

test.serial('a resumed agent gets the variables its command line gave it, and none its shell exported before', async (t) => {
  const env = await world(t);
  const claude = path.join(env.dir, 'claude');
  const fifo = standInClaude(env, claude, "' at <' + process.env.ANTHROPIC_BASE_URL + '> token <' + process.env.EXPORTED_TOKEN + '>'");
  await env.ok(['new', '-d']);
  // Exported on a line of its own, as a profile would: the shell's, not the agent's command line.
  await env.ok(['send', '--pane', '1', 'export EXPORTED_TOKEN=s3cret; echo exported', '--enter']);
  await waitUntil(async () => (await env.capture('1')).includes('\nexported'), 'the export');
  const url = "http://127.0.0.1:9/a b'c";
  await env.ok(['send', '--pane', '1', `ANTHROPIC_BASE_URL='http://127.0.0.1:9/a b'\\''c' '${claude}' '${fifo}'`, '--enter']);
  await waitUntil(async () => (await env.capture('1')).includes('fake agent ready'), 'the stand-in Claude');
  const id = '0b6c1f9e-1111-4222-8333-444455557777';
  const transcript = path.join(env.env.HOME!, '.claude', 'projects', env.dir.replace(/[^A-Za-z0-9]/g, '-'), `${id}.jsonl`);
  fs.mkdirSync(path.dirname(transcript), { recursive: true });
  fs.writeFileSync(transcript, '{"type":"user"}\n');
  fs.writeFileSync(fifo, `hook ${JSON.stringify({ session_id: id, transcript_path: transcript, cwd: env.dir, hook_event_name: 'Stop' })}\n`);
  await waitForInfo(env, (i) => i.panes[0].hook?.sessionId === id, 'the session bound');
  await env.ok(['save']);
  // The screen says which line the command was entered on (seen empty once in a full run, not since).
  t.deepEqual(readSnapshot(sessionFile(env)).panes[0].agent?.env, [['ANTHROPIC_BASE_URL', url]], `the screen:\n${await env.capture('1')}`);
  await env.crash();
  const dry = await env.cli(['restore', '--dry-run']);
  t.regex(dry.stdout, /pane 1: resumed: .*with ANTHROPIC_BASE_URL from its command line/, dry.stdout);
  t.false(dry.stdout.split('\n').find((l) => l.startsWith('pane 1:'))!.includes('127.0.0.1'), 'the report names variables; their values are only in what is typed');
  t.true(dry.stdout.includes(`types "ANTHROPIC_BASE_URL='http://127.0.0.1:9/a b'\\\\''c' ${process.execPath} ${claude} --resume ${id}"`), dry.stdout);
  const r = await env.cli(['restore', '-d']);
  t.is(r.code, 0, r.stderr);
  // The pane is 80 columns wide: the line wraps.
  await waitUntil(async () => (await env.capture('1')).replace(/\n/g, '').includes(`resumed ${id} at <${url}> token <undefined>`), 'Claude resumed with its endpoint');
});

/** A script that reports an agent session with hostile resume arguments, then keeps its pid. */
function reportingAgent(env: ThurmEnv): string {
  const resume = JSON.stringify([process.execPath, HOLD_ARGV, ...HOSTILE_ARGS]);
  fs.writeFileSync(path.join(env.dir, 'resume.json'), resume);
  const script = path.join(env.dir, 'agent.sh');
  fs.writeFileSync(script, `#!/bin/sh
"${process.execPath}" "${BIN}" agent report --agent tester --owner-pid $$ --instance i1 --sequence 1 --status idle --session-id sess-1 --resume-json "$(cat '${env.dir}/resume.json')" || echo REPORT-FAILED
echo agent-reported
exec sleep 600
`, { mode: 0o755 });
  return script;
}

function shellPath(name: string): string | null {
  return ['/usr/bin', '/bin'].map((d) => path.join(d, name)).find((p) => fs.existsSync(p)) ?? null;
}

for (const name of SUPPORTED_SHELLS) {
  const shell = shellPath(name);
  (shell ? test.serial : test.skip)(`${name}: a resumed agent gets exactly the argv it reported, typed into the restored shell`, async (t) => {
    const env = await world(t, { SHELL: shell! });
    await env.ok(['new', '-d']);
    await env.ok(['send', '--pane', '1', reportingAgent(env), '--enter']);
    await waitForInfo(env, (i) => i.panes[0].agent?.sessionId === 'sess-1', 'the agent report');
    await env.ok(['save']);
    await env.crash();
    const r = await env.cli(['restore', '-d']);
    t.regex(r.stdout, /pane 1: resumed/, r.stderr);
    const fg = await waitForInfo(env, (i) => (i.panes[0].foreground?.argv[1] === HOLD_ARGV ? i.panes[0].foreground : null), 'the resumed agent in the foreground');
    const cmdline = fs.readFileSync(`/proc/${fg.pid}/cmdline`, 'utf8').split('\0').slice(0, -1);
    t.deepEqual(cmdline, [process.execPath, HOLD_ARGV, ...HOSTILE_ARGS]);
    t.is((await info(env)).panes[0].command[0], shell!);
    t.false(fs.existsSync('/tmp/thurm-pwned'), 'nothing in the arguments was run');
  });
}

test.serial('a shell thurm cannot type into gets no resume, and the border and report say why', async (t) => {
  const env = await world(t);
  // A shell of another syntax (nushell, xonsh...): its name is all thurm goes by.
  const nu = path.join(env.dir, 'nu');
  fs.writeFileSync(nu, '#!/bin/sh\nexec /bin/sh "$@"\n', { mode: 0o755 });
  env.env.SHELL = nu;
  await env.ok(['new', '-d', '--', reportingAgent(env)]);
  await waitForInfo(env, (i) => i.panes[0].agent?.sessionId === 'sess-1', 'the agent report');
  await env.ok(['save']);
  await env.crash();
  const term = new TestTerminal(process.execPath, [BIN], env.env, 100, 30);
  t.teardown(() => term.kill());
  await term.waitForText('[resume skipped]');
  const report = (await info(env)).restore!;
  t.is(report.panes[0].outcome, 'skipped');
  t.regex(report.panes[0].detail, /nu is not a shell thurm can type into/);
  t.deepEqual((await info(env)).panes[0].command, [nu]);
});

test.serial('a corrupt session file is moved aside and the .bak restored; nothing from it is run', async (t) => {
  const env = await world(t);
  await env.ok(['new', '-d']);
  await env.ok(['send', '--pane', '1', 'echo bak-mark-$((4*4))', '--enter']);
  await waitUntil(async () => (await env.capture('1')).includes('bak-mark-16'), 'the mark');
  await env.ok(['save']);
  await env.ok(['save']);
  await env.crash();
  const file = sessionFile(env);
  fs.writeFileSync(file, '{"version":1,"panes":[{"argv":["touch","/tmp/thurm-pwned"]');
  const r = await env.cli(['restore', '-d']);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /problem: invalid session file/);
  t.regex(r.stdout, /restored from .*default\.json\.bak/);
  t.regex(await env.ok(['capture', '--pane', '1', '--scrollback', '50']), /bak-mark-16/);
  t.true(fs.readdirSync(path.dirname(file)).some((f) => f.startsWith('default.json.invalid-')));
  t.false(fs.existsSync('/tmp/thurm-pwned'));
});

test.serial('with no usable file at all, thurm starts fresh and tells why', async (t) => {
  const env = await world(t);
  fs.mkdirSync(path.dirname(sessionFile(env)), { recursive: true });
  fs.writeFileSync(sessionFile(env), 'not json');
  const dry = await env.cli(['restore', '--dry-run']);
  t.is(dry.code, 3);
  t.regex(dry.stdout, /problem: invalid session file/);
  const term = new TestTerminal(process.execPath, [BIN], env.env, 100, 30);
  t.teardown(() => term.kill());
  await term.waitForText('saved session not restored');
  t.is((await info(env)).panes.length, 1);
});

test.serial('a failing save is reported by thurm save, thurm info and the status line; the server keeps running', async (t) => {
  const env = await world(t);
  await env.ok(['new', '-d']);
  const file = sessionFile(env);
  await waitUntil(() => fs.existsSync(file), 'the first save');
  // Root ignores permissions: a directory in the file's place fails for everyone.
  fs.rmSync(file);
  fs.rmSync(`${file}.bak`, { force: true });
  fs.mkdirSync(file);
  const failed = await env.cli(['save']);
  t.is(failed.code, 12);
  t.regex(failed.stderr, /cannot save/);
  t.regex(await env.ok(['info']), /last save failed: cannot save/);
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
  t.teardown(() => term.kill());
  await term.waitForText('save failed');
  fs.rmdirSync(file);
  await env.ok(['save']);
  t.notRegex(await env.ok(['info']), /save failed/);
  await term.waitFor((s) => !s.includes('save failed'), 'the status line to clear');
  t.is(readSnapshot(file).panes.length, 1);
});
