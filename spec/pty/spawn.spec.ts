import test from 'ava';
import { paneEnv, spawnPty } from '../../lib/pty/spawn.js';
import { REPLY_LIMIT } from '../../lib/pty/write-queue.js';
import { waitUntil } from '../helpers/wait.js';

const start = (argv: string[]) => spawnPty({ argv, cwd: '/', cols: 80, rows: 24, env: paneEnv(process.env, {}) });

test('a program that never reads its input gets replies only up to the limit; the rest are dropped', async (t) => {
  // Raw mode: a canonical-mode tty would take and discard everything past a line's 4 KiB.
  const p = start(['sh', '-c', 'stty raw -echo; echo ready; exec sleep 30']);
  t.teardown(() => p.destroy());
  let output = '';
  p.onData((d) => { output += d.toString(); });
  await waitUntil(() => output.includes('ready'), 'stty to have run');
  let accepted = 0;
  const total = 1_000_000, reply = '\x1b[24;80R';
  for (let i = 0; i < total; i++) if (p.write(reply, 'reply')) accepted++;
  // What the kernel's tty buffers took (a few KiB), plus at most REPLY_LIMIT in thurm.
  t.true(accepted * reply.length < REPLY_LIMIT + 64 * 1024, `accepted ${accepted * reply.length} of ${total * reply.length} bytes`);
  t.false(p.write(reply, 'reply'));
});

test('a closed pty ignores resizes and writes instead of touching a reused fd', (t) => {
  const p = start(['sleep', '30']);
  p.destroy();
  t.notThrows(() => p.resize(100, 30));
  t.false(p.write('late', 'input'));
});

test('a pane started through npm loses the folders npm put in front of PATH, not the user\'s own node_modules/.bin', (t) => {
  const gyp = '/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin';
  const user = '/home/u/bin:/usr/bin:/opt/agents/claude/node_modules/.bin';
  const npm = (path: string) => paneEnv({ npm_lifecycle_event: 'test', PATH: path }, {}).PATH;
  // What `npx` prepends (node's folder, the package bins, the shim), and `npm test` nested in it.
  t.is(npm(`/usr/bin:/src/thurm/node_modules/.bin:/src/node_modules/.bin:/node_modules/.bin:${gyp}:${user}`), `/usr/bin:${user}`);
  t.is(npm(`/src/thurm/node_modules/.bin:${gyp}:/src/thurm/node_modules/.bin:${gyp}:${user}`), user);
  t.is(paneEnv({ PATH: user }, {}).PATH, user, 'without npm, PATH is kept whole');
});
