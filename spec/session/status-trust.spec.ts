// A status you can trust, on made-up processes and a made-up clock: done from every source is
// cleared by the same seen rule, a hook's working ends with the turn it told of, a command
// line typed into a shell is no turn, no source is read half-cleared, causes come before their
// effects, and notifications are told once.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { agentExplain, explainPane } from '../../lib/commands/agent/explain.js';
import type { CommandContext } from '../../lib/commands/command.js';
import { dispatch } from '../../lib/commands/dispatch.js';
import { DEFAULT_CONFIG } from '../../lib/session/config.js';
import { mostUrgent } from '../../lib/session/navigation.js';
import type { MuxEvent } from '../../lib/session/events.js';
import { fakeMux } from '../helpers/fake-mux.js';
import { FakeProcesses } from '../helpers/fake-proc.js';
import { waitUntil } from '../helpers/wait.js';
import { livePane } from '../helpers/live-pane.js';
import { ROOT } from '../helpers/thurm-env.js';

const IDLE_MS = DEFAULT_CONFIG.detection.idleThresholdMs;

function setUp(t: { teardown(fn: () => void): void }, panes = 1) {
  let clock = 1_000_000;
  const procs = new FakeProcesses(process.pid, ['bash'], '/home/u');
  const { mux, ptys } = fakeMux(t, { proc: procs.facts, now: () => clock, size: { cols: 100, rows: 30 } });
  mux.start({ argv: ['bash'], cwd: '/' });
  for (let i = 1; i < panes; i++) mux.split('1', 'right', { argv: ['bash'], cwd: '/' });
  const events: MuxEvent[] = [];
  mux.subscribe((e) => events.push(e));
  const advance = (ms: number) => { clock += ms; };
  /** What the status watch does on its tick: time-driven transitions, then announce. */
  const tick = (id = '1') => livePane(mux, id).tick(clock);
  /** Pane `id`'s foreground program ends, the watch ticks, and `argv` starts there (pid `pid`) without keys. */
  const replaceAgent = (id: string, pid: number, argv: string[]) => {
    procs.back();
    livePane(mux, id).checkForeground();
    advance(100);
    tick(id);
    return (typed?: string) => {
      if (typed) {
        mux.typeInto(id, typed);
        mux.focus('1');
      }
      procs.run(pid, argv);
      livePane(mux, id).checkForeground();
    };
  };
  /** Pane `id` prints a start-up banner, then goes quiet past the idle threshold, ticked as the watch does. */
  const startUp = (id: string) => {
    advance(1000);
    ptys[Number(id) - 1].output('Gemini CLI banner');
    advance(100);
    tick(id);
    advance(IDLE_MS + 2000);
    tick(id);
  };
  return { mux, ptys, procs, events, advance, tick, replaceAgent, startUp, now: () => clock };
}

const hook = (event: string, message?: string) => ({ agent: 'claude-code', ownerPid: 4242, event, ...(message && { message }) });

test('a hook\'s done is seen like a record\'s: focusing the pane or typing into it shows idle, and focus --urgent passes it by', (t) => {
  const { mux, procs } = setUp(t, 2);
  procs.run(4242, ['claude']);
  mux.agentHook('1', hook('UserPromptSubmit'));
  mux.agentHook('1', hook('Stop'));
  t.like(mux.pane('1').summary(), { state: 'done', source: 'hook' });
  t.is(mostUrgent(mux), '1');
  mux.focus('1');
  t.like(mux.pane('1').summary(), { state: 'idle', source: 'hook' });
  t.is(mostUrgent(mux), null);
  mux.agentHook('1', hook('UserPromptSubmit'));
  mux.agentHook('1', hook('Stop'));
  t.is(mux.pane('1').summary().state, 'done', 'the next turn ends done again');
  mux.typeInto('1', 'x');
  t.is(mux.pane('1').summary().state, 'idle', 'typing into the pane is seeing it');
});

test('keys typed in a client are seen just after their echo had its turn: by themselves within milliseconds, at once when a request reads the state', async (t) => {
  const { mux, procs, advance } = setUp(t, 2);
  procs.run(4242, ['claude']);
  const done = () => {
    advance(1000);
    mux.agentHook('1', hook('UserPromptSubmit'));
    mux.agentHook('1', hook('Stop'));
    t.is(mux.pane('1').summary().state, 'done');
  };
  done();
  mux.typeInto('1', 'x', false, true);
  t.is(mux.pane('1').summary().state, 'done', 'not yet: the echo goes first');
  await waitUntil(() => mux.pane('1').summary().state === 'idle', 'the keys seen by themselves', 1000);
  const session: CommandContext = { mux, clients: () => [], shutdown: () => {}, upgrade: async () => ({ pid: 0 }), renameSession: async () => {} };
  // Loaded before: the request below then runs in the same turn, before the keys settle by themselves.
  t.true((await dispatch(session, { id: 1, type: 'info' })).ok);
  done();
  mux.typeInto('1', 'x', false, true);
  const reply = await dispatch(session, { id: 2, type: 'info' });
  t.like(reply, { ok: true, result: { panes: [{ id: '1', status: { state: 'idle' } }] } }, 'a request sees them seen');
  done();
  mux.typeInto('1', 'x');
  t.is(mux.pane('1').summary().state, 'idle', 'keys from anything else than a client are seen at once');
});

test('a report\'s done is seen by focusing the pane, and the next turn\'s done shows again', (t) => {
  const { mux, procs } = setUp(t, 2);
  procs.run(4242, ['my-agent']);
  const report = (sequence: number, status: 'working' | 'done') => mux.agentReport('2', { agent: 'mine', ownerPid: 4242, instance: 'i1', sequence, status });
  report(1, 'working');
  report(2, 'done');
  t.like(mux.pane('2').summary(), { state: 'done', source: 'report' });
  mux.focus('2');
  t.like(mux.pane('2').summary(), { state: 'idle', source: 'report' });
  report(3, 'working');
  report(4, 'done');
  t.is(mux.pane('2').summary().state, 'done');
});

test('a hook\'s working stops counting once the agent has printed nothing for the idle threshold; its next event counts again', (t) => {
  const { mux, ptys, procs, advance, tick } = setUp(t);
  procs.run(4242, ['claude']);
  mux.agentHook('1', hook('UserPromptSubmit'));
  ptys[0].output('thinking');
  advance(IDLE_MS - 1);
  tick();
  t.like(mux.pane('1').summary(), { state: 'working', source: 'hook' }, 'not yet: quiet for less than the threshold');
  advance(2);
  tick();
  t.not(mux.pane('1').summary().source, 'hook', 'an API error ended the turn without a Stop: the hook no longer decides');
  const explained = explainPane(mux, '1');
  t.regex(explained.hook?.stale ?? '', /no output for 5 s after UserPromptSubmit/);
  t.regex(agentExplain.print!(explained as never), /hook: claude-code working \(UserPromptSubmit, owner 4242\); no longer counts: no output/);
  t.regex(agentExplain.print!(explained as never), /screen-and-activity ends: /, 'explain says how the winning state ends');
  mux.agentHook('1', hook('PreToolUse'));
  t.like(mux.pane('1').summary(), { state: 'working', source: 'hook' });
});

test('a command line typed into a shell starts a program, not a turn: an agent launched unseen is idle all through its start-up; a prompt typed to it is working, then done', (t) => {
  const { mux, ptys, procs, advance, tick } = setUp(t, 2);
  mux.typeInto('1', 'gemini\r');
  procs.run(4242, ['gemini']);
  livePane(mux, '1').checkForeground();
  advance(1000);
  ptys[0].output('Gemini CLI banner\r\n> ');
  advance(100);
  tick();
  t.like(mux.pane('1').summary(), { state: 'idle', source: 'screen-and-activity' }, 'start-up output is no turn: idle, never working');
  advance(IDLE_MS + 2000);
  tick();
  t.like(mux.pane('1').summary(), { state: 'idle', source: 'screen-and-activity' }, 'its start-up is no turn: idle, not done');
  mux.typeInto('1', 'fix the bug\r');
  advance(300);
  ptys[0].output('working on it');
  tick();
  t.is(mux.pane('1').summary().state, 'working', 'output in a turn is work');
  advance(IDLE_MS + 2000);
  tick();
  t.like(mux.pane('1').summary(), { state: 'done', source: 'screen-and-activity' }, 'a prompt typed to the agent is a turn');
});

test('keys typed to an agent that thurm does not know yet (still starting) prompt a turn: what it prints then is working', (t) => {
  const { mux, ptys, procs, advance, tick } = setUp(t);
  // Before its exec, the pane's new program still shows its parent's command line.
  procs.run(4242, ['node', '/srv/launcher.js']);
  livePane(mux, '1').checkForeground();
  mux.typeInto('1', 'explain this\r');
  procs.exec(['gemini']);
  livePane(mux, '1').checkForeground();
  advance(300);
  ptys[0].output('streamed 1');
  advance(100);
  tick();
  t.is(mux.pane('1').summary().state, 'working');
});

test('keys typed while the foreground process has no command line yet (between fork and exec) reach the pane, and detection decides', (t) => {
  const { mux, procs } = setUp(t);
  procs.run(4242, []);
  livePane(mux, '1').checkForeground();
  t.notThrows(() => mux.typeInto('1', 'x'));
});

test('keys typed before the pane\'s own program has exec\'d reach what thurm started: a shell gets a command line, not a prompt', (t) => {
  const { mux, ptys, procs, advance, tick } = setUp(t);
  // A new window's shell, forked from the server and not yet exec'd, shows the server's command line.
  const server = [process.argv0, ...process.execArgv, ...process.argv.slice(1)];
  procs.exec(server);
  livePane(mux, '1').checkForeground();
  mux.typeInto('1', 'gemini\r');
  procs.exec(['bash']);
  procs.run(4242, ['gemini']);
  livePane(mux, '1').checkForeground();
  advance(1000);
  ptys[0].output('Gemini CLI banner');
  advance(100);
  tick();
  advance(IDLE_MS + 2000);
  tick();
  t.is(mux.pane('1').summary().state, 'idle', 'its start-up was no turn, so no done');
});

/** Pane 2 runs Gemini and was given a prompt; pane 1 is focused. */
async function agentWithRecords(t: { teardown(fn: () => void): void }) {
  const world = setUp(t, 2);
  const { mux, ptys, procs, advance, tick } = world;
  procs.run(4242, ['gemini']);
  livePane(mux, '2').checkForeground();
  advance(1000);
  mux.typeInto('2', 'go\r');
  mux.focus('1');
  advance(1000);
  ptys[1].output('\x1b]7501;state=working\x07busy');
  await waitUntil(() => mux.pane('2').summary().source === 'program-status', 'the record');
  advance(100);
  tick('2');
  return world;
}

test('a turn a record told of leaves no done of its own: once its done record is seen, the pane is idle, never a stale done', async (t) => {
  const { mux, ptys, events, advance, tick } = await agentWithRecords(t);
  ptys[1].output('\x1b]7501;state=done\x07');
  await waitUntil(() => mux.pane('2').summary().state === 'done', 'the done record');
  advance(IDLE_MS + 2000);
  tick('2');
  events.length = 0;
  const shown: string[] = [];
  mux.subscribe((e) => { if (e.type === 'status-changed' && e.pane === '2') shown.push(mux.pane('2').summary().state); });
  mux.focus('2');
  t.like(mux.pane('2').summary(), { state: 'idle', source: 'screen-and-activity' });
  t.deepEqual(shown, ['idle'], 'no done after the record went');
});

test('once a done record is seen, output printed while the record decided is not activity: the pane is idle at once, not working', async (t) => {
  const { mux, ptys, advance } = await agentWithRecords(t);
  ptys[1].output('\x1b]7501;state=done\x07final words');
  await waitUntil(() => mux.pane('2').summary().state === 'done', 'the done record');
  advance(200);
  mux.focus('2');
  t.like(mux.pane('2').summary(), { state: 'idle', source: 'screen-and-activity' });
  advance(100);
  ptys[1].output('more');
  advance(10);
  t.is(mux.pane('2').sources.detection(undefined, true).state, 'idle', 'output with no prompt since is no turn');
  mux.typeInto('2', 'next\r');
  advance(100);
  ptys[1].output('more');
  advance(10);
  t.is(mux.pane('2').sources.detection(undefined, true).state, 'working', 'output after a prompt is activity again');
});

test('the status change a focus causes comes after its focus-changed event', async (t) => {
  const { mux, ptys, events } = setUp(t, 2);
  mux.focus('1');
  ptys[1].output('\x1b]7501;state=done\x07');
  await waitUntil(() => mux.pane('2').summary().state === 'done', 'the done record');
  events.length = 0;
  mux.focus('2');
  const order = events.filter((e) => e.type === 'focus-changed' || (e.type === 'status-changed' && e.pane === '2')).map((e) => e.type);
  t.deepEqual(order, ['focus-changed', 'status-changed']);
});

test('a title that changes twenty times at once is announced at most twice, and the last announcement has the last title', async (t) => {
  const { mux, ptys } = setUp(t);
  const announced: string[] = [];
  mux.subscribe((e) => { if (e.type === 'pane-title-changed') announced.push(mux.pane(e.pane).title); });
  ptys[0].output(Array.from({ length: 20 }, (_, i) => `\x1b]2;spin ${i}\x07`).join(''));
  await waitUntil(() => announced.at(-1) === 'spin 19', 'the last title announced');
  t.true(announced.length <= 2, `announced: ${announced.join(', ')}`);
});

test('a notification from a plain program marks the pane for attention (!), not blocked, and is raised once', async (t) => {
  const { mux, ptys, events } = setUp(t, 2);
  mux.focus('1');
  ptys[1].output('\x1b]9;Build finished\x07');
  await waitUntil(() => events.some((e) => e.type === 'notification'), 'the notification');
  t.is(mux.pane('2').summary().state, 'none');
  t.true(mux.pane('2').rang, 'the ! mark');
  t.is(events.filter((e) => e.type === 'notification').length, 1);
  mux.focus('2');
  t.false(mux.pane('2').rang);
});

test('one question, one notification: an agent that rings as its permission hook arrives notifies once', async (t) => {
  const { mux, ptys, procs, events } = setUp(t, 2);
  mux.focus('1');
  procs.run(4242, ['claude']);
  livePane(mux, '2').checkForeground();
  mux.agentHook('2', hook('UserPromptSubmit'));
  ptys[1].output('\x07');
  await waitUntil(() => events.some((e) => e.type === 'notification'), 'the bell\'s notification');
  mux.agentHook('2', { agent: 'claude-code', ownerPid: 4242, event: 'Notification', message: 'Claude needs your permission to use Bash' });
  t.like(mux.pane('2').summary(), { state: 'blocked', source: 'hook', kind: 'permission' });
  t.is(events.filter((e) => e.type === 'notification').length, 1);
});

test('entering blocked notifies once with the agent\'s message; a hook that says nothing new does not notify again', (t) => {
  const { mux, procs, events } = setUp(t, 2);
  mux.focus('1');
  procs.run(4242, ['claude']);
  mux.agentHook('2', hook('Notification', 'Claude needs your permission to use Bash'));
  mux.agentHook('2', hook('Notification', 'Claude needs your permission to use Bash'));
  const notes = events.flatMap((e) => (e.type === 'notification' ? [e.notification] : []));
  t.deepEqual(notes, [{ cause: 'blocked', title: 'claude-code blocked', text: 'Claude needs your permission to use Bash' }]);
});

test('an agent that clears its error record as it exits is not taken for working by the output it printed while going', async (t) => {
  const { mux, ptys, procs, advance } = setUp(t, 2);
  mux.focus('1');
  procs.run(4242, ['gemini']);
  livePane(mux, '2').checkForeground();
  advance(1000);
  ptys[1].output('\x1b]7501;state=error\x07');
  await waitUntil(() => mux.pane('2').summary().state === 'error', 'the error record');
  advance(1000);
  ptys[1].output('shutting down\r\n\x1b]7501;state=clear\x07bye\r\n');
  await waitUntil(() => mux.pane('2').summary().source !== 'program-status', 'the record cleared');
  advance(10);
  t.not(mux.pane('2').summary().state, 'working', 'output printed while the record decided is no activity');
});

test('focusing clears a hook\'s done even while a detected done and a bell are pending beneath it', async (t) => {
  const { mux, ptys, procs, advance, tick } = setUp(t, 2);
  mux.focus('1');
  procs.run(4242, ['claude']);
  livePane(mux, '2').checkForeground();
  advance(1000);
  mux.typeInto('2', 'go\r');
  mux.focus('1');
  mux.agentHook('2', hook('UserPromptSubmit'));
  advance(1000);
  ptys[1].output('working hard\x07');
  await waitUntil(() => mux.pane('2').rang, 'the bell');
  advance(100);
  tick('2');
  mux.agentHook('2', hook('Stop'));
  advance(IDLE_MS + 2000);
  tick('2');
  t.like(mux.pane('2').summary(), { state: 'done', source: 'hook' });
  mux.focus('2');
  t.like(mux.pane('2').summary(), { state: 'idle', source: 'hook' });
  t.is(mostUrgent(mux), null);
});

test('looking at a blocked pane does not raise its question again', async (t) => {
  const { mux, ptys, procs, events } = setUp(t, 2);
  mux.focus('1');
  procs.run(4242, ['claude']);
  livePane(mux, '2').checkForeground();
  ptys[1].output('\x07');
  await waitUntil(() => mux.pane('2').rang, 'the bell');
  mux.agentHook('2', hook('Notification', 'Claude needs your permission to use Bash'));
  mux.focus('2');
  mux.agentHook('2', hook('Notification', 'Claude needs your permission to use Bash'));
  t.is(events.filter((e) => e.type === 'notification').length, 1);
});

/** Pane 2 runs Gemini, given `keys` while pane 1 is focused. */
function geminiTyped(t: { teardown(fn: () => void): void }, keys: string) {
  const world = setUp(t, 2);
  world.mux.focus('1');
  world.procs.run(4242, ['gemini']);
  livePane(world.mux, '2').checkForeground();
  world.advance(1000);
  world.mux.typeInto('2', keys);
  world.mux.focus('1');
  return world;
}

test('an agent that exited leaves no turn behind: the next one launched by a command line starts idle', (t) => {
  const { mux, replaceAgent, startUp } = geminiTyped(t, '/quit\r');
  replaceAgent('2', 4343, ['gemini'])('gemini\r');
  startUp('2');
  t.is(mux.pane('2').summary().state, 'idle');
});

test('a turn a record decided ends as the record says: quiet under an error record leaves no done behind once the record goes', async (t) => {
  const { mux, ptys, advance, tick } = await agentWithRecords(t);
  ptys[1].output('\x1b]7501;state=error:msg=QVBJIEVycm9y\x07API Error');
  await waitUntil(() => mux.pane('2').summary().state === 'error', 'the error record');
  advance(IDLE_MS + 2000);
  tick('2');
  t.is(mux.pane('2').summary().state, 'error');
  // The program resets its terminal on its way out: the record ends, and detection decides again.
  ptys[1].output('\x1bc');
  await waitUntil(() => mux.pane('2').summary().source !== 'program-status', 'the record gone');
  tick('2');
  t.like(mux.pane('2').summary(), { state: 'idle', source: 'screen-and-activity' }, 'not done: the record told how the turn ended');
});

test('a hook\'s idle from the session start does not hide a dialog the screen shows: blocked, not a false idle', async (t) => {
  const { mux, ptys, procs, tick } = setUp(t);
  procs.run(4242, ['claude']);
  livePane(mux, '1').checkForeground();
  const dialog = fs.readFileSync(path.join(ROOT, 'spec', 'fixtures', 'screens', 'claude-permission.txt'), 'utf8').replace(/\n/g, '\r\n');
  ptys[0].output(dialog);
  await mux.pane('1').term.flushed();
  tick();
  t.is(mux.pane('1').summary().state, 'blocked', 'the screen rule sees the dialog');
  mux.agentHook('1', hook('SessionStart'));
  t.like(mux.pane('1').summary(), { state: 'blocked', source: 'screen-and-activity' }, 'the session start says nothing of it');
  ptys[0].output('\x1b[2J\x1b[H> ');
  await mux.pane('1').term.flushed();
  tick();
  t.like(mux.pane('1').summary(), { state: 'idle', source: 'hook' }, 'the dialog gone: the hook decides again');
});

test('a flood of bells is one status change, not one per bell', async (t) => {
  const { mux, ptys, procs, events } = setUp(t, 2);
  mux.focus('1');
  procs.run(4242, ['claude']);
  livePane(mux, '2').checkForeground();
  ptys[1].output('\x07'.repeat(200));
  await waitUntil(() => mux.pane('2').summary().source === 'notification', 'blocked by the bell');
  await mux.pane('2').term.flushed();
  t.true(events.filter((e) => e.type === 'status-changed' && e.pane === '2').length <= 2);
  t.is(events.filter((e) => e.type === 'notification').length, 1);
});

test('a hook\'s question answered by keys, with no dialog left on screen, stops counting: a refusal sends no next event', (t) => {
  const { mux, procs, advance, tick } = setUp(t);
  procs.run(4242, ['claude']);
  mux.agentHook('1', hook('Notification', 'Claude needs your permission to use Bash'));
  t.like(mux.pane('1').summary(), { state: 'blocked', source: 'hook' });
  advance(1000);
  mux.typeInto('1', '\x1b');
  advance(1999);
  tick();
  t.is(mux.pane('1').summary().state, 'blocked', 'the agent still has time to send its next event');
  advance(2);
  tick();
  t.not(mux.pane('1').summary().source, 'hook');
  t.regex(mux.pane('1').sources.hook.current()?.stale ?? '', /answered by keys/);
});

test('an agent that exits before its turn is seen to end leaves no turn to the next agent started without keys', (t) => {
  const { mux, replaceAgent, startUp } = geminiTyped(t, 'go\r');
  // A script in the pane starts the next agent: no keys reach it.
  replaceAgent('2', 4343, ['gemini'])();
  startUp('2');
  t.is(mux.pane('2').summary().state, 'idle');
});

test('a turn seen done is over for every source: neither the detected end nor a hook\'s Stop arriving after it shows done again, and the next prompt\'s turn does', async (t) => {
  const { mux, ptys, events, advance, tick } = await agentWithRecords(t);
  ptys[1].output('\x1b]7501;state=done\x07');
  await waitUntil(() => mux.pane('2').summary().state === 'done', 'the done record');
  mux.focus('2');
  mux.focus('1');
  advance(IDLE_MS + 2000);
  tick('2');
  t.not(mux.pane('2').summary().state, 'done', 'the detected end of the turn was seen with the record');
  // Codex's notify comes from its daemon, after its own record: the same turn, seen already.
  mux.agentHook('2', { agent: 'gemini', ownerPid: 4242, event: 'Stop' });
  t.like(mux.pane('2').summary(), { state: 'idle', source: 'hook' });
  t.is(events.filter((e) => e.type === 'notification' && e.notification.cause === 'done').length, 1);
  mux.typeInto('2', 'next\r');
  mux.focus('1');
  mux.agentHook('2', { agent: 'gemini', ownerPid: 4242, event: 'UserPromptSubmit' });
  mux.agentHook('2', { agent: 'gemini', ownerPid: 4242, event: 'Stop' });
  t.like(mux.pane('2').summary(), { state: 'done', source: 'hook' });
});
