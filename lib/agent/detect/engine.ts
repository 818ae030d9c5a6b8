// Runs detection rules over a pane's live screen and title: every rule that matches, and the
// state they add up to (blocked beats working beats idle; a matching `ignore` rule means
// "keep the previous state"). Reads only what is on screen now, never the scrollback, and
// each rule only its region of it (rule.ts).
import type { Kind } from '../../status/osc7501.js';
import type { DetectedState, Region, Rule } from './rule.js';

export interface RuleMatch {
  id: string;
  agent: string;
  state: Rule['state'];
  kind: Kind | null;
  /** The patterns that matched (their source text). */
  patterns: string[];
  /** The rows of the screen the rule read (its region), or null for a title rule. */
  region: string | null;
}

export interface RulesResult {
  matches: RuleMatch[];
  /** null: no rule decided (none matched, or an ignore rule matched). */
  state: DetectedState | null;
  kind: Kind | null;
  ignored: boolean;
}

const ORDER: readonly DetectedState[] = ['blocked', 'working', 'idle'];

/** The screen's rows without trailing blanks, and joined, as the regions read them. */
interface Screen {
  rows: string[];
  text: string;
}

function screenOf(lines: string[]): Screen {
  const rows = lines.map((l) => l.trimEnd());
  while (rows.length && !rows[rows.length - 1]) rows.pop();
  return { rows, text: rows.join('\n') };
}

const GLOBAL = new WeakMap<RegExp, RegExp>();

/** The row at which the last match of a multiline pattern starts, or -1. */
function lastMatchRow(screen: Screen, pattern: RegExp): number {
  let g = GLOBAL.get(pattern);
  if (!g) GLOBAL.set(pattern, (g = new RegExp(pattern.source, pattern.flags.replace('g', '') + 'g')));
  let at = -1;
  for (const m of screen.text.matchAll(g)) at = m.index;
  return at < 0 ? -1 : screen.text.slice(0, at).split('\n').length - 1;
}

/** The last `n` non-blank rows, or every row. */
function lastRows(screen: Screen, n?: number): string[] {
  if (n === undefined) return screen.rows;
  const picked: string[] = [];
  for (let i = screen.rows.length - 1; i >= 0 && picked.length < n; i--) if (screen.rows[i]) picked.unshift(screen.rows[i]);
  return picked;
}

function agentRegion(screen: Screen, region: Region): string[] | null {
  if ('above' in region) {
    const box = lastMatchRow(screen, region.above);
    if (box < 0) return null;
    let i = box - 1;
    while (i >= 0 && !screen.rows[i]) i--;
    const picked: string[] = [];
    for (; i >= 0 && screen.rows[i] && picked.length < region.rows; i--) picked.unshift(screen.rows[i]);
    return picked;
  }
  const top = lastMatchRow(screen, region.dialog);
  if (top < 0 || region.prompt?.test(screen.text)) return null;
  return screen.rows.slice(top);
}

/** The rows of the screen a rule reads, or null when its region is not on screen. */
function rowsFor(rule: Rule, screen: Screen): string[] | null {
  return rule.region ? agentRegion(screen, rule.region) : lastRows(screen, rule.lines);
}

function match(rule: Rule, text: string | null): RuleMatch | null {
  if (text === null) return null;
  const hits = rule.patterns.filter((p) => p.test(text));
  const ok = rule.all ? hits.length === rule.patterns.length : hits.length > 0;
  if (!ok) return null;
  return {
    id: rule.id, agent: rule.agent, state: rule.state, kind: rule.kind ?? null, patterns: hits.map((p) => p.source),
    region: rule.where === 'title' ? null : text,
  };
}

export function runRules(rules: readonly Rule[], lines: string[], title: string): RulesResult {
  const screen = screenOf(lines);
  const text = (r: Rule) => (r.where === 'title' ? title : rowsFor(r, screen)?.join('\n') ?? null);
  const matches = rules.map((r) => match(r, text(r))).filter((m): m is RuleMatch => m !== null);
  if (matches.some((m) => m.state === 'ignore')) return { matches, state: null, kind: null, ignored: true };
  for (const state of ORDER) {
    const m = matches.find((x) => x.state === state);
    if (m) return { matches, state, kind: m.kind, ignored: false };
  }
  return { matches, state: null, kind: null, ignored: false };
}
