// The rows of the choosers: the agent overview (prefix `a`), windows with their panes (prefix
// `w`), each pane with its status glyph, and sessions (prefix `s`) with what presses in each.
import { sessionState, type OtherSession } from '../server/other-sessions.js';
import { sessionNames } from '../server/socket-path.js';
import type { FarHostView } from '../server/far-hosts.js';
import { agentLines, hostDownLine, overviewRows } from '../session/agents.js';
import type { Mux } from '../session/mux.js';
import { sanitizeText } from '../sanitize.js';
import { WorktreeStatuses, worktreeLabel } from '../session/worktrees.js';
import { glyph } from './status-view.js';

/** The overview's worktree branches, asked of git in the background (the list is drawn every second). */
const worktrees = new WorktreeStatuses();

/**
 * Every pane with a status, most pressing first, the far hosts' among them; a row's key is its
 * pane (`build:3` for a far one); then a row (key `host NAME`) per far host whose link is not live.
 */
export function agentChoices(mux: Mux, hosts: readonly FarHostView[]): { key: string; text: string }[] {
  const rows = overviewRows(mux, hosts).map((r) => {
    const tree = r.host === null ? worktrees.of(mux.pane(r.pane).cwd) : null;
    return { ...r, worktree: tree ? worktreeLabel(tree) : null };
  });
  worktrees.keep(mux.paneIds().map((id) => mux.pane(id).cwd));
  const lines = agentLines(rows, Date.now());
  const down = hosts.filter((h) => h.state !== 'live').map((h) => ({ key: `host ${h.name}`, text: hostDownLine(h) }));
  return [...rows.map((r, i) => ({ key: r.pane, text: lines[i] })), ...down];
}

/** Each session (key: its name) with its most pressing state and how many of its panes need the user. */
export function sessionChoices(mux: Mux, others: readonly OtherSession[]): { key: string; text: string }[] {
  const self = sessionState(mux.session, mux.paneIds().map((id) => mux.pane(id).summary().state));
  const known = new Map([...others, self].map((o) => [o.name, o]));
  return sessionNames(mux.socketPath).map((name) => {
    const o = known.get(name);
    const state = o && o.state !== 'none' ? `  ${glyph(o.state)} ${o.state}${o.needYou ? ` (${o.needYou} need${o.needYou === 1 ? 's' : ''} you)` : ''}` : '';
    return { key: name, text: `${name}${name === mux.session ? ' (this one)' : ''}${state}` };
  });
}

/** Each window (key `window N`) followed by its panes (key: the pane id). */
export function windowChoices(mux: Mux): { key: string; text: string }[] {
  return mux.windowList().flatMap(({ window, current }) => [
    { key: `window ${window.index}`, text: `${window.index}: ${mux.windowName(window)}${current ? ' (current)' : ''}` },
    ...mux.windowPaneIds(window).map((id) => {
      const s = mux.pane(id).summary();
      return { key: id, text: `    ${glyph(s.state)} ${id.padStart(3)} ${mux.pane(id).title}${s.text ? `: ${s.text}` : ''}` };
    }),
  ]);
}

/**
 * Prefix f, as tmux's find-window: each pane (key: its id) whose window name, title or screen
 * holds `text` (any case), with the first screen line that does.
 */
export function findChoices(mux: Mux, text: string): { key: string; text: string }[] {
  const needle = text.toLowerCase();
  const has = (s: string) => s.toLowerCase().includes(needle);
  return mux.windowList().flatMap(({ window }) => mux.windowPaneIds(window).flatMap((id) => {
    const pane = mux.pane(id);
    const line = pane.term.liveScreen().find(has)?.trim();
    if (!line && !has(mux.windowName(window)) && !has(pane.title)) return [];
    return [{ key: id, text: `${window.index}: ${mux.windowName(window)}  ${id.padStart(3)} ${pane.title}${line ? `: ${line}` : ''}` }];
  }));
}

/** Prefix #, as tmux's choose-buffer: the paste buffers, newest first (key: the name), each with its size and start. */
export function bufferChoices(mux: Mux): { key: string; text: string }[] {
  // A buffer's text is a program's or a copy's: its control characters never reach the screen.
  return mux.buffers.list().map((b) => ({ key: b.name, text: `${b.name}: ${Buffer.byteLength(b.text)} bytes: "${sanitizeText(b.text.replace(/\s+/g, ' '), 60)}"` }));
}
