// Every row the bench reports, in the order docs/performance.md shows them, each with its one goal
// declaration (issue 12's table, issue 8 A6's for the 40-pane load, and issue 24's, which made the
// echo goals stricter and added the flood, scrollback, memory and throughput-reference goals). A goal is checked
// against thurm's median figure; rows without a goal are reported for comparison only.
import { median } from './stats.js';

/** What a goal is checked against: the medians of one row, and its notes. */
export interface GoalFigures { thurm: number; tmux: number | null; reference: number | null; note: string | null }

export interface Goal { text: string; met(f: GoalFigures): boolean }

export interface RowSpec {
  measure: string;
  unit: string;
  goal?: Goal;
  /** Rows only thurm has (tmux cannot report them) show no tmux figure. */
  thurmOnly?: boolean;
  /** The figure the goal compares with when it is neither tmux nor a constant. */
  reference?: string;
}

const vsTmux = (text: string, ok: (thurm: number, tmux: number) => boolean): Goal => ({
  text,
  met: (f) => f.tmux !== null && ok(f.thurm, f.tmux),
});
/**
 * Issue 24's throughput goal: `times` tmux, or 90% of what @xterm/headless alone parses of the
 * same bytes in the same run (bench/headless.ts), the stack's own limit.
 */
const orStackLimit = (text: string, times: number): Goal => ({
  text: `${text}, or >= 90% of @xterm/headless alone`,
  met: (f) => (f.tmux !== null && f.thurm >= times * f.tmux) || (f.reference !== null && f.thurm >= 0.9 * f.reference),
});
const atMost = (limit: number, unit: string): Goal => ({ text: `<= ${limit} ${unit}`, met: (f) => f.thurm <= limit });
const below = (limit: number, unit: string): Goal => ({ text: `< ${limit} ${unit}`, met: (f) => f.thurm < limit });

/** Issue 8 A6's bounds: an idle pane's echo p99 and the server's memory growth under load. */
const A6_ECHO_P99_MS = 50;
const A6_RSS_GROWTH_MB = 50;
/** Issue 12: a pane adds at most this much; "flat" over create/kill cycles means less than one pane's worth. */
const PANE_MB = 0.5;

export const ROWS = {
  echoIdleP50: { measure: 'key echo on screen, idle, p50', unit: 'ms', goal: vsTmux('<= tmux + 0.3 ms', (a, b) => a <= b + 0.3) },
  echoIdleP99: { measure: 'key echo on screen, idle, p99', unit: 'ms', goal: vsTmux('<= tmux', (a, b) => a <= b) },
  echoYesP50: { measure: 'key echo while a sibling pane runs `yes`, p50', unit: 'ms', goal: vsTmux('<= tmux + 0.5 ms', (a, b) => a <= b + 0.5) },
  echoYesP99: { measure: 'key echo while a sibling pane runs `yes`, p99', unit: 'ms', goal: vsTmux('<= tmux', (a, b) => a <= b) },
  listFresh: {
    measure: '`thurm list` from a fresh process (tmux: `list-panes`), wall', unit: 'ms', reference: 'node -e 0',
    goal: { text: '<= 1.5x `node -e 0`', met: (f) => f.reference !== null && f.thurm <= 1.5 * f.reference },
  },
  idleCpu: { measure: 'server CPU, 10 idle panes, no client, over the idle window', unit: 'ticks', goal: atMost(0, 'ticks') },
  throughputPlain: { measure: 'attached throughput, plain text', unit: 'MB/s', reference: '@xterm/headless alone, in process', goal: orStackLimit('>= 1.5x tmux', 1.5) },
  throughputColour: { measure: 'attached throughput, colour-heavy', unit: 'MB/s', reference: '@xterm/headless alone, in process', goal: orStackLimit('>= 2.5x tmux', 2.5) },
  rssOnePane: { measure: 'server RSS, 1 pane', unit: 'MB', goal: atMost(55, 'MB') },
  privateOnePane: { measure: 'server private memory (anonymous pages), 1 pane', unit: 'MB', goal: atMost(15, 'MB') },
  rssPerPane: { measure: 'server RSS per extra idle pane', unit: 'MB', goal: atMost(PANE_MB, 'MB') },
  floodTotal: { measure: 'four panes flooding at once, total', unit: 'MB/s', goal: vsTmux('>= 1.3x tmux', (a, b) => a >= 1.3 * b) },
  floodSpread: { measure: 'four panes flooding at once, slowest pane / fastest pane', unit: 'x' },
  composeP50: { measure: 'frame compose time, 16 busy panes, p50', unit: 'ms', thurmOnly: true },
  composeP99: { measure: 'frame compose time, 16 busy panes, p99', unit: 'ms', thurmOnly: true, goal: atMost(16, 'ms') },
  slowRssGrowth: { measure: 'slow client (SIGSTOPped) while 4 panes flood: server RSS growth', unit: 'MB', goal: atMost(A6_RSS_GROWTH_MB, 'MB') },
  slowEchoP50: { measure: 'slow client: the other client\'s echo, p50', unit: 'ms' },
  slowEchoP99: { measure: 'slow client: the other client\'s echo, p99', unit: 'ms', goal: below(A6_ECHO_P99_MS, 'ms') },
  slowCatchUp: {
    measure: 'slow client after SIGCONT: until it shows the end, or is detached', unit: 's',
    goal: { text: 'catches up, or is detached with a message', met: (f) => f.note !== null && /^(caught up|detached: \S)/.test(f.note) },
  },
  rttIdleP50: { measure: 'request round trip on an open socket, idle, p50', unit: 'ms', goal: atMost(1, 'ms') },
  rttIdleP99: { measure: 'request round trip on an open socket, idle, p99', unit: 'ms' },
  rttLoadP50: { measure: 'request round trip beside `yes` and a client, p50', unit: 'ms', goal: atMost(1, 'ms') },
  rttLoadP99: { measure: 'request round trip beside `yes` and a client, p99', unit: 'ms' },
  cyclesRss: { measure: 'pane create/kill cycles: server RSS growth after warm-up', unit: 'MB', goal: atMost(PANE_MB, 'MB') },
  cyclesFds: { measure: 'pane create/kill cycles: open fds growth after warm-up', unit: 'fds', goal: atMost(0, 'fds') },
  scrollback: { measure: 'scrollback memory: RSS growth / raw bytes kept', unit: 'x', goal: vsTmux('<= 2x tmux', (a, b) => a <= 2 * b) },
  busyEchoP50: { measure: '40 panes at ~200 KB/s: idle pane echo, p50', unit: 'ms' },
  busyEchoP99: { measure: '40 panes at ~200 KB/s: idle pane echo, p99', unit: 'ms', goal: below(A6_ECHO_P99_MS, 'ms') },
  busyRss: { measure: '40 panes at ~200 KB/s: server RSS once all print', unit: 'MB', goal: atMost(120, 'MB') },
  busyRssGrowth: { measure: '40 panes at ~200 KB/s: server RSS growth while they print', unit: 'MB', goal: below(A6_RSS_GROWTH_MB, 'MB') },
  startup: { measure: 'startup (`new -d` until `list` answers)', unit: 'ms' },
  farReportP50: { measure: 'a far host\'s OSC 7501 report to this overview, over localhost ssh, p50', unit: 'ms', thurmOnly: true, goal: below(100, 'ms') },
  farReportP99: { measure: 'a far host\'s OSC 7501 report to this overview, over localhost ssh, p99', unit: 'ms', thurmOnly: true },
  webReportP50: { measure: 'a blocked report to the web view\'s page in Chromium, p50', unit: 'ms', thurmOnly: true, goal: below(1000, 'ms') },
  webReportP99: { measure: 'a blocked report to the web view\'s page in Chromium, p99', unit: 'ms', thurmOnly: true },
} satisfies Record<string, RowSpec>;

export type RowId = keyof typeof ROWS;

/** One reported row: medians over rounds, the goal's text and whether thurm met it. */
export interface Row {
  id: RowId;
  measure: string;
  unit: string;
  thurm: number | null;
  tmux: number | null;
  reference: { name: string; value: number } | null;
  /** What the stack alone reaches on the row (a floor program's median), beside thurm's figure; no goal reads it. */
  floor?: { name: string; value: number } | null;
  rounds: { thurm: number[]; tmux: number[] };
  note: string | null;
  tmuxNote: string | null;
  goal: string | null;
  /** null when the row has no goal or thurm has no figure. */
  met: boolean | null;
}

/** Checks a row's goal; null when it has none or thurm's figure is missing. */
export function evaluate(spec: RowSpec, f: { thurm: number | null; tmux: number | null; reference: number | null; note: string | null }): boolean | null {
  if (!spec.goal || f.thurm === null || !Number.isFinite(f.thurm)) return null;
  return spec.goal.met({ ...f, thurm: f.thurm });
}

/** Per-round figures and notes by subject ('thurm', 'tmux') and row id, as the run collected them. */
export interface Collection {
  rounds(subject: string, id: string): number[];
  notes: Map<string, string[]>;
}

type Named = Partial<Record<RowId, { name: string; value: number }>>;

/** The reported rows: each row's median over its rounds, its reference and floor figures and its goal's verdict. */
export function buildRows(c: Collection, references: Named = {}, floors: Named = {}): Row[] {
  return (Object.entries(ROWS) as [RowId, RowSpec][]).map(([id, spec]) => {
    const thurmRounds = c.rounds('thurm', id), tmuxRounds = spec.thurmOnly ? [] : c.rounds('tmux', id);
    const thurm = thurmRounds.length ? median(thurmRounds) : null;
    const tmux = tmuxRounds.length ? median(tmuxRounds) : null;
    const reference = references[id] ?? null;
    const noteOf = (subject: string) => c.notes.get(`${subject}:${id}`)?.join('; ') ?? null;
    const note = noteOf('thurm');
    return {
      id, measure: spec.measure, unit: spec.unit, thurm, tmux, reference, floor: floors[id] ?? null,
      rounds: { thurm: thurmRounds, tmux: tmuxRounds }, note, tmuxNote: noteOf('tmux'),
      goal: spec.goal?.text ?? null,
      met: evaluate(spec, { thurm, tmux, reference: reference?.value ?? null, note }),
    };
  });
}
