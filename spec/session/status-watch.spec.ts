// The status watch sleeps until a pane is due: after an event for it, at the deadlines time
// alone can change it (a detected agent's activity window and idle threshold), and every half
// second only while an owner's processes must be looked at. On made-up processes, a made-up
// clock and a made-up timer, so every wake is the spec's own.
import test from 'ava';
import { ACTIVE_WINDOW_MS } from '../../lib/agent/detector.js';
import { DEFAULT_CONFIG } from '../../lib/session/config.js';
import { OWNER_POLL_MS } from '../../lib/session/pane-sources.js';
import type { OneTimer } from '../../lib/session/one-timer.js';
import { LOOK_AFTER_EVENT_MS, StatusWatch } from '../../lib/session/status-watch.js';
import { fakeMux } from '../helpers/fake-mux.js';
import { FakeProcesses } from '../helpers/fake-proc.js';
import { livePane } from '../helpers/live-pane.js';

const IDLE_MS = DEFAULT_CONFIG.detection.idleThresholdMs;

class FakeTimer implements OneTimer {
  run: (() => void) | null = null;
  set(run: () => void): void { this.run = run; }
  clear(): void { this.run = null; }
}

function setUp(t: { teardown(fn: () => void): void }, program: string[], panes = 1) {
  let clock = 1_000_000;
  const procs = new FakeProcesses(process.pid, ['bash'], '/home/u');
  const { mux, ptys } = fakeMux(t, { proc: procs.facts, now: () => clock });
  mux.start({ argv: ['bash'], cwd: '/' });
  for (let i = 1; i < panes; i++) mux.split('1', 'right', { argv: ['bash'], cwd: '/' });
  procs.run(4242, program);
  for (const id of mux.paneIds()) livePane(mux, id).checkForeground();
  const timer = new FakeTimer();
  const announced: string[] = [];
  const watch = new StatusWatch(mux, (id) => livePane(mux, id), (id) => announced.push(id), () => clock, timer);
  t.teardown(() => watch.dispose());
  /** Time moves on to the watch's next wake, and it runs. */
  const wake = () => {
    if (!timer.run) throw new Error('the watch has no timer set');
    clock = watch.nextWake;
    timer.run();
  };
  /** Pane `id` prints `text`; resolves once it is parsed (the pane-output event). */
  const print = async (id: string, text: string) => {
    ptys[Number(id) - 1].output(text);
    await mux.pane(id).term.flushed();
  };
  return { mux, procs, watch, timer, wake, print, announced, now: () => clock };
}

test('a detected agent is looked at after its output, at the end of its activity window and at the idle threshold, then not until the next event', async (t) => {
  const { mux, watch, timer, wake, print, announced, now } = setUp(t, ['gemini']);
  // A prompt typed to it: what it prints after (past the echo's moment) is a turn's work.
  mux.typeInto('1', 'go\r');
  wake();
  t.is(mux.pane('1').summary().state, 'idle');
  t.deepEqual(announced, [], 'typing committed its idle already, and announced it itself');
  t.is(watch.nextWake, Infinity, 'an agent that printed nothing: nothing to wake for');
  t.is(timer.run, null);
  const printedAt = now();
  await print('1', 'thinking...');
  t.is(watch.nextWake, printedAt + LOOK_AFTER_EVENT_MS);
  wake();
  t.is(mux.pane('1').summary().state, 'working');
  t.deepEqual(announced, ['1']);
  t.is(watch.nextWake, printedAt + ACTIVE_WINDOW_MS, 'asleep until the activity window ends');
  wake();
  t.is(mux.pane('1').summary().state, 'working', 'between the window and the threshold, as it was');
  t.is(watch.nextWake, printedAt + IDLE_MS);
  wake();
  t.is(mux.pane('1').summary().state, 'done', 'the turn it was given ended unseen');
  t.deepEqual(announced, ['1', '1']);
  t.is(watch.nextWake, Infinity);
  t.is(timer.run, null, 'settled: no timer at all');
});

test('output in a shell pane is looked at once, that pane alone, and then nothing wakes the watch', async (t) => {
  const { mux, watch, wake, print } = setUp(t, ['bash'], 2);
  wake();
  const looked: string[] = [];
  for (const id of mux.paneIds()) {
    const pane = livePane(mux, id);
    const tick = pane.tick.bind(pane);
    pane.tick = (at) => {
      looked.push(id);
      return tick(at);
    };
  }
  await print('2', 'make: done');
  await print('2', 'more output');
  t.deepEqual(looked, [], 'output alone looks at no pane');
  wake();
  t.deepEqual(looked, ['2'], 'pane 2 once, for both outputs');
  t.is(watch.nextWake, Infinity);
});

test('a pane whose hook owner runs is looked at every half second until the agent is gone, and that is announced', (t) => {
  const { mux, procs, watch, wake, announced, now } = setUp(t, ['claude']);
  wake();
  mux.agentHook('1', { agent: 'claude-code', ownerPid: 4242, event: 'UserPromptSubmit' });
  wake();
  t.like(mux.pane('1').summary(), { state: 'working', source: 'hook' });
  const polls: number[] = [];
  for (let i = 0; i < 3; i++) {
    polls.push(watch.nextWake - now());
    wake();
  }
  t.deepEqual(polls, [OWNER_POLL_MS, OWNER_POLL_MS, OWNER_POLL_MS]);
  t.deepEqual(announced, ['1'], 'working was announced once');
  const events: string[] = [];
  mux.subscribe((e) => events.push(e.type));
  procs.back();
  wake();
  t.not(mux.pane('1').summary().source, 'hook');
  t.deepEqual(announced, ['1', '1'], 'the agent leaving is announced without any event');
  // The shell being back changed the pane's title: that event is looked at, and then nothing.
  t.deepEqual(events, ['pane-title-changed']);
  t.is(watch.nextWake, now() + LOOK_AFTER_EVENT_MS);
  wake();
  t.is(watch.nextWake, Infinity, 'no owner left to look for');
});
