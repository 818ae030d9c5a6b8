import test from 'ava';
import { DEFAULT_CONFIG } from '../../lib/session/config.js';
import { PaneSources } from '../../lib/session/pane-sources.js';

function sources(program = 'gemini'): PaneSources {
  const screen = { foreground: () => ({ argv: [program], resolvedScript: null }), lines: () => ['> '], title: () => '', app: () => null, recorded: () => false };
  const facts = { stat: () => null, foregroundPgid: () => null, program: () => null };
  return new PaneSources(screen, facts, { ...DEFAULT_CONFIG.detection, idleThresholdMs: 1000 });
}

test('a pane settles once the idle threshold and the activity window have passed, so nothing needs waking', (t) => {
  const s = sources();
  s.onOutput(10_000);
  t.false(s.settled(10_500), 'output just now: working can still turn idle');
  t.false(s.settled(12_000));
  t.true(s.settled(13_000));
  s.onInput(13_100);
  t.false(s.settled(13_200), 'new input: not settled again');
});

test('a pane with no agent in it is settled right after output: time changes nothing there', (t) => {
  const s = sources('sh');
  s.onOutput(10_000);
  t.true(s.settled(10_001));
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
