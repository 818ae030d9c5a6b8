import test from 'ava';
import type { ForegroundProcess, ProcFacts } from '../../lib/pty/proc.js';
import { realTimer } from '../../lib/session/one-timer.js';
import { ForegroundWatch } from '../../lib/session/pane-foreground.js';

test('a foreground caught mid-exec (no command line yet) is read again at the next ask, while one with its command line is kept', (t) => {
  const reads: (ForegroundProcess | null)[] = [
    { pid: 42, pgid: 42, argv: [] },
    { pid: 42, pgid: 42, argv: ['bash'] },
    { pid: 42, pgid: 42, argv: ['vim'] },
  ];
  let read = 0;
  const proc = { foregroundOf: () => reads[Math.min(read++, reads.length - 1)] } as unknown as ProcFacts;
  const watch = new ForegroundWatch(proc, () => 1000, realTimer(), { pid: () => 42, argv: () => ['bash'], exited: () => false, groupChanged: () => {}, looked: () => {} });
  t.deepEqual(watch.foreground()?.argv, []);
  // The same moment: a cached command line would be kept, an empty one is not.
  t.deepEqual(watch.foreground()?.argv, ['bash']);
  t.deepEqual(watch.foreground()?.argv, ['bash']);
  t.is(read, 2);
  watch.dispose();
});
