// `npm run bench`: thurm side by side with tmux on this machine, printed as a table (or one
// JSON document with --json). Everything runs in private temp directories and is bounded in time.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { BUSY_PANES, busyEcho, echoLatency, memory, startup, throughput, type Busy } from './cases.js';
import { cliCost, cliTable } from './cli.js';
import { cleanupAll, privateEnv } from './env.js';
import { Thurm, Tmux, type Subject } from './subjects.js';
import { writeWorkload } from './workload.js';

const DEADLINE_MS = 300_000;
const PLAIN_BYTES = 50e6;
const COLOUR_BYTES = 20e6;

interface Row { measure: string; unit: string; lowerIsBetter: boolean; thurm: number; tmux: number }

function progress(text: string): void {
  process.stderr.write(`bench: ${text}\n`);
}

type Pair<T> = [thurm: T, tmux: T];

function row(measure: string, unit: string, lowerIsBetter: boolean, [thurm, tmux]: Pair<number>): Row {
  return { measure, unit, lowerIsBetter, thurm, tmux };
}

function pick<T>(pair: Pair<T>, f: (value: T) => number): Pair<number> {
  return [f(pair[0]), f(pair[1])];
}

interface Workload { file: string; bytes: number }

/** Goals for the idle pane under load (issue 8 A6): echo p99 under 50 ms, memory flat. */
const BUSY_ECHO_P99_MS = 50;
const BUSY_RSS_GROWTH_MB = 50;

/** Made after privateEnv(), so that they are stopped before its directories go. */
let subjects: { thurm: Subject; tmux: Subject };

async function each<T>(what: string, fn: (s: Subject) => Promise<T>): Promise<Pair<T>> {
  progress(`${what}: thurm`);
  const a = await fn(subjects.thurm);
  progress(`${what}: tmux`);
  return [a, await fn(subjects.tmux)];
}

async function measureBusy(dir: string): Promise<{ rows: Row[]; goals: string[] }> {
  const busy = await each(`echo beside ${BUSY_PANES} busy panes`, (s) => busyEcho(s, dir));
  const growth = (b: Busy) => (b.rssEnd - b.rssStart) / 1e6;
  const [thurm] = busy;
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  return {
    rows: [
      row(`busy: idle pane echo p50 (${BUSY_PANES} panes at 200 KB/s)`, 'ms', true, pick(busy, (b) => b.echo.p50)),
      row('busy: idle pane echo p99', 'ms', true, pick(busy, (b) => b.echo.p99)),
      row('busy: server RSS when all print', 'MB', true, pick(busy, (b) => b.rssStart / 1e6)),
      row(`busy: server RSS growth over ${Math.round(thurm.seconds)} s`, 'MB', true, pick(busy, growth)),
    ],
    goals: [
      `goal: busy echo p99 under ${BUSY_ECHO_P99_MS} ms: ${verdict(thurm.echo.p99 < BUSY_ECHO_P99_MS)} (${thurm.echo.p99.toFixed(1)} ms)`,
      `goal: busy RSS growth under ${BUSY_RSS_GROWTH_MB} MB: ${verdict(growth(thurm) < BUSY_RSS_GROWTH_MB)} (${growth(thurm).toFixed(1)} MB)`,
    ],
  };
}

async function measure(plain: Workload, colour: Workload, dir: string): Promise<Row[]> {
  const plainRate = await each('throughput, plain', (s) => throughput(s, plain.file, dir));
  const colourRate = await each('throughput, colour', (s) => throughput(s, colour.file, dir));
  const latency = await each('keystroke echo', (s) => echoLatency(s));
  const mem = await each('memory', memory);
  const start = await each('startup', (s) => startup(s));
  const MB = 1e6;
  return [
    row(`throughput, plain ${Math.round(plain.bytes / MB)} MB`, 'MB/s', false, plainRate),
    row(`throughput, colour-heavy ${Math.round(colour.bytes / MB)} MB`, 'MB/s', false, colourRate),
    row('keystroke echo p50', 'ms', true, pick(latency, (l) => l.p50)),
    row('keystroke echo p95', 'ms', true, pick(latency, (l) => l.p95)),
    row('server RSS, 1 pane', 'MB', true, pick(mem, (m) => m.onePane / MB)),
    row('server RSS, 8 panes', 'MB', true, pick(mem, (m) => m.eightPanes / MB)),
    row('RSS per extra pane', 'MB', true, pick(mem, (m) => (m.eightPanes - m.onePane) / 7 / MB)),
    row('startup (new -d until list ok)', 'ms', true, pick(start, (s) => s.startMs)),
    row('one CLI command (list)', 'ms', true, pick(start, (s) => s.listMs)),
  ];
}

function format(value: number, unit: string): string {
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${unit}`;
}

function table(rows: Row[], header: string): string {
  const lines = [['measure', 'thurm', 'tmux', 'thurm vs tmux']];
  for (const r of rows) {
    const ratio = r.lowerIsBetter ? r.thurm / r.tmux : r.tmux / r.thurm;
    const verdict = !Number.isFinite(ratio) || ratio <= 0 ? '-' : ratio <= 1 ? `${(1 / ratio).toFixed(1)}x better` : `${ratio.toFixed(1)}x worse`;
    lines.push([r.measure, format(r.thurm, r.unit), format(r.tmux, r.unit), verdict]);
  }
  const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  const render = (l: string[]) => l.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('   ');
  return [header, '', render(lines[0]), ...lines.slice(1).map(render)].join('\n');
}

async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const loadBefore = os.loadavg()[0];
  const dir = privateEnv();
  const busyOnly = process.argv.includes('--busy');
  subjects = { thurm: new Thurm(), tmux: new Tmux() };
  const watchdog = setTimeout(() => {
    progress(`gave up after ${DEADLINE_MS / 1000}s`);
    void cleanupAll().finally(() => process.exit(1));
  }, DEADLINE_MS);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => void cleanupAll().finally(() => process.exit(130)));
  }
  try {
    progress('writing test files');
    const workload = (name: string, bytes: number, colour: boolean): Workload => {
      const file = path.join(dir, name);
      return { file, bytes: writeWorkload(file, bytes, colour) };
    };
    const rows = busyOnly ? [] : await measure(workload('plain.txt', PLAIN_BYTES, false), workload('colour.txt', COLOUR_BYTES, true), dir);
    const busy = await measureBusy(dir);
    rows.push(...busy.rows);
    if (!busyOnly) progress('CLI start-up and hook cost');
    const cli = busyOnly ? [] : await cliCost(new Thurm());
    const tmuxVersion = execFileSync('tmux', ['-V'], { encoding: 'utf8' }).trim();
    // A busy machine (load before the run well above 0) makes every number noisier.
    const machine = { cpus: os.cpus().length, node: process.version, tmux: tmuxVersion, loadBefore };
    if (json) process.stdout.write(`${JSON.stringify({ machine, rows, goals: busy.goals, cli }, null, 2)}\n`);
    else {
      const header = `thurm vs ${tmuxVersion}, ${machine.cpus} cores, Node ${machine.node}, 120x40 client, load before run ${loadBefore.toFixed(2)}`;
      const cliPart = cli.length ? `\n\nOne CLI call against Node's own start-up:\n\n${cliTable(cli)}` : '';
      process.stdout.write(`${table(rows, header)}\n\n${busy.goals.join('\n')}${cliPart}\n`);
    }
  } finally {
    clearTimeout(watchdog);
    await cleanupAll();
  }
}

main().catch((err) => {
  process.stderr.write(`bench: ${(err as Error).stack ?? err}\n`);
  process.exitCode = 1;
});
