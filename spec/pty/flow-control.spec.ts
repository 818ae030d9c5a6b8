import test from 'ava';
import { FlowControl } from '../../lib/pty/flow-control.js';

/** A FlowTarget that records what was asked of it. */
function recorder() {
  const calls: string[] = [];
  return { calls, pause: () => calls.push('pause'), resume: () => calls.push('resume') };
}

test('output up to the high-water mark does not pause the pty', (t) => {
  const target = recorder();
  const flow = new FlowControl(target, 100, 20);
  flow.queued(60);
  flow.queued(40);
  t.deepEqual(target.calls, []);
  t.is(flow.backlog, 100);
});

test('output past the high-water mark pauses the pty once', (t) => {
  const target = recorder();
  const flow = new FlowControl(target, 100, 20);
  flow.queued(60);
  flow.queued(41);
  flow.queued(500);
  t.deepEqual(target.calls, ['pause']);
});

test('a paused pty resumes only once parsed callbacks bring the backlog below low water', (t) => {
  const target = recorder();
  const flow = new FlowControl(target, 100, 20);
  const first = flow.queued(60);
  const second = flow.queued(50);
  const third = flow.queued(15);
  t.deepEqual(target.calls, ['pause']);
  first();
  t.is(flow.backlog, 65);
  second();
  t.is(flow.backlog, 15);
  t.deepEqual(target.calls, ['pause', 'resume']);
  third();
  t.deepEqual(target.calls, ['pause', 'resume']);
  t.is(flow.backlog, 0);
});

test('a backlog exactly at low water keeps the pty paused', (t) => {
  const target = recorder();
  const flow = new FlowControl(target, 100, 20);
  const big = flow.queued(101);
  flow.queued(20);
  big();
  t.deepEqual(target.calls, ['pause']);
});

test('callbacks that run while not paused never resume, and a later surge pauses again', (t) => {
  const target = recorder();
  const flow = new FlowControl(target, 100, 20);
  flow.queued(10)();
  t.deepEqual(target.calls, []);
  flow.queued(200)();
  flow.queued(200);
  t.deepEqual(target.calls, ['pause', 'resume', 'pause']);
});
