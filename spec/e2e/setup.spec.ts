// What a new user meets first: the version, and panes that get the user's environment even
// when thurm was started through npm or npx.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { ROOT, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

test('thurm --version prints the version of package.json', async (t) => {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  t.is(await env.ok(['--version']), `thurm ${version}\n`);
});

test('a session started through npx gives its panes the user\'s environment, not npm\'s', async (t) => {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  // The user's own environment (this spec may itself run under `npm test`).
  for (const k of Object.keys(env.env)) if (k.startsWith('npm_') || k === 'INIT_CWD' || k === 'NODE') delete env.env[k];
  const userPath = `${path.dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`;
  env.env.PATH = userPath;
  // What `npx thurm` adds to the environment of the process it starts.
  const npm = {
    npm_config_cache: '/home/u/.npm', npm_lifecycle_event: 'npx', npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js',
    npm_package_json: '/src/thurm/package.json', INIT_CWD: '/src/thurm', NODE: process.execPath,
    PATH: `/src/thurm/node_modules/.bin:/src/node_modules/.bin:/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin:${userPath}`,
  };
  const out = path.join(env.dir, 'pane-env');
  const r = await env.cli(['new', '-d', '--', 'sh', '-c', `env > ${out}; exec cat`], npm);
  t.is(r.code, 0, r.stderr);
  await waitUntil(() => fs.existsSync(out) && fs.readFileSync(out, 'utf8').includes('THURM_PANE_ID='), 'the pane environment');
  const vars = new Map(fs.readFileSync(out, 'utf8').trim().split('\n').map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
  t.deepEqual([...vars.keys()].filter((k) => k.startsWith('npm_') || k === 'INIT_CWD' || k === 'NODE'), []);
  // The tmux shim's folder comes first (see the tmux shim); the rest is the user's PATH.
  const [shim, ...rest] = vars.get('PATH')!.split(':');
  t.regex(shim, /\/tmux-shim-[0-9a-f]+$/);
  t.is(rest.join(':'), userPath);
});
