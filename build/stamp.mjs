// `node build/stamp.mjs begin|end|check`: lets `npm test` skip a build that would change nothing.
// `npm run build` says `begin` before tsc and `end` once the bundles and unit files are written;
// `check` exits 0 when such a build began after every source (lib/, spec/, bench/, build/, the
// package and tsc files) and every folder of them (a deleted file changes its folder) last
// changed, and 1 otherwise. tsc alone takes about 4 s on a tree that did not change, in the
// single-core minute before the suite's workers start; this check takes a few milliseconds.
import fs from 'node:fs';
import path from 'node:path';

const BEGUN = path.join('dist', '.build-begun');
const BUILT = path.join('dist', '.build-stamp');
const SOURCES = ['lib', 'spec', 'bench', 'build', 'package.json', 'package-lock.json', 'tsconfig.json'];

/** The newest change time under `entry` (files and folders), or Infinity when it cannot be read. */
function newest(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((max, name) => Math.max(max, newest(path.join(entry, name))), stat.mtimeMs);
}

const step = process.argv[2];
if (step === 'begin') {
  fs.mkdirSync('dist', { recursive: true });
  fs.rmSync(BUILT, { force: true });
  fs.writeFileSync(BEGUN, String(Date.now()));
} else if (step === 'end') {
  fs.renameSync(BEGUN, BUILT);
} else if (step === 'check') {
  const begun = Number(fs.existsSync(BUILT) ? fs.readFileSync(BUILT, 'utf8') : NaN);
  process.exit(Math.max(...SOURCES.map(newest)) < begun ? 0 : 1);
} else {
  console.error('usage: node build/stamp.mjs begin|end|check');
  process.exit(2);
}
