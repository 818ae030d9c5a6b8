// What a restore did with each saved pane (see resume.ts, restore.ts): kept by the Mux for
// `thurm info`, and told in one line to the first client that attaches.

export interface RestoreReport {
  from: string;
  savedAt: string;
  panes: { id: string; outcome: string; detail: string }[];
  /** Files that could not be used (moved aside). */
  problems: string[];
}

/** `restored 3 panes: 1 resumed, 1 skipped (thurm restore --report)`. */
export function restoreSummary(r: RestoreReport): string {
  if (!r.panes.length) return `saved session not restored: ${r.problems[0] ?? 'nothing to restore'}`;
  const counts = new Map<string, number>();
  for (const p of r.panes) counts.set(p.outcome, (counts.get(p.outcome) ?? 0) + 1);
  const parts = [...counts].map(([outcome, n]) => `${n} ${outcome}`).join(', ');
  return `restored session saved ${r.savedAt.slice(0, 16).replace('T', ' ')}: ${parts}${r.problems.length ? `; ${r.problems.length} file problem(s)` : ''} (details: thurm info)`;
}
