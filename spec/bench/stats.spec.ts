import test from 'ava';
import { interleave } from '../../bench/rounds.js';
import { latency, median, percentile } from '../../bench/stats.js';

test('the median of an odd count is the middle value, of an even count the mean of the two middle ones', (t) => {
  t.is(median([5, 1, 3]), 3);
  t.is(median([4, 1, 3, 2]), 2.5);
  t.true(Number.isNaN(median([])));
});

test('percentiles are by nearest rank over the sorted samples', (t) => {
  const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
  t.is(percentile(samples, 50), 50);
  t.is(percentile(samples, 99), 99);
  t.is(percentile(samples, 100), 100);
  t.is(percentile([7], 99), 7);
  t.deepEqual(latency([3, 1, 2]), { p50: 2, p99: 3, samples: 3 });
});

test('rounds interleave the subjects A B A B', (t) => {
  t.deepEqual(interleave(2, ['thurm', 'tmux']).map((turn) => `${turn.round}${turn.name}`), ['0thurm', '0tmux', '1thurm', '1tmux']);
  t.deepEqual(interleave(0, ['thurm']), []);
});
