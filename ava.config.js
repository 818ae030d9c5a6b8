// The end-to-end and hardening files each run in a worker of their own; the unit specs run a large
// folder to a worker and the small folders together (dist/spec/units/suite, written by
// build/unit-specs.mjs), since starting a worker costs more than most unit files' tests. Three files at a time keep two cores busy 93% of a run
// (four: 98%, but four full runs took more CPU and more time than three did), as most end-to-end
// files spend part of their time waiting on their programs; the long files start first, largest
// first (a file's size follows its run time closely: the fault trials, the tmux shim's and the
// TUI's specs are the largest and the longest), so only short ones are left to fill the cores at
// the end, and the files that mostly wait on a real agent (e2e/real-*) are spread among the
// others instead of waiting side by side.
import fs from 'node:fs';
import path from 'node:path';

// Node reads and parses every certificate of NODE_EXTRA_CA_CERTS when it starts, which doubles
// the CPU a bare start costs (about 50 ms more here); a run starts about a thousand Node
// processes (workers, servers, CLI calls, the tmux shim, agent hooks), none of which makes a TLS
// connection (the fake APIs the real agents talk to are plain HTTP). The workers, and so every
// process a spec starts, run without it.
delete process.env.NODE_EXTRA_CA_CERTS;

// The hardening files that start no process run together in one worker (build/unit-specs.mjs
// lists them in units/suite/hardening.parts.js), ranked by their size together.
const SUITE = path.join('dist', 'spec', 'units', 'suite');
const merged = (name) => {
  const parts = path.join(SUITE, `${name}.parts.js`);
  return fs.existsSync(parts) ? [...fs.readFileSync(parts, 'utf8').matchAll(/^import '(.+)';$/gm)].map((m) => path.join(SUITE, m[1])) : [];
};
const hardeningTogether = merged('hardening');
const sizeOf = (file) => (file === path.join(SUITE, 'hardening.js') ? hardeningTogether : [file]).reduce((sum, f) => sum + fs.statSync(f).size, 0);
const longFiles = ['e2e', 'hardening'].flatMap((dir) => {
  const folder = path.join('dist', 'spec', dir);
  return fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.endsWith('.spec.js')).map((f) => path.join(folder, f)) : [];
}).filter((f) => !hardeningTogether.includes(f)).concat(hardeningTogether.length ? [path.join(SUITE, 'hardening.js')] : [])
  .sort((a, b) => sizeOf(b) - sizeOf(a) || a.localeCompare(b));
const waiting = longFiles.filter((f) => path.basename(f).startsWith('real-'));
const busy = longFiles.filter((f) => !waiting.includes(f));
const every = Math.max(1, Math.ceil(busy.length / (waiting.length + 1)));
const order = busy.flatMap((f, i) => ((i + 1) % every === 0 && waiting.length ? [f, waiting.shift()] : [f])).concat(waiting);
const rank = new Map(order.map((f, i) => [path.resolve(f), i]));
const rankOf = (file) => rank.get(path.resolve(file)) ?? order.length;

export default {
  files: ['dist/spec/e2e/**/*.spec.js', 'dist/spec/hardening/**/*.spec.js', ...hardeningTogether.map((f) => `!${f}`), 'dist/spec/units/suite/*.js', '!dist/spec/units/suite/*.parts.js'],
  timeout: '60s',
  concurrency: 3,
  workerThreads: false,
  sortTestFiles: (a, b) => rankOf(a) - rankOf(b) || a.localeCompare(b),
};
