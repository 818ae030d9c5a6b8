import test from 'ava';
import { INPUT_LIMIT, REPLY_LIMIT, WriteQueue, type WriteKind } from '../../lib/pty/write-queue.js';
import { waitUntil } from '../helpers/wait.js';

const eagain = () => Object.assign(new Error('EAGAIN'), { code: 'EAGAIN' });

/** A kernel buffer of `room` bytes that the program drains when the spec says so. */
class Kernel {
  received = '';
  constructor(public room: number) {}
  readonly writeSome = (data: Buffer): number => {
    if (this.room === 0) throw eagain();
    const n = Math.min(this.room, data.length);
    this.room -= n;
    this.received += data.subarray(0, n).toString();
    return n;
  };
}

test('writes go straight through while the program reads', (t) => {
  const kernel = new Kernel(1000);
  const q = new WriteQueue(kernel.writeSome);
  t.true(q.write('ab', 'input'));
  t.true(q.write('\x1b[1;1R', 'reply'));
  t.is(kernel.received, 'ab\x1b[1;1R');
  t.is(q.backlog, 0);
});

test('replies past the reply limit are dropped when the program does not read, and reported', (t) => {
  const dropped: [WriteKind, number][] = [];
  const q = new WriteQueue(new Kernel(0).writeSome, (kind, bytes) => dropped.push([kind, bytes]));
  t.teardown(() => q.close());
  const reply = '\x1b[24;80R';
  let accepted = 0;
  for (let i = 0; i < 100_000; i++) if (q.write(reply, 'reply')) accepted++;
  t.is(accepted, Math.floor(REPLY_LIMIT / reply.length));
  t.true(q.backlog <= REPLY_LIMIT);
  t.is(dropped.length, 100_000 - accepted);
  t.deepEqual(dropped[0], ['reply', reply.length]);
});

test('typed input has its own, larger limit: replies waiting do not crowd it out', (t) => {
  const q = new WriteQueue(new Kernel(0).writeSome);
  t.teardown(() => q.close());
  while (q.write('x'.repeat(1000), 'reply'));
  t.true(q.write('y'.repeat(REPLY_LIMIT * 4), 'input'));
  t.true(q.write('z'.repeat(INPUT_LIMIT - REPLY_LIMIT * 4), 'input'));
  t.false(q.write('!', 'input'));
});

test('what waits is written in order as the program reads, after the kernel refused it', async (t) => {
  const kernel = new Kernel(3);
  const q = new WriteQueue(kernel.writeSome);
  q.write('hello ', 'input');
  q.write('\x1b[0n', 'reply');
  q.write('world', 'input');
  t.is(kernel.received, 'hel');
  kernel.room = 100;
  await waitUntil(() => q.backlog === 0, 'the queue to drain');
  t.is(kernel.received, 'hello \x1b[0nworld');
});

test('an fd that is gone (EBADF) ends the queue: nothing more is queued or written', (t) => {
  let calls = 0;
  const q = new WriteQueue(() => {
    calls++;
    throw Object.assign(new Error('EBADF'), { code: 'EBADF' });
  });
  q.write('a', 'input');
  t.is(q.backlog, 0);
  t.false(q.write('b', 'input'));
  t.is(calls, 1);
  t.is(q.backlog, 0);
});
