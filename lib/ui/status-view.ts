// How a pane's status looks: a glyph whose shape differs per state (not colour alone), the
// state word, kind, app and message, and a progress bar, fitted into a border's width.
import type { Mux } from '../session/mux.js';
import type { StatusSummary } from '../status/program-status.js';
import type { State } from '../status/osc7501.js';
import { OVERVIEW_ORDER, STATE_TABLE } from '../status/states.js';
import type { Style } from './cell-style.js';
import { textWidth, truncate } from './text-cells.js';

/** A state's glyph; a blank for 'none' or anything else. */
export function glyph(state: string): string {
  return Object.hasOwn(STATE_TABLE, state) ? STATE_TABLE[state as State].glyph : ' ';
}

export function stateStyle(state: State): Style {
  return STATE_TABLE[state].style;
}

const BAR = 10;

/** `◆ blocked (permission) claude: Approve the change`, or '' when there is no status. */
export function statusLabel(s: StatusSummary): string {
  if (s.state === 'none') return '';
  const kind = s.kind ? ` (${s.kind})` : '';
  const app = s.app ? ` ${s.app}` : '';
  const text = s.text ? `${app ? ':' : ''} ${s.text}` : '';
  return `${glyph(s.state)} ${s.state}${kind}${app}${text}`;
}

/** `[████░░░░░░] 42%`; indeterminate bars move with `frame`. Empty without progress. */
export function progressBar(s: StatusSummary, frame: number): string {
  if (s.progressState === null) return '';
  if (s.progressState === 'indeterminate') {
    const pos = frame % (2 * (BAR - 3));
    const at = pos < BAR - 3 ? pos : 2 * (BAR - 3) - pos;
    return `[${'░'.repeat(at)}███${'░'.repeat(BAR - 3 - at)}]`;
  }
  const value = s.progress ?? 0;
  const filled = Math.round((value / 100) * BAR);
  const note = s.progressState === 'paused' ? ' paused' : s.progressState === 'error' ? ' error' : '';
  return `[${'█'.repeat(filled)}${'░'.repeat(BAR - filled)}] ${value}%${note}`;
}

export function progressStyle(s: StatusSummary): Style {
  return s.progressState === 'error' ? '31' : s.progressState === 'paused' ? '33' : '36';
}

/** Fits status and bar into `width` columns: the bar goes first when space is short. */
export function fitStatus(label: string, bar: string, width: number): { label: string; bar: string } {
  if (width <= 0) return { label: '', bar: '' };
  if (bar && textWidth(bar) + 1 > width) bar = '';
  const room = width - (bar ? textWidth(bar) + 1 : 0);
  return { label: truncate(label, room), bar };
}

/** Counts of panes per state, most pressing first: `◆1 ✖1 ✔1 ▶2`. */
export function stateCounts(mux: Mux): { state: State; count: number }[] {
  const counts = new Map<State, number>();
  for (const id of mux.paneIds()) {
    const state = mux.pane(id).summary().state;
    if (state !== 'none') counts.set(state, (counts.get(state) ?? 0) + 1);
  }
  return OVERVIEW_ORDER.filter((s) => counts.has(s)).map((state) => ({ state, count: counts.get(state)! }));
}
