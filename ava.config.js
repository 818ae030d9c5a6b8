// The end-to-end and hardening files each run in a worker of their own; the unit specs run one
// folder to a worker (dist/spec/units, written by build/unit-specs.mjs), since starting a worker
// costs more than most unit files' tests. Long files start first, so only short ones are left to
// fill the cores at the end of a run, and three at a time keep two cores busy: most end-to-end
// files spend part of their time waiting on their programs.
const LONG = /\/spec\/(e2e|hardening)\//;
export default {
  files: ['dist/spec/e2e/**/*.spec.js', 'dist/spec/hardening/**/*.spec.js', 'dist/spec/units/*.js', '!dist/spec/units/*.parts.js'],
  timeout: '60s',
  concurrency: 3,
  workerThreads: false,
  sortTestFiles: (a, b) => Number(!LONG.test(a)) - Number(!LONG.test(b)) || a.localeCompare(b),
};
