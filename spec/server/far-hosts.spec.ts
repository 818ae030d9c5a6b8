import test from 'ava';
import { failureOf } from '../../lib/server/far-hosts.js';

test('a failed link is told by what ssh or the far thurm said: login, unreachable, no session, another protocol', (t) => {
  const of = (status: number | null, stderr: string) => ({ state: failureOf(status, stderr).state, message: failureOf(status, stderr).message });
  t.deepEqual(of(255, 'me@box: Permission denied (publickey,password).\n'), { state: 'needs-login', message: 'me@box: Permission denied (publickey,password).' });
  t.deepEqual(of(255, 'Host key verification failed.\n'), { state: 'needs-login', message: 'Host key verification failed.' });
  t.deepEqual(of(255, 'ssh: connect to host box port 22: Connection refused\n'), { state: 'unreachable', message: 'ssh: connect to host box port 22: Connection refused' });
  t.deepEqual(of(6, 'thurm: proxy: no server running on /run/thurm-0/default.sock: ENOENT\n'), { state: 'no-session', message: 'proxy: no server running on /run/thurm-0/default.sock: ENOENT' });
  t.deepEqual(of(10, 'thurm: proxy: this thurm (2.0.0) speaks protocol 2, the caller 1\n'), { state: 'incompatible', message: 'proxy: this thurm (2.0.0) speaks protocol 2, the caller 1' });
  t.deepEqual(of(127, 'sh: 1: thurm: not found\n'), { state: 'failed', message: 'sh: 1: thurm: not found' });
  // What a far program prints is sanitised before it is shown.
  t.is(failureOf(1, 'evil \x1b[2J\x07 text\n').message.includes('\x1b'), false);
});
