// The agent overview (prefix `a`, `thurm agents`): every pane that has a status, most pressing
// first, with how long it has been in that state; the far hosts' panes among them, by their
// host-qualified ids (`build:3`), those of a host whose link is not live last and marked stale.
import type { State } from '../status/osc7501.js';
import type { StatusSource } from '../status/program-status.js';
import { usageLabel, type ReportedUsage } from '../agent/usage.js';
import { overviewRank, STATE_TABLE } from '../status/states.js';
import type { Mux } from './mux.js';
import type { Window } from './windows.js';

export interface AgentRow {
  pane: string;
  /** The index of the window the pane is in. */
  window: number;
  state: State;
  source: StatusSource;
  app: string | null;
  text: string;
  /** When the pane entered this state (ms since the epoch). */
  since: number;
  /** Its git worktree's branch and how it stands (`fix-login*+2`, worktrees.ts), when it is in a worktree of its own. */
  worktree?: string | null;
  /** What its agent reported of its context, cost and limits (agent-usages.ts). */
  usage?: ReportedUsage | null;
}

/** A row of the overview: a pane of this session (host null) or of a far host (pane `host:id`). */
export interface OverviewRow extends AgentRow {
  host: string | null;
  /** A far host's row while its link is not live: what it last knew, not what is. */
  stale: boolean;
}

/** A far host's agents as its link last knew them, and how the link is (`live`, or why not). */
export interface FarAgents { name: string; state: string; error: string | null; agents: readonly AgentRow[] }

/** `host build: lost: the link dropped`: a far host whose link is not live, as the overview lists it. */
export function hostDownLine(h: Pick<FarAgents, 'name' | 'state' | 'error'>): string {
  return `host ${h.name}: ${h.state}${h.error ? `: ${h.error}` : ''}`;
}

export function agentRows(mux: Mux): AgentRow[] {
  const rows: AgentRow[] = [];
  for (const pane of mux.paneIds()) {
    const s = mux.pane(pane).summary();
    if (s.state === 'none') continue;
    rows.push({ pane, window: mux.windowOf(pane).index, state: s.state, source: s.source, app: s.app, text: s.text, since: mux.stateSince(pane), usage: mux.usages.get(pane) });
  }
  return rows.sort(pressing);
}

function pressing(a: AgentRow, b: AgentRow): number {
  return overviewRank(a.state) - overviewRank(b.state) || a.since - b.since;
}

/** This session's rows and the far hosts', most pressing first; stale ones after every live one. */
export function overviewRows(mux: Mux, far: readonly FarAgents[]): OverviewRow[] {
  const rows: OverviewRow[] = agentRows(mux).map((r) => ({ ...r, host: null, stale: false }));
  for (const h of far) rows.push(...h.agents.map((r) => ({ ...r, pane: `${h.name}:${r.pane}`, host: h.name, stale: h.state !== 'live' })));
  return rows.sort((a, b) => Number(a.stale) - Number(b.stale) || pressing(a, b));
}

/**
 * The overview's lines, columns aligned however long the ids are: glyph, window, pane, state,
 * time in it, worktree, usage, app and message (`◆ window 0  pane 2   blocked     12s  (ctx 42% · $1.20)  claude-code: Allow?`); a
 * stale row (its host's link is down) says so first, with no glyph of a live state.
 */
export function agentLines(rows: readonly (AgentRow & { stale?: boolean })[], now: number): string[] {
  const windowWidth = Math.max(0, ...rows.map((r) => String(r.window).length));
  const paneWidth = Math.max(0, ...rows.map((r) => r.pane.length));
  return rows.map((r) => `${r.stale ? '? stale' : STATE_TABLE[r.state].glyph} window ${String(r.window).padEnd(windowWidth)}  pane ${r.pane.padEnd(paneWidth)}  `
    + `${r.state.padEnd(7)} ${duration(now - r.since).padStart(7)}  ${r.worktree ? `[${r.worktree}]  ` : ''}${r.usage && usageLabel(r.usage) ? `(${usageLabel(r.usage)})  ` : ''}${r.app ?? '-'}${r.text ? `: ${r.text}` : ''}`);
}

/** `1h 02m`, `3m 05s`, `12s`. */
export function duration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s >= 3600) return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${s}s`;
}

/** The most pressing state of a window's panes ('none' when none has a status). */
export function windowState(mux: Mux, w: Readonly<Window>): string {
  let best: string = 'none';
  for (const id of mux.windowPaneIds(w)) {
    const s = mux.pane(id).summary().state;
    if (overviewRank(s) < overviewRank(best)) best = s;
  }
  return best;
}
