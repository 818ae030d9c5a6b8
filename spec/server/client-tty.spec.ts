import fs from 'node:fs';
import test from 'ava';
import pty from 'node-pty';
import { ClientTty } from '../../lib/server/client-tty.js';

test('the server opens a client\'s terminal only when its path leads to the very terminal the client named, and only a pty', (t) => {
  const proc = pty.spawn('sleep', ['30'], { cols: 80, rows: 24 });
  t.teardown(() => proc.kill());
  const path = (proc as unknown as { _pty: string })._pty;
  const st = fs.statSync(path);
  const id = { path, dev: st.dev, ino: st.ino, rdev: st.rdev };
  const opened = ClientTty.open(id);
  t.truthy(opened, `${path} opened`);
  opened?.destroy();
  t.is(ClientTty.open({ ...id, ino: st.ino + 1 }), null, 'another inode: another terminal');
  t.is(ClientTty.open({ ...id, rdev: st.rdev + 1 }), null);
  t.is(ClientTty.open({ ...id, path: '/dev/null' }), null, 'not a pty');
  t.is(ClientTty.open({ ...id, path: '/dev/pts/../null' }), null);
  t.is(ClientTty.open({ ...id, path: '/dev/pts/999999' }), null, 'no such terminal');
});
