// The states a pane can show, in one table: every list, order, glyph, style and "does it need
// you" in thurm derives from it (borders, the status line, the agent overview, `thurm ls`,
// `focus --urgent`, notifications, the outer terminal's record).
import type { State } from './osc7501.js';

export interface StateTraits {
  /** Its shape differs per state, so colour is never the only cue. */
  glyph: string;
  /** SGR parameters of its label. */
  style: string;
  /**
   * Which of one pane's records the border shows, first wins: a sub-task still running says
   * more about the pane than one that finished.
   */
  paneRank: number;
  /** Across panes (overview, window marks, `thurm ls`, the outer terminal): what needs you first. */
  overviewRank: number;
  /** Entering it raises a notification, and a pane in it needs the user (`focus --urgent`, window marks). */
  needsYou: boolean;
}

export const STATE_TABLE: Readonly<Record<State, StateTraits>> = {
  blocked: { glyph: '◆', style: '1;33', paneRank: 0, overviewRank: 0, needsYou: true },
  error: { glyph: '✖', style: '1;31', paneRank: 1, overviewRank: 1, needsYou: true },
  working: { glyph: '▶', style: '36', paneRank: 2, overviewRank: 3, needsYou: false },
  done: { glyph: '✔', style: '32', paneRank: 3, overviewRank: 2, needsYou: true },
  idle: { glyph: '○', style: '90', paneRank: 4, overviewRank: 4, needsYou: false },
};

const states = Object.keys(STATE_TABLE) as State[];

/** Every state, most pressing across panes first. */
export const OVERVIEW_ORDER: readonly State[] = [...states].sort((a, b) => STATE_TABLE[a].overviewRank - STATE_TABLE[b].overviewRank);

/** The states whose panes need the user, most pressing first. */
export const NEEDS_YOU: readonly State[] = OVERVIEW_ORDER.filter((s) => STATE_TABLE[s].needsYou);

export function isState(s: string): s is State {
  return Object.hasOwn(STATE_TABLE, s);
}

/** Whether a pane in state `s` (or 'none') needs the user. */
export function needsYou(s: string): boolean {
  return isState(s) && STATE_TABLE[s].needsYou;
}

/** Ranks a state across panes; 'none' and unknown states come last. */
export function overviewRank(s: string): number {
  return isState(s) ? STATE_TABLE[s].overviewRank : states.length;
}

/**
 * Of `ids` (panes in order), the one whose state most needs the user, looking from the one
 * after `focused` round, so the focused pane comes last and ties go to the next one.
 */
export function mostUrgentPane(ids: readonly string[], focused: string | null, stateOf: (id: string) => string): string | null {
  const start = focused ? ids.indexOf(focused) + 1 : 0;
  let best: { id: string; rank: number } | null = null;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[(start + i) % ids.length];
    const state = stateOf(id);
    if (needsYou(state) && (!best || overviewRank(state) < best.rank)) best = { id, rank: overviewRank(state) };
  }
  return best?.id ?? null;
}

/** An agent's own word for blocked (the report API's `needs-input`) as the state thurm shows. */
export function shownState<T extends string>(status: T): Exclude<T, 'needs-input'> | 'blocked' {
  return (status === 'needs-input' ? 'blocked' : status) as Exclude<T, 'needs-input'> | 'blocked';
}
