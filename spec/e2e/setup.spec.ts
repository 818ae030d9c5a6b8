// What a new user meets first: `thurm` on PATH after the README's set-up, the version, and
// panes that get the user's environment even when thurm was started through npm or npx.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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

/** The npm on this PATH, or null: the install spec is reported as skipped without it. */
const NPM = spawnSync('npm', ['--version'], { encoding: 'utf8', timeout: 20_000 }).status === 0 ? 'npm' : null;

function run(file: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { ...options, timeout: 45_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr });
    });
  });
}

const installTitle = 'npm install -g of the clone puts a thurm on PATH that runs from any folder and prints its version';
(NPM ? test : test.skip)(NPM ? installTitle : `${installTitle} (skipped: npm is not on PATH)`, async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thurm-install-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const prefix = path.join(dir, 'prefix');
  const home = path.join(dir, 'home');
  fs.mkdirSync(home);
  // Outside the clone, so nothing can resolve thurm through the clone's own folders.
  t.true(path.relative(ROOT, dir).startsWith(`..${path.sep}`), `${dir} is inside ${ROOT}`);
  // npm's settings from an outer `npm test` (npm_config_prefix, the cache...) are not the user's;
  // HOME keeps npm's cache and logs in the temporary folder, and --prefix keeps the install there:
  // the real global prefix is never written.
  const clean: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k) && !k.startsWith('THURM_')) clean[k] = v;
  const npmEnv = { ...clean, HOME: home };
  // dist/ is built (this spec runs from it): --ignore-scripts keeps `prepare` from compiling anew;
  // npm links the folder, so --offline holds (nothing comes from the registry).
  const install = await run(NPM!, ['install', '--global', '--prefix', prefix, '--ignore-scripts', '--offline', '--no-audit', '--no-fund', '--no-update-notifier', ROOT], { cwd: dir, env: npmEnv });
  t.is(install.code, 0, install.stderr);
  const bin = path.join(prefix, 'bin', 'thurm');
  t.true(fs.existsSync(bin), `npm put no thurm in ${path.dirname(bin)}`);
  t.is(fs.realpathSync(bin), path.join(fs.realpathSync(ROOT), 'bin', 'thurm'), 'the installed command is the clone\'s bin/thurm');
  // A user's PATH: node and the system, the install's bin folder, no node_modules/.bin anywhere.
  const userPath = [path.join(prefix, 'bin'), path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':');
  t.false(userPath.includes('node_modules'));
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const r = await run('thurm', ['--version'], { cwd: home, env: { PATH: userPath, HOME: home, LANG: 'C.UTF-8' } });
  t.deepEqual(r, { code: 0, stdout: `thurm ${version}\n`, stderr: '' });
});

/** Runs build/setup.mjs with a stand-in npm that logs each call and says `nodedir` is `configured`. */
async function setupWith(t: { teardown(fn: () => void): void }, configured: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thurm-setup-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const log = path.join(dir, 'npm.log');
  fs.writeFileSync(path.join(dir, 'npm'), `#!/bin/sh\necho "$*" >> '${log}'\n[ "$1 $2" = "config get" ] && echo '${configured}'\nexit 0\n`, { mode: 0o755 });
  const r = await run(process.execPath, [path.join(ROOT, 'build', 'setup.mjs')], { cwd: ROOT, env: { PATH: `${dir}:/usr/bin:/bin`, HOME: dir } });
  return { code: r.code, calls: fs.readFileSync(log, 'utf8').trim().split('\n') };
}

const ownHeaders = path.dirname(path.dirname(process.execPath));
const hasHeaders = fs.existsSync(path.join(ownHeaders, 'include', 'node', 'node.h'));
(hasHeaders ? test : test.skip)(`npm run setup builds against this Node's own headers when npm names none, and links without building again${hasHeaders ? '' : ' (skipped: this Node has no headers beside it)'}`, async (t) => {
  const fresh = await setupWith(t, 'undefined');
  t.is(fresh.code, 0);
  t.deepEqual(fresh.calls, ['config get nodedir', `install --nodedir=${ownHeaders}`, 'link --ignore-scripts'], 'node-gyp downloads nothing');
  const configured = await setupWith(t, '/opt/node-headers');
  t.deepEqual(configured.calls, ['config get nodedir', 'install', 'link --ignore-scripts'], 'npm\'s own nodedir is left to npm');
});
