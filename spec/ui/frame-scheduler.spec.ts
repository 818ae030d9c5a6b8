import test from 'ava';
import { FRAME_MS, FrameScheduler } from '../../lib/ui/frame-scheduler.js';
import { waitUntil } from '../helpers/wait.js';

/** A scheduler whose sends wait until the spec lets them leave. */
function scheduler() {
  const sent: { echoOnly: boolean; done: () => void }[] = [];
  let lastEcho = false;
  const frames = new FrameScheduler((echoOnly) => {
    lastEcho = echoOnly;
    return 'x';
  }, (_data, done) => sent.push({ echoOnly: lastEcho, done }));
  return { frames, sent };
}

test('an echo frame goes out while a full frame is still queued to the client', async (t) => {
  const { frames, sent } = scheduler();
  frames.request();
  await waitUntil(() => sent.length === 1, 'the full frame');
  frames.echo();
  await waitUntil(() => sent.length === 2, 'the echo frame');
  t.deepEqual(sent.map((s) => s.echoOnly), [false, true]);
  frames.stop();
});

test('only one echo frame is queued at a time; the next echo waits for the full frame', async (t) => {
  const { frames, sent } = scheduler();
  frames.request();
  await waitUntil(() => sent.length === 1, 'the full frame');
  frames.echo();
  await waitUntil(() => sent.length === 2, 'the echo frame');
  frames.echo();
  await new Promise((r) => setImmediate(r));
  t.is(sent.length, 2, 'nothing more while both are queued');
  sent[0].done();
  await waitUntil(() => sent.length === 3, 'the next full frame');
  t.false(sent[2].echoOnly);
  frames.stop();
});

test('an echo frame is composed and sent before echo() returns, not a turn of the loop later', (t) => {
  const { frames, sent } = scheduler();
  frames.echo();
  t.deepEqual(sent.map((s) => s.echoOnly), [true]);
  frames.stop();
});

test('more echo read in the same turn of the loop is drawn at its end in one more echo frame, not a full frame later', async (t) => {
  const composed: boolean[] = [];
  const frames = new FrameScheduler((echoOnly) => {
    composed.push(echoOnly);
    return 'x';
  }, (_data, done) => done());
  frames.echo();
  // Three more reads of echo in this turn of the loop (the client took the first frame at once).
  frames.echo();
  frames.echo();
  frames.echo();
  t.deepEqual(composed, [true], 'the later reads wait for the end of the turn');
  await new Promise((r) => setImmediate(r));
  t.deepEqual(composed, [true, true], 'one more echo frame at its end (a full frame would wait its FRAME_MS)');
  frames.stop();
});

test('a frame that took long to compose spaces the next one by three times its cost', async (t) => {
  const starts: number[] = [];
  const frames = new FrameScheduler(() => {
    starts.push(performance.now());
    // A compose that costs 30 ms, as 40 scrolling panes may.
    const until = performance.now() + 30;
    while (performance.now() < until);
    return 'x';
  }, (_data, done) => done());
  frames.request();
  await waitUntil(() => starts.length === 1, 'the first frame');
  frames.request();
  await waitUntil(() => starts.length === 2, 'the second frame');
  frames.stop();
  // Date.now() spacing: allow its millisecond of rounding.
  t.true(starts[1] - starts[0] >= 89, `the next frame began ${Math.round(starts[1] - starts[0])} ms after the first`);
});

test('an echo frame with nothing to draw still leads to the full frame, which draws what the echo frame leaves out', async (t) => {
  const composed: boolean[] = [];
  const sent: string[] = [];
  // The focused pane shows nothing new (copy mode holds its view); only the border changed.
  const frames = new FrameScheduler((echoOnly) => {
    composed.push(echoOnly);
    return echoOnly ? '' : 'border';
  }, (data, done) => {
    sent.push(data);
    done();
  });
  frames.echo();
  await waitUntil(() => sent.length === 1, 'the full frame');
  t.deepEqual(composed, [true, false]);
  t.true(sent[0].includes('border'));
  frames.stop();
});

test('the full frame after an echo frame waits its FRAME_MS, leaving that moment to the terminal drawing the echo', async (t) => {
  const composed: { echoOnly: boolean; at: number }[] = [];
  const frames = new FrameScheduler((echoOnly) => {
    composed.push({ echoOnly, at: performance.now() });
    return 'x';
  }, (_data, done) => done());
  frames.echo();
  await waitUntil(() => composed.length === 2, 'the full frame');
  frames.stop();
  t.deepEqual(composed.map((c) => c.echoOnly), [true, false]);
  // Date.now() spacing: allow its millisecond of rounding.
  t.true(composed[1].at - composed[0].at >= FRAME_MS - 1, `the full frame came ${(composed[1].at - composed[0].at).toFixed(1)} ms after the echo frame`);
});
