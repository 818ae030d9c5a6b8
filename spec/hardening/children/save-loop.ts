// Child of the mid-save kill check (spec/hardening/faults.spec.ts): saves two snapshots in turn
// through the real session-file writer until it is killed. Says `saving` once it has begun.
// argv: the session file, then the two snapshots as JSON.
import { writeSessionFile } from '../../../lib/session/session-file.js';
import type { SessionSnapshot } from '../../../lib/session/snapshot.js';

const [file, a, b] = process.argv.slice(2);
const snapshots = [JSON.parse(a), JSON.parse(b)] as SessionSnapshot[];
for (let i = 0; ; i++) {
  await writeSessionFile(file, snapshots[i % 2]);
  if (i === 0) process.stdout.write('saving\n');
}
