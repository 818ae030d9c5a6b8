// A run's results: the JSON document written to bench/results/, and the Markdown table of
// docs/performance.md (also what the bench prints).
import type { CliCost } from './cli.js';
import type { Row } from './rows.js';

export interface Machine { cpus: number; model: string; node: string; tmux: string; loadBefore: number; loadAfter: number }

/** `errors`: cases that failed (their rows then have no figure). */
export interface Results { date: string; quick: boolean; seconds: number; machine: Machine; rows: Row[]; cli: CliCost[]; errors: string[] }

/** Load average above which docs/performance.md says the machine was shared during the run. */
export const SHARED_LOAD = 1;

export const BEGIN_MARKER = '<!-- bench:begin (written by `node dist/bench/readme.js` from bench/results/) -->';
export const END_MARKER = '<!-- bench:end -->';

/** Units that count whole things. */
const COUNTS = new Set(['ticks', 'fds']);

export function formatValue(value: number | null, unit: string): string {
  if (value === null || !Number.isFinite(value)) return '-';
  const digits = Math.abs(value) >= 100 || COUNTS.has(unit) ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${unit}`;
}

function ratio(r: Row): string {
  if (r.thurm === null || r.tmux === null || !(r.tmux > 0) || !Number.isFinite(r.thurm)) return '-';
  return `${(r.thurm / r.tmux).toFixed(2)}x`;
}

function verdict(r: Row): string {
  if (!r.goal) return '';
  return r.met === null ? `${r.goal}: no figure` : `${r.goal}: ${r.met ? 'met' : '**not met**'}`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** The rows as a Markdown table: medians, thurm / tmux, the goal and whether it is met. */
export function rowsTable(rows: Row[], tmux: string): string {
  const lines = [`| measure | thurm | ${tmux} | thurm / tmux | goal |`, '|---|---|---|---|---|'];
  for (const r of rows) {
    const beside = [r.reference, r.floor].flatMap((x) => (x ? [`\`${x.name}\`: ${formatValue(x.value, r.unit)}`] : []));
    const measure = beside.length ? `${r.measure} (${beside.join('; ')})` : r.measure;
    const note = (text: string | null) => (text ? cell(` (${text})`) : '');
    lines.push(`| ${cell(measure)} | ${formatValue(r.thurm, r.unit)}${note(r.note)} | ${formatValue(r.tmux, r.unit)}${note(r.tmuxNote)} | ${ratio(r)} | ${verdict(r)} |`);
  }
  return lines.join('\n');
}

/** The CLI cost table: wall median and CPU mean of each call, each against `node -e 0`. */
export function cliMarkdown(cli: CliCost[]): string {
  const node = cli.find((c) => c.measure === 'node -e 0');
  const x = (v: number, base: number | undefined) => (base ? `${(v / base).toFixed(2)}x` : '-');
  return [
    '| one call | wall (median) | x `node -e 0` | CPU (mean) | x `node -e 0` |',
    '|---|---|---|---|---|',
    ...cli.map((c) => `| \`${c.measure}\` | ${c.wallMs.toFixed(0)} ms | ${x(c.wallMs, node?.wallMs)} | ${c.cpuMs.toFixed(0)} ms | ${x(c.cpuMs, node?.cpuMs)} |`),
  ].join('\n');
}

/** The generated part of docs/performance.md. */
export function renderResults(res: Results): string {
  const m = res.machine;
  const shared = m.loadBefore >= SHARED_LOAD
    ? ` The machine was shared with other work (load average ${m.loadBefore.toFixed(1)} before the run, ${m.loadAfter.toFixed(1)} after), so the figures are noisier than on a quiet machine.`
    : '';
  const missed = res.rows.filter((r) => r.goal && r.met !== true);
  const rounds = Math.max(...res.rows.map((r) => r.rounds.thurm.length));
  return [
    `Run of ${res.date.slice(0, 10)}${res.quick ? ' (quick)' : ''}: ${m.cpus} cores (${m.model}), Node ${m.node}, ${m.tmux}, ` +
      `${Math.round(res.seconds / 60)} minutes, up to ${rounds} interleaved rounds per row (medians shown).${shared}`,
    '',
    rowsTable(res.rows, m.tmux),
    '',
    missed.length
      ? `Goals not met in this run: ${missed.map((r) => `${r.measure} (${r.goal}${r.met === null ? ', no figure' : ''})`).join('; ')}.`
      : 'Every goal was met in this run.',
    '',
    ...(res.errors.length ? [`Cases that failed: ${res.errors.join('; ')}.`, ''] : []),
    'One CLI call against Node\'s own start-up:',
    '',
    cliMarkdown(res.cli),
  ].join('\n');
}

/** `readme` with the text between the bench markers replaced by `block`. */
export function replaceBlock(readme: string, block: string): string {
  const begin = readme.indexOf(BEGIN_MARKER), end = readme.indexOf(END_MARKER);
  if (begin < 0 || end < begin) throw new Error('docs/performance.md has no bench markers');
  return `${readme.slice(0, begin + BEGIN_MARKER.length)}\n${block}\n${readme.slice(end)}`;
}
