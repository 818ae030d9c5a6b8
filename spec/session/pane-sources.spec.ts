import test from 'ava';
import { ACTIVE_WINDOW_MS } from '../../lib/agent/detector.js';
import { DEFAULT_CONFIG } from '../../lib/session/config.js';
import { PaneSources } from '../../lib/session/pane-sources.js';

function sources(program = 'gemini', idleThresholdMs = 1000): PaneSources {
  const screen = { foreground: () => ({ argv: [program], resolvedScript: null }), typedTo: () => [program], lines: () => ['> '], title: () => '', app: () => null, recorded: () => false };
  const facts = { stat: () => null, foregroundPgid: () => null, program: () => null };
  return new PaneSources(screen, facts, { ...DEFAULT_CONFIG.detection, idleThresholdMs });
}

test('a detected agent\'s status can change with time only at the end of its activity window and at the idle threshold: those are its deadlines, then none', (t) => {
  const s = sources('gemini', 5000);
  t.is(s.nextChangeAt(9000), null, 'no output yet: idle, and time changes nothing');
  s.onOutput(10_000);
  t.is(s.nextChangeAt(10_100), 10_000 + ACTIVE_WINDOW_MS, 'working until the activity window ends');
  t.is(s.nextChangeAt(10_000 + ACTIVE_WINDOW_MS), 15_000, 'then as it was until the idle threshold');
  t.is(s.nextChangeAt(15_000), null);
  s.onInput(15_100);
  t.is(s.nextChangeAt(15_200), null, 'keys alone change nothing with time; their echo is no activity');
});

test('a pane with no agent in it has no deadline after output: time changes nothing there', (t) => {
  const s = sources('sh');
  s.onOutput(10_000);
  t.is(s.nextChangeAt(10_001), null);
});

test('an AI answer is a deadline: it ages out', (t) => {
  const s = sources('gemini', 5000);
  s.setAiAnswer('blocked', null, 10_000);
  t.is(s.nextChangeAt(10_001), 40_000);
});

test('a turn the user started ends done when unseen; start-up output and watched turns do not', (t) => {
  const startup = sources();
  startup.onOutput(1000);
  startup.tick(1100);
  startup.tick(5000);
  t.is(startup.summary({ state: 'none', source: 'none', kind: null, app: null, text: '', progress: null, progressState: null }).state, 'idle');
  const turn = sources();
  turn.onInput(1000);
  turn.tick(1001);
  turn.onOutput(1200);
  turn.tick(1300);
  turn.tick(5000);
  t.is(turn.summary({ state: 'none', source: 'none', kind: null, app: null, text: '', progress: null, progressState: null }).state, 'done');
  const watched = sources();
  watched.onInput(1000);
  watched.onOutput(1200);
  watched.tick(1300, true);
  watched.tick(5000, true);
  t.is(watched.summary({ state: 'none', source: 'none', kind: null, app: null, text: '', progress: null, progressState: null }).state, 'idle');
});
