// `npm run bench`: thurm side by side with tmux on this machine (issue 12), every row of
// bench/rows.ts measured in rounds run A B A B, medians reported. A full run writes
// bench/results/<date>.json (bench/readme.ts makes docs/performance.md's table from it); `--quick` is
// a smoke run with fewer rounds, smaller payloads and shorter windows that writes nothing
// unless given `--out FILE`. `--only a,b` runs only the named cases. Everything runs in
// private temp directories and is bounded in time.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { busyEcho, echo, memory, startup, throughput } from './cases.js';
import { cliCost, type CliCost } from './cli.js';
import { cleanupAll, privateEnv } from './env.js';
import { compose, flood, slowClient } from './load.js';
import { RESULTS_DIR } from './readme.js';
import { renderResults, type Results } from './report.js';
import { Collected, interleave, type Figures } from './rounds.js';
import { buildRows, type RowId } from './rows.js';
import { median } from './stats.js';
import { CYCLES_FLOOR, cyclesFloor } from './cycles-floor.js';
import { ECHO_BESIDE_FLOOR, ECHO_FLOOR, echoFloor } from './echo-floor.js';
import { FLOOD_FLOOR, floodFloor, PANE_FLOOR } from './flood-floor.js';
import { headlessRate } from './headless.js';
import { createKill, idleCpu, requestRoundTrip, scrollback } from './server.js';
import { farReport } from './far-host.js';
import { webReport } from './web-view.js';
import { Thurm, Tmux, type Subject } from './subjects.js';
import { writeWorkload } from './workload.js';

const MIB = 1 << 20;

/** How much of everything a run does: the full run (~12 minutes) or the quick smoke run (~2). */
interface Plan {
  rounds: number; deadlineMs: number; echoKeys: number; throughputBytes: number; floodBytes: number;
  scrollbackBytes: number; idleSeconds: number; composeSeconds: number; slowSeconds: number; slowKeys: number;
  requests: number; cycles: number; busySeconds: number; busyKeys: number; cliRuns: number; startupRuns: number; farReports: number;
}

const FULL: Plan = {
  rounds: 3, deadlineMs: 25 * 60_000, echoKeys: 200, throughputBytes: 16 * MIB, floodBytes: 4 * MIB,
  scrollbackBytes: 8 * MIB, idleSeconds: 30, composeSeconds: 15, slowSeconds: 20, slowKeys: 300,
  requests: 1000, cycles: 200, busySeconds: 40, busyKeys: 400, cliRuns: 15, startupRuns: 3, farReports: 20,
};
const QUICK: Plan = {
  rounds: 1, deadlineMs: 6 * 60_000, echoKeys: 40, throughputBytes: 2 * MIB, floodBytes: MIB / 2,
  scrollbackBytes: MIB, idleSeconds: 5, composeSeconds: 3, slowSeconds: 5, slowKeys: 40,
  requests: 200, cycles: 30, busySeconds: 5, busyKeys: 40, cliRuns: 3, startupRuns: 1, farReports: 5,
};

/** What one turn of a case gives: figures by row id, and optionally notes by row id. */
type Turn = Figures | { figures: Figures; notes: Record<string, string> };

interface Case {
  name: string;
  rounds: number;
  thurmOnly?: boolean;
  run(subject: Subject): Promise<Turn>;
}

function progress(text: string): void {
  process.stderr.write(`bench: ${text}\n`);
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** The subject name of the emulator-alone figures (bench/headless.ts). */
const HEADLESS = '@xterm/headless';

function cases(plan: Plan, dir: string): Case[] {
  const file = (name: string, bytes: number, colour: boolean) => {
    const f = path.join(dir, name);
    writeWorkload(f, bytes, colour);
    return f;
  };
  const plain = file('plain.txt', plan.throughputBytes, false);
  const colour = file('colour.txt', plan.throughputBytes, true);
  const floodFile = file('flood.txt', plan.floodBytes, false);
  const history = file('history.txt', plan.scrollbackBytes, false);
  const r = plan.rounds;
  return [
    { name: 'echo', rounds: r, run: async (s) => { const e = await echo(s, plan.echoKeys); return { echoIdleP50: e.p50, echoIdleP99: e.p99 }; } },
    { name: 'echo-yes', rounds: r, run: async (s) => { const e = await echo(s, plan.echoKeys, ['yes']); return { echoYesP50: e.p50, echoYesP99: e.p99 }; } },
    { name: 'throughput', rounds: r, run: async (s) => ({ throughputPlain: await throughput(s, plain, dir) }) },
    { name: 'throughput-colour', rounds: r, run: async (s) => ({ throughputColour: await throughput(s, colour, dir) }) },
    { name: 'memory', rounds: r, run: memory },
    { name: 'flood', rounds: r, run: (s) => flood(s, floodFile, dir) },
    { name: 'requests', rounds: r, run: (s) => requestRoundTrip(s, plan.requests) },
    { name: 'cycles', rounds: r, run: (s) => createKill(s, plan.cycles) },
    { name: 'scrollback', rounds: r, run: (s) => scrollback(s, history, dir) },
    { name: 'compose', rounds: r, thurmOnly: true, run: (s) => compose(s, dir, plan.composeSeconds) },
    { name: 'slow-client', rounds: 1, run: (s) => slowClient(s, dir, plan.slowSeconds, plan.slowKeys) },
    { name: 'busy', rounds: 1, run: (s) => busyEcho(s, dir, plan.busyKeys, plan.busySeconds) },
    { name: 'startup', rounds: 1, run: (s) => startup(s, plan.startupRuns) },
    { name: 'far-host', rounds: r, thurmOnly: true, run: (s) => farReport(s, dir, plan.farReports) },
    { name: 'web-view', rounds: r, thurmOnly: true, run: (s) => webReport(s, plan.farReports) },
  ];
}

function record(collected: Collected, subject: string, turn: Turn): void {
  const { figures, notes } = typeof turn.figures === 'object' ? turn as Exclude<Turn, Figures> : { figures: turn as Figures, notes: {} };
  collected.add(subject, figures);
  for (const [id, text] of Object.entries(notes)) collected.note(subject, id, text);
}

async function measure(plan: Plan, dir: string, only: string[] | null, errors: string[]): Promise<{ collected: Collected; cli: CliCost[] }> {
  const subjects = [new Thurm(), new Tmux()];
  const collected = new Collected();
  const wanted = (name: string) => !only || only.includes(name);
  const attempt = async (what: string, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (err) {
      errors.push(`${what}: ${(err as Error).message}`);
      progress(`${what} failed: ${(err as Error).message}`);
      for (const s of subjects) await s.stop().catch(() => undefined);
    }
  };
  for (const c of cases(plan, dir)) {
    if (!wanted(c.name)) continue;
    const names = c.thurmOnly ? [subjects[0]] : subjects;
    for (const { round, name: s } of interleave(c.rounds, names)) {
      progress(`${c.name}, round ${round + 1}/${c.rounds}: ${s.name}`);
      await attempt(`${c.name} (${s.name}, round ${round + 1})`, async () => record(collected, s.name, await c.run(s)));
    }
  }
  /** What the stack alone does on a row (a floor program, or the emulator alone), as many rounds as the subjects had. */
  const measureAlone = async (row: string, subject: string, measure: () => Promise<Figures>) => {
    if (!wanted(row)) return;
    for (let round = 0; round < plan.rounds; round++) {
      progress(`${row}, round ${round + 1}/${plan.rounds}: ${subject}`);
      await attempt(`${row} (${subject})`, async () => collected.add(subject, await measure()));
    }
  };
  // The floors: the stack alone doing one key's work (bench/echo-floor.ts), four panes' flood and
  // one pane's output with the emulators on worker threads (bench/flood-floor.ts), a pane opened
  // and closed (bench/cycles-floor.ts).
  await measureAlone('echo', ECHO_FLOOR, async () => {
    const e = await echoFloor(plan.echoKeys);
    return { echoIdleP50: e.p50, echoIdleP99: e.p99 };
  });
  await measureAlone('echo-yes', ECHO_BESIDE_FLOOR, async () => {
    const e = await echoFloor(plan.echoKeys, ['yes']);
    return { echoYesP50: e.p50, echoYesP99: e.p99 };
  });
  await measureAlone('flood', FLOOD_FLOOR, () => floodFloor(path.join(dir, 'flood.txt'), dir));
  await measureAlone('cycles', CYCLES_FLOOR, () => cyclesFloor(plan.cycles));
  for (const [name, id, file] of [['throughput', 'throughputPlain', 'plain.txt'], ['throughput-colour', 'throughputColour', 'colour.txt']] as const) {
    await measureAlone(name, PANE_FLOOR, async () => ({ [id]: (await floodFloor(path.join(dir, file), dir, 1, 1)).floodTotal }));
    // The throughput goals' other reference: the emulator alone on the same bytes.
    await measureAlone(name, HEADLESS, async () => ({ [id]: await headlessRate(path.join(dir, file)) }));
  }
  if (wanted('idle-cpu')) {
    progress(`idle CPU over ${plan.idleSeconds} s: thurm and tmux at once`);
    await attempt('idle CPU', async () => (await idleCpu(subjects, plan.idleSeconds)).forEach((f, i) => { collected.add(subjects[i].name, f); }));
  }
  let cli: CliCost[] = [];
  if (wanted('cli')) {
    progress('CLI start-up and hook cost');
    await attempt('CLI cost', async () => {
      cli = await cliCost(subjects[0], subjects[1], plan.cliRuns);
      const wall = (m: string) => cli.find((c) => c.measure === m)?.wallMs;
      collected.add('thurm', { listFresh: wall('thurm list')! });
      collected.add('tmux', { listFresh: wall('tmux list-panes')! });
    });
  }
  return { collected, cli };
}

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const plan = quick ? QUICK : FULL;
  const only = arg('--only')?.split(',') ?? null;
  const started = performance.now();
  const loadBefore = os.loadavg()[0];
  const dir = privateEnv();
  const watchdog = setTimeout(() => {
    progress(`gave up after ${plan.deadlineMs / 1000}s`);
    void cleanupAll().finally(() => process.exit(1));
  }, plan.deadlineMs);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => void cleanupAll().finally(() => process.exit(130)));
  }
  try {
    const errors: string[] = [];
    const { collected, cli } = await measure(plan, dir, only, errors);
    const node = cli.find((c) => c.measure === 'node -e 0');
    const alone = (subject: string, name: string, id: RowId) => {
      const rounds = collected.rounds(subject, id);
      return rounds.length ? { [id]: { name, value: median(rounds) } } : {};
    };
    const rows = buildRows(collected, {
      ...(node && { listFresh: { name: 'node -e 0', value: node.wallMs } }),
      ...alone(HEADLESS, '@xterm/headless alone, in process', 'throughputPlain'),
      ...alone(HEADLESS, '@xterm/headless alone, in process', 'throughputColour'),
    }, {
      ...alone(ECHO_FLOOR, ECHO_FLOOR, 'echoIdleP50'),
      ...alone(ECHO_FLOOR, ECHO_FLOOR, 'echoIdleP99'),
      ...alone(ECHO_BESIDE_FLOOR, ECHO_BESIDE_FLOOR, 'echoYesP50'),
      ...alone(ECHO_BESIDE_FLOOR, ECHO_BESIDE_FLOOR, 'echoYesP99'),
      ...alone(FLOOD_FLOOR, FLOOD_FLOOR, 'floodTotal'),
      ...alone(CYCLES_FLOOR, CYCLES_FLOOR, 'cyclesRss'),
      ...alone(PANE_FLOOR, PANE_FLOOR, 'throughputPlain'),
      ...alone(PANE_FLOOR, PANE_FLOOR, 'throughputColour'),
    });
    const results: Results = {
      date: new Date().toISOString(),
      quick,
      seconds: (performance.now() - started) / 1000,
      machine: {
        cpus: os.cpus().length, model: os.cpus()[0]?.model ?? 'unknown', node: process.version,
        tmux: execFileSync('tmux', ['-V'], { encoding: 'utf8' }).trim(), loadBefore, loadAfter: os.loadavg()[0],
      },
      rows, cli, errors,
    };
    const out = arg('--out') ?? (quick || only ? undefined : path.join(RESULTS_DIR, `${results.date.slice(0, 10)}.json`));
    if (out) {
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
      progress(`results in ${out}`);
    }
    if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
    else process.stdout.write(`${renderResults(results)}\n${errors.length ? `\nFailed:\n${errors.map((e) => `- ${e}`).join('\n')}\n` : ''}`);
    if (errors.length) process.exitCode = 1;
  } finally {
    clearTimeout(watchdog);
    await cleanupAll();
  }
}

main().catch((err) => {
  process.stderr.write(`bench: ${(err as Error).stack ?? err}\n`);
  process.exitCode = 1;
});
