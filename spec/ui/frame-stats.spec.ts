import test from 'ava';
import { FRAME_RING, FrameStats } from '../../lib/ui/frame-stats.js';

test('there is no summary before the first frame', (t) => {
  t.is(new FrameStats().summary(), null);
});

test('the summary gives the median and the 99th percentile of the recorded frames', (t) => {
  const stats = new FrameStats();
  for (let ms = 100; ms >= 1; ms--) stats.record(ms);
  t.deepEqual(stats.summary(), { count: 100, p50Ms: 51, p99Ms: 100 });
});

test('only the last FRAME_RING frames count, while count keeps every frame', (t) => {
  const stats = new FrameStats();
  for (let i = 0; i < FRAME_RING; i++) stats.record(500);
  for (let i = 0; i < FRAME_RING; i++) stats.record(2);
  t.deepEqual(stats.summary(), { count: 2 * FRAME_RING, p50Ms: 2, p99Ms: 2 });
});
