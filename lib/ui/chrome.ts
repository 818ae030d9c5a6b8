// Draws what thurm adds around panes: each pane's header (its border: id, title, exit
// status), the separators between panes, and the status line. Drawn from the Mux's model,
// never from raw program text (titles are sanitised when they arrive).
import type { Geometry } from '../session/layout.js';
import type { Mux } from '../session/mux.js';
import { windowState } from '../session/agents.js';
import { usageLabel } from '../agent/usage.js';
import type { Line } from './cells.js';
import type { OtherSession } from '../server/other-sessions.js';
import type { State } from '../status/osc7501.js';
import { needsYou, overviewRank } from '../status/states.js';
import { fitStatus, glyph, progressBar, progressStyle, stateCounts, stateStyle, statusLabel } from './status-view.js';
import { styleForeground } from './tmux-style.js';
import { fill, putText, textWidth, truncate } from './text-cells.js';
import { statusText } from './status-format.js';

const FOCUSED = '1;32';
const UNFOCUSED = '90';
const STATUS = '30;42';
const STATUS_FOCUS = '1;97;42';
const MESSAGE = '30;43';
const SAVE_FAILED = '1;97;41';

/** The text of a pane's header after its rule, e.g. ` 2 vim ` or ` 3 make [exited 2] `. */
export function headerLabel(mux: Mux, id: string): string {
  const pane = mux.pane(id);
  const exit = pane.exit ? ` [exited ${pane.exit.signal ? `signal ${pane.exit.signal}` : pane.exit.exitCode}]` : '';
  const zoom = mux.zoomed === id ? ' [zoom]' : '';
  // What is typed goes to every pane of the window: each says so.
  const sync = mux.windowOf(id).synchronize ? ' [sync]' : '';
  const marked = mux.marked === id ? ' [marked]' : '';
  const notice = pane.notice ? ` [${pane.notice}]` : '';
  const usage = mux.config.agents.usageInBorder ? mux.usages.get(id) : null;
  const used = usage && usageLabel(usage) ? ` [${usageLabel(usage)}]` : '';
  return ` ${id} ${pane.title}${exit}${zoom}${sync}${marked}${notice}${used} `;
}

/**
 * Each pane's header row: its rule, id and title, then its status and progress bar; `extra`
 * adds this client's own state of a pane (where its copy mode is).
 */
export function drawHeaders(lines: Line[], mux: Mux, geo: Geometry, frame: number, extra?: (id: string) => string | null): void {
  for (const [id, r] of geo.panes) {
    const line = lines[r.y];
    if (!line) continue;
    const focused = mux.focused === id;
    const style = borderStyle(mux, id, focused);
    // The focused pane's rule is heavy, so focus shows without colour too.
    const rule = focused ? '━' : '─';
    const end = r.x + r.w;
    fill(line, r.x, end, rule, style);
    const status = mux.pane(id).summary();
    const label = statusLabel(status);
    const bar = progressBar(status, frame);
    const more = extra?.(id);
    const name = more ? `${headerLabel(mux, id)}${more} ` : headerLabel(mux, id);
    const nameRoom = label || bar ? Math.min(textWidth(name), Math.max(8, Math.floor(r.w / 3))) : r.w - 2;
    let x = putText(line, r.x + Math.min(1, r.w), truncate(name, nameRoom), style, end);
    const fitted = fitStatus(label, bar, end - x - 4);
    if (fitted.label && status.state !== 'none') {
      x = putText(line, x + 1, ` ${fitted.label} `, stateStyle(status.state), end - 1);
    }
    if (fitted.bar) putText(line, end - textWidth(fitted.bar) - 3, ` ${fitted.bar} `, progressStyle(status), end - 1);
  }
  const separator = geo.panes.size ? borderStyle(mux, [...geo.panes.keys()][0], false, true) : UNFOCUSED;
  for (const s of geo.separators) {
    for (let y = s.y; y < s.y + s.h; y++) {
      const line = lines[y];
      if (line?.[s.x]) fill(line, s.x, s.x + 1, '│', separator);
    }
  }
}

/**
 * A border's style: thurm's, or the foreground of `pane-border-style` (`pane-active-border-style`
 * for the focused pane) set through the tmux shim; the focused one stays bold. `windowOnly`: the
 * window's and session's value, for separators, which belong to no one pane.
 */
function borderStyle(mux: Mux, id: string, focused: boolean, windowOnly = false): string {
  if (!mux.tmuxOptions.size) return focused ? FOCUSED : UNFOCUSED;
  const scopes = mux.optionScopes(id).slice(windowOnly ? 1 : 0);
  const fg = styleForeground(mux.tmuxOptions.get(focused ? 'pane-active-border-style' : 'pane-border-style', scopes));
  if (!fg) return focused ? FOCUSED : UNFOCUSED;
  return focused ? `1;${fg}` : fg;
}

export interface StatusExtras {
  prefixPending: boolean;
  /** Replaces the whole line (an error, display-message). */
  message: string | null;
  /** Shown in the room the status leaves, cut to fit (what a restore did). */
  notice?: string | null;
  /** This user's other sessions: those with a pane that needs the user show left of the counts. */
  others?: readonly OtherSession[];
}

/** Cells a notice needs to say anything. */
const NOTICE_MIN = 12;

/**
 * One row: session name and panes on the left, per-state counts and the prefix hint on the
 * right, a notice between them; or a message instead of all of it.
 */
export function drawStatusLine(line: Line, mux: Mux, extras: StatusExtras): void {
  fill(line, 0, line.length, ' ', STATUS);
  if (extras.message) {
    putText(line, 0, truncate(` ${extras.message}`, line.length), MESSAGE);
    return;
  }
  const now = new Date();
  let x = putText(line, 0, truncate(statusText(mux, 'left', now), line.length), STATUS);
  // With several windows: each with the glyph of what needs you there, then this window's panes.
  const windows = mux.windowList();
  if (windows.length > 1) {
    const labels = windows.map(({ window, current, last }) => {
      const state = windowState(mux, window);
      const mark = needsYou(state) ? glyph(state) : '';
      return `${window.index}:${truncate(mux.windowName(window), 12)}${current ? '*' : last ? '-' : ''}${window.synchronize ? '(sync)' : ''}${mark} `;
    });
    const widths = labels.map(textWidth);
    const room = line.length - 8 - x;
    // Windows that do not all fit leave some room for this window's panes.
    const total = widths.reduce((a, b) => a + b, 0);
    const [start, end] = visibleRun(widths, windows.findIndex((w) => w.current), total <= room ? room : Math.floor(room * 0.6));
    if (start > 0) x = putText(line, x, '< ', STATUS);
    for (let i = start; i < end; i++) x = putText(line, x, labels[i], windows[i].current ? STATUS_FOCUS : STATUS, line.length - 8);
    if (end < windows.length) x = putText(line, x, '> ', STATUS, line.length - 8);
    if (x + 2 < line.length - 8) x = putText(line, x, '│ ', STATUS);
  }
  for (const id of mux.windowPaneIds()) {
    const pane = mux.pane(id);
    const focused = mux.focused === id;
    // Pane ids in tmux's spelling, `%1`, so they never read as the window indexes before them.
    const label = `%${id}:${truncate(pane.title, 16)}${focused ? '*' : ''}${mux.zoomed === id ? 'Z' : ''}${pane.rang ? '!' : ''} `;
    if (x + textWidth(label) > line.length - 8) break;
    x = putText(line, x, label, focused ? STATUS_FOCUS : STATUS);
  }
  // status-right at the right end, then per-state counts left of it, so a blocked pane zoomed out of sight still shows.
  let right = line.length - (extras.prefixPending ? 8 : 0);
  const own = statusText(mux, 'right', now);
  if (own && right - textWidth(own) > x) {
    right -= textWidth(own);
    putText(line, right, own, STATUS);
  }
  if (mux.persistence.saveState.error && right - 13 > x) {
    right -= 13;
    putText(line, right, ' save failed ', SAVE_FAILED);
  }
  for (const { state, count } of stateCounts(mux).reverse()) {
    const text = ` ${glyph(state)}${count}`;
    if (right - textWidth(text) <= x) break;
    right -= textWidth(text);
    putText(line, right, text, `${stateStyle(state)};42`);
  }
  right = drawOtherSessions(line, x, right, extras.others ?? []);
  if (extras.prefixPending) putText(line, Math.max(line.length - 8, x), ' PREFIX ', MESSAGE);
  const room = right - x - 1;
  if (extras.notice && room >= NOTICE_MIN) putText(line, x, truncate(` ${extras.notice} `, room), MESSAGE, right - 1);
}

/**
 * Other sessions with a pane that needs the user, most pressing first, `scratch◆1` each (its
 * most pressing state's glyph, how many need the user), then `│` before this session's counts;
 * those that do not fit are counted, `+2`. Drawn leftward from `right`; returns where it ended.
 */
function drawOtherSessions(line: Line, left: number, right: number, others: readonly OtherSession[]): number {
  const pressing = others.filter((o): o is OtherSession & { state: State } => o.needYou > 0 && o.state !== 'none').sort((a, b) => overviewRank(a.state) - overviewRank(b.state));
  if (!pressing.length) return right;
  const labels = pressing.map((o) => ({ text: ` ${truncate(o.name, 12)}${glyph(o.state)}${o.needYou}`, state: o.state }));
  const room = right - left - 2;
  const moreText = (n: number) => (n ? ` +${n}` : '');
  let shown = 0;
  for (let used = 0; shown < labels.length; shown++) {
    used += textWidth(labels[shown].text);
    if (used + textWidth(moreText(labels.length - shown - 1)) > room) break;
  }
  const more = labels.length - shown;
  if (textWidth(moreText(more)) > room) return right;
  right -= 2;
  putText(line, right, ' │', STATUS);
  right -= textWidth(moreText(more));
  putText(line, right, moreText(more), STATUS);
  for (const label of labels.slice(0, shown).reverse()) {
    right -= textWidth(label.text);
    putText(line, right, label.text, `${stateStyle(label.state)};42`);
  }
  return right;
}

/** Cells a `<` or `>` takes where the window list is cut. */
const CUT_MARK = 2;

/**
 * The run of labels (their widths) that fits `room` cells and shows `current`: from the first
 * one, or moved on until `current` shows, as tmux's window list does. A cut end costs CUT_MARK.
 */
export function visibleRun(widths: number[], current: number, room: number): [number, number] {
  const fits = (a: number, b: number) =>
    widths.slice(a, b).reduce((s, w) => s + w, 0) + (a > 0 ? CUT_MARK : 0) + (b < widths.length ? CUT_MARK : 0) <= room;
  let start = 0;
  while (start < current && !fits(start, current + 1)) start++;
  let end = start;
  while (end < widths.length && fits(start, end + 1)) end++;
  return [start, Math.max(end, Math.min(current + 1, widths.length))];
}

/** Blanks the area no pane covers (hidden panes, rounding leftovers). */
export function clearUncovered(lines: Line[], rows: number, cols: number, geo: Geometry): void {
  const covered = lines.slice(0, rows).map(() => new Uint8Array(cols));
  for (const r of geo.panes.values()) {
    for (let y = r.y; y < r.y + r.h && y < rows; y++) covered[y].fill(1, r.x, Math.min(r.x + r.w, cols));
  }
  for (const s of geo.separators) for (let y = s.y; y < s.y + s.h && y < rows; y++) covered[y][s.x] = 1;
  for (let y = 0; y < rows; y++) {
    const line = lines[y];
    for (let x = 0; x < cols; x++) {
      if (!covered[y][x] && (line[x][0] !== '' || line[x][1] !== ' ')) {
        line[x] = ['', ' '];
        line.dirty = true;
      }
    }
  }
}
