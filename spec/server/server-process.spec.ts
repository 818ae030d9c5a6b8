// The allocator settings a server starts with are its own: the server runs with them, and the
// programs in its panes get the environment the user started thurm with.
import fs from 'node:fs';
import test from 'ava';
import { forgetServerOnlyEnv, serverEnv } from '../../lib/server/server-process.js';
import { ThurmEnv } from '../helpers/thurm-env.js';

function environ(pid: number): Map<string, string> {
  const entries = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
  return new Map(entries.map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]));
}

test('a server gets one malloc arena and takes the setting back out of what it passes on; a value of the user\'s is left alone', (t) => {
  const added = serverEnv({ HOME: '/h' });
  t.is(added.MALLOC_ARENA_MAX, '1');
  forgetServerOnlyEnv(added);
  t.deepEqual(added, { HOME: '/h' });
  const users = serverEnv({ HOME: '/h', MALLOC_ARENA_MAX: '4' });
  forgetServerOnlyEnv(users);
  t.deepEqual(users, { HOME: '/h', MALLOC_ARENA_MAX: '4' });
});

for (const user of [undefined, '4']) {
  test(`a real server runs with its allocator setting and its panes do not inherit it (user's MALLOC_ARENA_MAX: ${user ?? 'unset'})`, async (t) => {
    const env = new ThurmEnv();
    t.teardown(() => env.cleanup());
    if (user === undefined) delete env.env.MALLOC_ARENA_MAX;
    else env.env.MALLOC_ARENA_MAX = user;
    await env.start(['--', 'sleep', '600']);
    const [pane] = (await env.request<{ panes: { pid: number }[] }>('list')).panes;
    t.is(environ(await env.serverPid()).get('MALLOC_ARENA_MAX'), user ?? '1');
    const inPane = environ(pane.pid);
    t.is(inPane.get('MALLOC_ARENA_MAX'), user);
    t.false([...inPane.keys()].some((name) => name === 'THURM_SERVER_ONLY_ENV'));
    t.is(inPane.get('HOME'), env.env.HOME);
  });
}
