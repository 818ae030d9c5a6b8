import test from 'ava';
import { failureOf, farUsage } from '../../lib/server/far-hosts.js';

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

test('a far row\'s usage is kept when it is one, and dropped whole when any of it is not (program text from there reaches the overview)', (t) => {
  const usage = {
    agent: 'claude-code', source: 'claude-code-statusline', file: null, at: '2026-12-07T10:00:00.000Z',
    model: { name: 'Opus', from: 'model.display_name' }, context: { usedPercent: 42, usedTokens: null, size: 200000, from: 'context_window.used_percentage' },
    cost: { usd: 1.5, from: 'cost.total_cost_usd' }, limits: [{ window: '5h', usedPercent: 61, resetsAt: null, from: 'rate_limits.five_hour.used_percentage' }],
  };
  t.deepEqual(farUsage(usage), usage);
  t.is(farUsage(null), null);
  t.is(farUsage(undefined), null);
  t.is(farUsage({ ...usage, limits: [{ ...usage.limits[0], window: '5h\x1b[2J' }] }), null);
  t.is(farUsage({ ...usage, model: { name: 'Op\x07us', from: 'x' } }), null);
  t.is(farUsage({ ...usage, cost: { usd: 'lots', from: 'x' } }), null);
  t.is(farUsage({ ...usage, source: 'made-up' }), null);
});
