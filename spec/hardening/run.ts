// `npm run test:hardening`: runs the hardening suite, then writes docs/reliability.md from what
// the run recorded: the property checks (spec/hardening/*.spec.ts) with 100,000 generated cases
// each, or `-- --cases N`, and the fault and load checks (spec/helpers/trials.ts) at `--scale S`
// of their full durations (default 0.1: the 10-minute flood runs 1 minute). The file
// is produced here and never edited by hand. Exits with ava's status.
// `--results FILE` keeps the run's records in FILE, after those of earlier runs kept there, and
// `--match TITLE` runs only the checks whose title matches (ava's --match): a check fixed after a
// long run is run again alone, and the document shows the newest record of every check.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../helpers/thurm-env.js';

interface Result { id: string; what: string; cases: number; planned: number; fixtures: number; passed: boolean; seed: number; ms: number }
interface TrialResult { kind: 'trial'; id: string; what: string; done: string; figure: string; passed: boolean | null; ms: number }
interface RunRecord { kind: 'run'; started: number; minutes: number; load: number; cases: number; scale: number; match: string | null; status: number | null }

/** Spec files outside spec/hardening/ whose fault checks are trials too (they run in `npm test` as well). */
const TRIAL_FILES = ['dist/spec/e2e/server-lifetime.spec.js', 'dist/spec/e2e/robustness.spec.js', 'dist/spec/e2e/clients.spec.js'];

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
};
const cases = Number(arg('cases') ?? 100_000);
if (!Number.isInteger(cases) || cases < 1) throw new Error(`--cases: expected a positive integer, got ${arg('cases')}`);
const scale = Number(arg('scale') ?? 0.1);
if (!(scale > 0 && scale <= 1)) throw new Error(`--scale: expected a fraction of the full durations (0-1], got ${arg('scale')}`);
const out = path.resolve(ROOT, arg('out') ?? 'docs/reliability.md');
const match = arg('match') ?? null;
const kept = arg('results');

const results = kept ? path.resolve(kept) : path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'thurm-hardening-')), 'results.jsonl');
const load = os.loadavg()[0];
const started = Date.now();
const ava = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'ava', 'entrypoints', 'cli.mjs'), 'dist/spec/hardening/*.spec.js', ...TRIAL_FILES, '--timeout=120m', ...(match ? ['--match', match] : [])], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, THURM_HARDENING: 'full', THURM_HARDENING_CASES: String(cases), THURM_HARDENING_SCALE: String(scale), THURM_HARDENING_RESULTS: results },
});
const minutes = (Date.now() - started) / 60_000;
fs.appendFileSync(results, `${JSON.stringify({ kind: 'run', started, minutes, load, cases, scale, match, status: ava.status } satisfies RunRecord)}\n`);
const lines = fs.readFileSync(results, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Result | TrialResult | RunRecord);
const runs = lines.filter((r): r is RunRecord => 'kind' in r && r.kind === 'run');
const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
// The newest record of each check (a check skipped in a later run keeps the record it had).
const newest = <T extends { id: string }>(records: T[]) => [...new Map(records.map((r) => [r.id, r])).values()].sort(byId);
const rows = newest(lines.filter((r): r is Result => !('kind' in r)));
const trials = newest(lines.filter((r): r is TrialResult => 'kind' in r && r.kind === 'trial' && r.passed !== null));
const skipped = newest(lines.filter((r): r is TrialResult => 'kind' in r && r.kind === 'trial' && r.passed === null)).filter((r) => !trials.some((t) => t.id === r.id));
trials.push(...skipped);
trials.sort(byId);
const ran = trials.filter((r) => r.passed !== null);
if (!kept) fs.rmSync(path.dirname(results), { recursive: true, force: true });

const cpus = os.cpus();
const n = (x: number) => x.toLocaleString('en-US');
const cell = (s: string) => s.replace(/\|/g, '\\|');
// The newest record of every check decides; the last run's exit status catches what failed outside a check.
const allPassed = runs[runs.length - 1].status === 0 && rows.every((r) => r.passed) && ran.every((r) => r.passed);
const date = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
const doc = [
  '# Reliability: hostile input, faults and load',
  '',
  '<!-- Written by `npm run test:hardening` (spec/hardening/run.ts) from the results of the run; not edited by hand. -->',
  '',
  ...runs.map((r) => `- ${r.match ? `Run again, the checks matching \`${r.match}\`` : 'Run'}: ${date(r.started)}; ${r.minutes.toFixed(1)} minutes; load average ${r.load.toFixed(1)} when it started`),
  `- Machine: ${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`,
  `- Result: ${allPassed ? `all ${rows.length} property checks and ${ran.length} fault and load checks passed` : `FAILED: ${rows.filter((r) => !r.passed).length} of ${rows.length} property checks and ${ran.filter((r) => !r.passed).length} of ${ran.length} fault and load checks failed`}`,
  '',
  '## Faults and load',
  '',
  'Checks that do something to a real server (kill it mid-save, stop or kill its clients, fill or freeze',
  'its disk, flood its panes, crowd its socket) and measure what happened (spec/hardening/faults.spec.ts,',
  `load.spec.ts, and the trials of ${TRIAL_FILES.map((f) => path.basename(f).replace(/\.js$/, '.ts')).join(', ')}).`,
  `${scale === 1 ? 'The long checks ran for their full durations' : `The long checks ran for ${scale} times their full durations`} (the 10-minute flood ran ${(10 * scale).toFixed(1)}`,
  `minutes, the 30-minute busy-panes run ${(30 * scale).toFixed(1)}); \`npm test\` runs the same checks for a few seconds each`,
  '(fewer kills, panes and rounds, as each row of such a run would say). Damaged session files (corrupt, truncated,',
  'empty, a newer version, huge) are the property checks `session-file-read` and `snapshot-*` below and the cases',
  'of spec/session/session-file.spec.ts. `npm run test:hardening -- --scale 1` runs the whole durations.',
  '',
  '| check | what must hold | what was done | figure | result | time |',
  '|---|---|---|---|---|---|',
  ...trials.map((r) => `| \`${r.id}\` | ${cell(r.what)} | ${cell(r.done)} | ${cell(r.figure)} | ${r.passed === null ? 'not run' : r.passed ? 'passed' : '**failed**'} | ${(r.ms / 1000).toFixed(1)} s |`),
  '',
  '## Hostile input',
  '',
  'Property checks of every parser that reads input thurm does not control: a program\'s output,',
  'a client\'s keys, the config file, the session file, agent reports and hooks, socket requests. Each check',
  'generates cases with fast-check, replays the failures found earlier (spec/fixtures/hardening/) first, and',
  'holds the invariants its spec names. `npm test` runs the same checks with a fixed seed and 5,000 cases each',
  '(fewer for four that cost more per case: socket requests on a real Mux and session files on disk 2,000, the',
  'endless-input check 1,000, the many-ids check 500); this table comes from one full run.',
  '',
  `- Cases asked for: ${n(cases)} per check`,
  '',
  '| check | what is generated and what must hold | cases run | fixtures replayed | result | seed | time |',
  '|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| \`${r.id}\` | ${cell(r.what)} | ${n(r.cases)} | ${r.fixtures} | ${r.passed ? 'passed' : '**failed**'} | ${r.seed} | ${(r.ms / 1000).toFixed(1)} s |`),
  '',
  'A failed check prints the input that broke it; kept in its fixture file, it is replayed by every later run.',
  'To repeat a check with its seed: `THURM_HARDENING=full THURM_HARDENING_CASES=N THURM_HARDENING_SEED=S npx ava dist/spec/hardening/FILE.spec.js`;',
  'a fault or load check at a scale: `THURM_HARDENING_SCALE=S npx ava dist/spec/hardening/load.spec.js --match=\'ID*\'`.',
  '',
];
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, doc.join('\n'));
console.log(`thurm: wrote ${path.relative(ROOT, out)} (${rows.length} property checks, ${trials.length} fault and load checks)`);
process.exit(ava.status ?? 1);
