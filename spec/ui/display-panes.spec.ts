import test from 'ava';
import { DISPLAY_PANES_MS, displayPanesTime } from '../../lib/ui/display-panes.js';

const mux = (value: string | undefined) => ({ tmuxOptions: { get: (name: string) => (name === 'display-panes-time' ? value : undefined) } }) as unknown as Parameters<typeof displayPanesTime>[0];

test('display-panes-time: tmux\'s 1 s unless the session set a whole number of ms, at most a minute', (t) => {
  t.is(DISPLAY_PANES_MS, 1000);
  t.is(displayPanesTime(mux(undefined)), 1000);
  t.is(displayPanesTime(mux('2500')), 2500);
  t.is(displayPanesTime(mux('99999999')), 60_000);
  for (const bad of ['0', '-5', '1.5', 'soon', '']) t.is(displayPanesTime(mux(bad)), 1000, bad);
});
