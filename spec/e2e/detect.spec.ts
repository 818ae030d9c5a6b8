// Automatic detection and the precedence of status sources, in a real pane running a stand-in
// agent that thurm recognises as Claude Code by its process; `thurm agent explain` says why.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { Connection } from '../../lib/cli/connection.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ROOT, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

interface Agent { env: ThurmEnv; say(command: string): void; status(): Promise<any>; pid: number }

/** A session whose pane runs the stand-in agent as `claude`, driven through a FIFO. */
async function fakeClaude(t: { teardown(fn: () => Promise<void> | void): void }, config = ''): Promise<Agent> {
  const env = new ThurmEnv(config);
  t.teardown(() => env.cleanup());
  const bin = path.join(env.dir, 'bin');
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bin, 'claude'), `#!${process.execPath}\nrequire(${JSON.stringify(path.join(ROOT, 'spec', 'fixtures', 'fake-agent.cjs'))});\n`, { mode: 0o755 });
  const fifo = path.join(env.dir, 'control');
  execFileSync('mkfifo', [fifo]);
  env.env.FAKE_AGENT_THURM = BIN;
  await env.ok(['new', '-d', '--size', '100x30', '--', path.join(bin, 'claude'), fifo]);
  await waitUntil(async () => (await env.capture('1')).includes('fake agent ready'), 'the stand-in agent');
  const status = async () => (await env.json(['info'])).panes[0];
  return { env, say: (command) => fs.writeFileSync(fifo, `${command}\n`), status, pid: (await status()).pid };
}

const until = (agent: Agent, what: string, test: (p: any) => boolean, timeout = 10_000) => {
  let last: unknown;
  return waitUntil(async () => { const p = (last = await agent.status()); return test(p) ? p : null; }, () => `${what}; the pane: ${JSON.stringify(last)}`, timeout);
};

test.serial('a Claude Code permission dialog on screen makes the pane blocked, found by rules', async (t) => {
  const agent = await fakeClaude(t);
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], agent.env.env, 120, 32);
  t.teardown(() => term.kill());
  agent.say('screen claude-permission.txt');
  const p = await until(agent, 'blocked', (s) => s.status.state === 'blocked');
  t.like(p.status, { state: 'blocked', source: 'screen-and-activity', text: '', progress: null });
  const explained = await agent.env.json(['agent', 'explain', '--pane', '1']);
  t.true(explained.rules.some((r: any) => r.id === 'claude-code.permission'), 'the permission rule matched');
  await term.waitForText('◆ blocked (permission) claude-code');
  agent.say('screen claude-idle.txt');
  const idle = await until(agent, 'idle', (s) => s.status.state === 'idle');
  t.like(idle.status, { state: 'idle', source: 'screen-and-activity' }, 'the rules let go once the dialog is gone');
});

test.serial('sources take precedence in order: program-status, report, hook, notification, ai, screen rules', async (t) => {
  const classifier = path.join(ROOT, 'spec', 'fixtures', 'ai-classifier.sh');
  const agent = await fakeClaude(t, `[detection.ai]\ncommand = ["sh", "${classifier}"]\ninterval = 0.2\n`);
  const source = (s: string) => (p: any) => p.status.source === s;
  // Rules decide nothing on this screen: the classifier (which says blocked/question) is asked.
  agent.say('screen claude-unclear.txt');
  let p = await until(agent, 'ai', source('ai'));
  t.like(p.status, { state: 'blocked' });
  agent.say('osc9 Claude needs your attention');
  p = await until(agent, 'notification', source('notification'));
  t.like(p.status, { state: 'blocked', text: 'Claude needs your attention' });
  agent.say(`hook ${JSON.stringify({ session_id: 'abc', hook_event_name: 'UserPromptSubmit', prompt: 'go' })}`);
  p = await until(agent, 'hook', source('hook'));
  t.like(p.status, { state: 'working' });
  agent.say('report --agent claude-code --instance x --sequence 1 --status needs-input --message Approve?');
  p = await until(agent, 'report', source('report'));
  t.like(p.status, { state: 'blocked', text: 'Approve?' });
  agent.say('osc state=done:app=claude-code');
  p = await until(agent, 'program-status', source('program-status'));
  t.like(p.status, { state: 'done' });
  // Taking the top source away shows the next one down.
  agent.say('osc state=clear');
  await until(agent, 'report again', source('report'));
  agent.say('release --instance x --sequence 2');
  await until(agent, 'hook again', source('hook'));
  agent.say(`hook ${JSON.stringify({ session_id: 'abc', hook_event_name: 'SessionEnd' })}`);
  await until(agent, 'notification again', source('notification'));
  await agent.env.ok(['focus', '--pane', '1']);
  await until(agent, 'the classifier again', source('ai'));
  agent.say('screen claude-idle.txt');
  await until(agent, 'screen rules', source('screen-and-activity'));
});

test.serial('explain shows the foreground process, the agent, every matching rule and what overrode it', async (t) => {
  const agent = await fakeClaude(t);
  agent.say('screen claude-permission.txt');
  await until(agent, 'blocked', (p) => p.status.state === 'blocked');
  let e = await agent.env.json(['agent', 'explain', '--pane', '1']);
  t.deepEqual(Object.keys(e).sort(), ['digest', 'foreground', 'hook', 'idleThresholdMs', 'lastOutputMs', 'lifetime', 'pane', 'programStatus', 'report', 'rules', 'screen', 'source', 'state', 'usage'].sort());
  t.like(e, { pane: '1', state: 'blocked', source: 'screen-and-activity', idleThresholdMs: 5000, programStatus: null, report: null, usage: null });
  t.is(e.foreground.agent, 'claude-code');
  t.is(e.foreground.pid, agent.pid);
  t.true(e.foreground.argv[1].endsWith('/claude'));
  const permission = e.rules.find((r: any) => r.id === 'claude-code.permission');
  t.like(permission, { agent: 'claude-code', state: 'blocked', overridden: false });
  t.true(permission.patterns.length === 2);
  t.true(e.screen.some((l: string) => l.includes('Do you want to proceed?')));
  t.true(e.lastOutputMs >= 0);
  agent.say('report --agent claude-code --instance x --sequence 1 --status working --message busy');
  await until(agent, 'report', (p) => p.status.source === 'report');
  e = await agent.env.json(['agent', 'explain', '--pane', '1']);
  t.like(e, { state: 'working', source: 'report', report: { agent: 'claude-code', status: 'working', message: 'busy' } });
  t.true(e.rules.find((r: any) => r.id === 'claude-code.permission').overridden);
  const text = await agent.env.ok(['agent', 'explain', '--pane', '1']);
  t.regex(text, /^pane 1: working \(source: report\)/);
  t.regex(text, /claude-code\.permission {2}blocked {2}\(overridden by report\)/);
  t.regex(text, /idle threshold: 5000 ms/);
  t.regex(text, /screen \(may contain private data\):\n(.|\n)*Do you want to proceed\?/);
});

test.serial('a hook whose stdin is never closed stops reading after 2 s and exits 0', async (t) => {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  const started = performance.now();
  const hook = spawn(process.execPath, [BIN, 'agent', 'hook', 'claude-code'], { env: env.env, stdio: ['pipe', 'ignore', 'ignore'] });
  t.teardown(() => hook.stdin.destroy());
  hook.stdin.write('{"hook_event_name":"UserPromptSubmit"');
  const code = await new Promise<number | null>((resolve) => hook.on('exit', resolve));
  const ms = performance.now() - started;
  // It ended by itself, its stdin still open, once READ_TIMEOUT_MS (2 s) had passed; with no
  // server to report to, how soon after that is node's start under load, no concern of a test.
  t.is(code, 0);
  t.true(ms >= 2000, `the hook took only ${Math.round(ms)} ms`);
});

test.serial('the hook command maps real Claude Code hook payloads and always exits 0', async (t) => {
  const agent = await fakeClaude(t);
  // The session's transcript exists: only a session that has one is bound (see claude-transcript.ts).
  const transcript = path.join(agent.env.env.HOME!, '.claude', 'projects', '-work-app', '9d1f.jsonl');
  fs.mkdirSync(path.dirname(transcript), { recursive: true });
  fs.writeFileSync(transcript, '{}\n');
  const payload = (event: string, extra: object = {}) => JSON.stringify({
    session_id: '9d1f', transcript_path: transcript, cwd: '/work/app', hook_event_name: event, ...extra,
  });
  const steps: [string, object, string, string | null][] = [
    ['SessionStart', { source: 'startup' }, 'idle', null],
    ['UserPromptSubmit', { prompt: 'fix the tests' }, 'working', null],
    ['PreToolUse', { tool_name: 'Bash', tool_input: { command: 'npm test' } }, 'working', null],
    ['Notification', { message: 'Claude needs your permission to use Bash' }, 'blocked', 'permission'],
    ['Stop', { stop_hook_active: false }, 'done', null],
  ];
  for (const [event, extra, state, kind] of steps) {
    agent.say(`hook ${payload(event, extra)}`);
    const p = await until(agent, event, (s) => s.status.source === 'hook' && s.status.state === state);
    t.is(p.status.state, state, event);
    if (kind) t.regex(await agent.env.ok(['capture', '--pane', '1']), /hook-rc=0/);
  }
  // The session id a restore would resume, as info shows it.
  t.like((await agent.status()).hook, { agent: 'claude-code', ownerPid: agent.pid, status: 'done', event: 'Stop', sessionId: '9d1f' });
  agent.say(`hook ${payload('SessionEnd', { reason: 'exit' })}`);
  t.is((await until(agent, 'hook state ended', (s) => s.status.source !== 'hook')).hook, null);
  // Garbage and real events from outside an agent are discarded, still with exit 0; a hook that
  // was sent is applied before the command exits, so the state right after shows it was not.
  const outside = await agent.env.cli(['agent', 'hook', 'claude-code'], { THURM_PANE_ID: '1', THURM_SOCKET: agent.env.socket },
    payload('UserPromptSubmit', { prompt: 'from outside' }));
  t.is(outside.code, 0);
  t.not((await agent.env.json(['info'])).panes[0].status.source, 'hook', 'an event from outside the agent changed nothing');
  agent.say('hook this is not json');
  await waitUntil(async () => (await agent.env.capture('1')).match(/hook-rc=0/g)?.length === 7, 'every hook exited 0');
});

test.serial('with detection disabled, screen rules and activity say nothing but reports and OSC 7501 still work', async (t) => {
  const agent = await fakeClaude(t, '[detection]\nenabled = false\n');
  agent.say('screen claude-permission.txt');
  await waitUntil(async () => (await agent.env.capture('1')).includes('Do you want to proceed?'), 'the dialog on screen');
  t.is((await agent.status()).status.source, 'none');
  agent.say('report --agent claude-code --instance x --sequence 1 --status working');
  await until(agent, 'report', (p) => p.status.source === 'report');
  agent.say('osc state=blocked:kind=auth');
  await until(agent, 'program-status', (p) => p.status.source === 'program-status');
  t.like((await agent.status()).agent, { instance: 'x', status: 'working' });
});

test.serial('output in a turn means working, quiet for the idle threshold ends it; output with no prompt is no turn', async (t) => {
  const agent = await fakeClaude(t, '[detection]\nidle-threshold = 1\n');
  agent.say('screen claude-unclear.txt');
  await until(agent, 'idle at first', (p) => p.status.state === 'idle');
  // Nothing was typed: what it prints is no turn of the user's (start-up, a redraw). The
  // status watch looks half a second after output, within its activity window.
  const connection = await Connection.open(agent.env.socket);
  t.teardown(() => connection.close());
  const states: string[] = [];
  connection.ws.on('message', (data) => {
    const msg = JSON.parse(data.toString());
    if (msg.type === 'event' && msg.event.type === 'status-changed') states.push(msg.event.status.state);
  });
  await connection.request('subscribe', { types: ['status-changed'] });
  agent.say('stream');
  await waitUntil(async () => (await agent.env.json(['agent', 'explain', '--pane', '1'])).lastOutputMs < 500, 'it prints');
  agent.say('stop');
  await waitUntil(async () => (await agent.env.json(['agent', 'explain', '--pane', '1'])).lastOutputMs >= 1500, 'it went quiet past the threshold');
  t.deepEqual(states, [], 'output with no prompt: no working, no state at all');
  // The tty echoes what is typed into the agent; that echo is not the agent's activity.
  await agent.env.ok(['send', '--pane', '1', 'fix it', '--enter']);
  const e = await agent.env.json(['agent', 'explain', '--pane', '1']);
  t.true(e.lastOutputMs >= 1000, `last output ${e.lastOutputMs} ms ago`);
  // A prompt was typed: printing now is the turn's work.
  agent.say('stream');
  await until(agent, 'working while it prints', (p) => p.status.state === 'working' && p.status.source === 'screen-and-activity');
  agent.say('stop');
  // Nobody watches the pane: the turn ended unseen, done until it is seen.
  await until(agent, 'done after a quiet second', (p) => p.status.state === 'done');
});

test.serial('integration install merges the hooks into Claude Code settings once, with a backup', async (t) => {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  const settings = path.join(env.dir, 'home', '.claude', 'settings.json');
  fs.mkdirSync(path.dirname(settings), { recursive: true });
  fs.writeFileSync(settings, JSON.stringify({ model: 'opus', hooks: { Stop: [{ hooks: [{ type: 'command', command: 'say done' }] }] } }));
  const printed = JSON.parse(await env.ok(['integration', 'install', 'claude-code', '--print']));
  t.is(printed.model, 'opus');
  t.deepEqual(Object.keys(printed.hooks).sort(), ['Notification', 'PostToolUse', 'PreToolUse', 'SessionEnd', 'SessionStart', 'Stop', 'UserPromptSubmit']);
  t.is(printed.hooks.Stop.length, 2);
  t.is(JSON.parse(fs.readFileSync(settings, 'utf8')).hooks.Stop.length, 1, '--print writes nothing');
  t.regex(await env.ok(['integration', 'install', 'claude-code']), /installed thurm hooks/);
  const once = fs.readFileSync(settings, 'utf8');
  t.true(fs.existsSync(`${settings}.thurm-backup`));
  t.regex(await env.ok(['integration', 'install', 'claude-code']), /already installed/);
  t.is(fs.readFileSync(settings, 'utf8'), once);
  t.regex(JSON.parse(once).hooks.PreToolUse[0].hooks[0].command, /thurm' agent hook claude-code$|thurm agent hook claude-code$/);
  t.is((await env.cli(['integration', 'install', 'vim'])).code, 2);
  // Claude Code reads CLAUDE_CONFIG_DIR when it is set, and so does the installer.
  const own = path.join(env.dir, 'claude-config');
  t.regex(await env.ok(['integration', 'install', 'claude-code'], { CLAUDE_CONFIG_DIR: own }), /installed thurm hooks/);
  t.true(fs.existsSync(path.join(own, 'settings.json')));
});
