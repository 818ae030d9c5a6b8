// `npm run setup`: installs this clone for you in one pass, with nothing from the network but
// the npm registry. node-pty is built against the running Node's own headers when npm names none
// (its `nodedir`), so node-gyp downloads nothing; then `thurm` is linked onto your PATH without
// building everything a second time (`npm link` alone runs every install script again).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (args) => execFileSync(npm, args, { stdio: 'inherit' });

/** The folder holding the running Node's headers (`<prefix>/include/node`), if it has them. */
function ownHeaders() {
  const prefix = path.dirname(path.dirname(process.execPath));
  return fs.existsSync(path.join(prefix, 'include', 'node', 'node.h')) ? prefix : null;
}

const configured = execFileSync(npm, ['config', 'get', 'nodedir'], { encoding: 'utf8' }).trim();
const headers = configured && configured !== 'undefined' && configured !== 'null' ? null : ownHeaders();
try {
  run(['install', ...(headers ? [`--nodedir=${headers}`] : [])]);
} catch {
  console.error('thurm setup: npm install failed (above). node-pty needs python3, make and a C++ compiler.');
  process.exit(1);
}
try {
  run(['link', '--ignore-scripts']);
} catch {
  console.error('thurm setup: npm link could not write to npm\'s global folder. Run `npm config set prefix ~/.local`'
    + ' (with ~/.local/bin on your PATH), or `sudo npm link --ignore-scripts`, then `npm run setup` again.');
  process.exit(1);
}
