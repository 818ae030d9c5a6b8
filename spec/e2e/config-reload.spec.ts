// [[keys.bind]] and reload-config: keys bound to any command line, with or without the prefix,
// and a config applied again without a restart; a bad file changes nothing and says where.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import type { SessionInfo } from '../../lib/server/protocol.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

test.serial('keys bound in the config run their command; reload-config applies a new file and refuses a bad one', async (t) => {
  const env = new ThurmEnv('[[keys.bind]]\nkey = "T"\ncommand = "new-window -n from-key"\n');
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d']);
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
  t.teardown(() => term.kill());
  await term.waitForText('[default]');
  const windows = async () => (await env.json<SessionInfo>(['info'])).windows.map((w) => w.name);
  term.write('\x02T');
  await waitUntil(async () => (await windows()).includes('from-key'), 'the bound key made a window');
  const file = path.join(env.dir, 'config', 'thurm', 'config.toml');
  fs.writeFileSync(file, '[[keys.bind]]\nkey = "M-t"\nprefix = false\ncommand = "rename-window renamed"\n');
  t.is((await env.cli(['reload-config'])).code, 0);
  term.write('\x1bt');
  await waitUntil(async () => (await windows()).includes('renamed'), 'the key bound without the prefix after the reload');
  fs.writeFileSync(file, '[ui]\nscrollback = "lots"\n');
  const bad = await env.cli(['reload-config']);
  t.is(bad.code, 9);
  t.regex(bad.stderr, /config\.toml:2: ui\.scrollback/);
  term.write('\x1bt');
  await env.ok(['rename-window', 'again']);
  term.write('\x1bt');
  await waitUntil(async () => (await windows()).includes('renamed'), 'the running config kept its binding');
  t.deepEqual(await windows(), ['sh', 'renamed']);
  // Reloading from the key refuses the file too, and says why on the status line.
  term.write('\x02r');
  await term.waitForText('ui.scrollback');
  t.regex(term.lines()[29], /config\.toml:2: ui\.scrollback: must be an integer/);
});
