import test from 'ava';
import { MAX_OPTIONS, TmuxOptions } from '../../lib/session/tmux-options.js';

test('a value is found in the most specific scope that has one', (t) => {
  const o = new TmuxOptions();
  o.set('session', 'pane-border-style', 'fg=red');
  o.set('@1', 'pane-border-style', 'fg=blue');
  t.is(o.get('pane-border-style', ['%2', '@1', 'session']), 'fg=blue');
  t.is(o.get('pane-border-style', ['%3', '@2', 'session']), 'fg=red');
  t.deepEqual(o.all(['%2', '@1', 'session']), { 'pane-border-style': 'fg=blue' });
  o.forget('@1');
  t.is(o.get('pane-border-style', ['%2', '@1', 'session']), 'fg=red');
  o.set('session', 'pane-border-style', null);
  t.is(o.size, 0);
});

test('past MAX_OPTIONS values a new one is refused with INVALID_ARGUMENT; replacing one still works', (t) => {
  const o = new TmuxOptions();
  for (let i = 0; i < MAX_OPTIONS; i++) o.set(`%${i}`, '@x', 'v');
  t.is((t.throws(() => o.set('session', '@x', 'v')) as Error & { code?: string })?.code, 'INVALID_ARGUMENT');
  o.set('%0', '@x', 'w');
  t.is(o.get('@x', ['%0']), 'w');
  o.forget('%1');
  t.notThrows(() => o.set('session', '@x', 'v'));
});
