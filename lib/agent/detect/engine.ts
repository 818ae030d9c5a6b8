// Runs detection rules over a pane's live screen and title: every rule that matches, and the
// state they add up to (blocked beats working beats idle; a matching `ignore` rule means
// "keep the previous state"). Reads only what is on screen now, never the scrollback.
import type { Kind } from '../../status/osc7501.js';
import type { DetectedState, Rule } from './rule.js';

export interface RuleMatch {
  id: string;
  agent: string;
  state: Rule['state'];
  kind: Kind | null;
  /** The patterns that matched (their source text). */
  patterns: string[];
}

export interface RulesResult {
  matches: RuleMatch[];
  /** null: no rule decided (none matched, or an ignore rule matched). */
  state: DetectedState | null;
  kind: Kind | null;
  ignored: boolean;
}

const ORDER: readonly DetectedState[] = ['blocked', 'working', 'idle'];

/** The last `n` non-blank rows joined, or every row. */
function region(lines: string[], n?: number): string {
  const rows = lines.map((l) => l.trimEnd());
  while (rows.length && !rows[rows.length - 1]) rows.pop();
  if (n === undefined) return rows.join('\n');
  const picked: string[] = [];
  for (let i = rows.length - 1; i >= 0 && picked.length < n; i--) if (rows[i]) picked.unshift(rows[i]);
  return picked.join('\n');
}

export function matchRule(rule: Rule, lines: string[], title: string): RuleMatch | null {
  const text = rule.where === 'title' ? title : region(lines, rule.lines);
  const hits = rule.patterns.filter((p) => p.test(text));
  const ok = rule.all ? hits.length === rule.patterns.length : hits.length > 0;
  return ok ? { id: rule.id, agent: rule.agent, state: rule.state, kind: rule.kind ?? null, patterns: hits.map((p) => p.source) } : null;
}

export function runRules(rules: readonly Rule[], lines: string[], title: string): RulesResult {
  const matches = rules.map((r) => matchRule(r, lines, title)).filter((m): m is RuleMatch => m !== null);
  if (matches.some((m) => m.state === 'ignore')) return { matches, state: null, kind: null, ignored: true };
  for (const state of ORDER) {
    const m = matches.find((x) => x.state === state);
    if (m) return { matches, state, kind: m.kind, ignored: false };
  }
  return { matches, state: null, kind: null, ignored: false };
}
