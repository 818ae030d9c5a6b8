// `npm run test:hardening`: runs the hardening checks (spec/hardening/*.spec.ts) with 100,000
// generated cases each, or `-- --cases N`, then writes docs/reliability.md from what the run
// recorded: each check, the cases it really ran, its result, the machine and the date. The file
// is produced here and never edited by hand. Exits with ava's status.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../helpers/thurm-env.js';

interface Result { id: string; what: string; cases: number; planned: number; fixtures: number; passed: boolean; seed: number; ms: number }

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
};
const cases = Number(arg('cases') ?? 100_000);
if (!Number.isInteger(cases) || cases < 1) throw new Error(`--cases: expected a positive integer, got ${arg('cases')}`);
const out = path.resolve(ROOT, arg('out') ?? 'docs/reliability.md');

const results = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'thurm-hardening-')), 'results.jsonl');
const load = os.loadavg()[0];
const started = Date.now();
const ava = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'ava', 'entrypoints', 'cli.mjs'), 'dist/spec/hardening/*.spec.js', '--timeout=120m'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, THURM_HARDENING: 'full', THURM_HARDENING_CASES: String(cases), THURM_HARDENING_RESULTS: results },
});
const minutes = (Date.now() - started) / 60_000;
const rows = fs.existsSync(results)
  ? fs.readFileSync(results, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Result).sort((a, b) => a.id.localeCompare(b.id))
  : [];
fs.rmSync(path.dirname(results), { recursive: true, force: true });

const cpus = os.cpus();
const n = (x: number) => x.toLocaleString('en-US');
const cell = (s: string) => s.replace(/\|/g, '\\|');
const lines = [
  '# Reliability: hostile input',
  '',
  '<!-- Written by `npm run test:hardening` (spec/hardening/run.ts) from the results of the run; not edited by hand. -->',
  '',
  'Property checks of every parser that reads input thurm does not control (issue 14): a program\'s output,',
  'a client\'s keys, the config file, the session file, agent reports and hooks, socket requests. Each check',
  'generates cases with fast-check, replays the failures found earlier (spec/fixtures/hardening/) first, and',
  'holds the invariants its spec names. `npm test` runs the same checks with a fixed seed and 5,000 cases each',
  '(fewer for four that cost more per case: socket requests on a real Mux and session files on disk 2,000, the',
  'endless-input check 1,000, the many-ids check 500); this table comes from one full run.',
  '',
  `- Date: ${new Date(started).toISOString().replace(/\.\d+Z$/, 'Z')}; ${minutes.toFixed(1)} minutes`,
  `- Machine: ${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}, Node ${process.version}; load average ${load.toFixed(1)} when it started`,
  `- Cases asked for: ${n(cases)} per check`,
  `- Result: ${rows.length && rows.every((r) => r.passed) && ava.status === 0 ? `all ${rows.length} checks passed` : `FAILED (ava exit ${ava.status}); ${rows.filter((r) => !r.passed).length} of ${rows.length} checks failed`}`,
  '',
  '| check | what is generated and what must hold | cases run | fixtures replayed | result | seed | time |',
  '|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| \`${r.id}\` | ${cell(r.what)} | ${n(r.cases)} | ${r.fixtures} | ${r.passed ? 'passed' : '**failed**'} | ${r.seed} | ${(r.ms / 1000).toFixed(1)} s |`),
  '',
  'A failed check prints the input that broke it; kept in its fixture file, it is replayed by every later run.',
  'To repeat a check with its seed: `THURM_HARDENING=full THURM_HARDENING_CASES=N THURM_HARDENING_SEED=S npx ava dist/spec/hardening/FILE.spec.js`.',
  '',
];
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, lines.join('\n'));
console.log(`thurm: wrote ${path.relative(ROOT, out)} (${rows.length} checks)`);
process.exit(ava.status ?? 1);
