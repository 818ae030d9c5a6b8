// A session as plain data: what the session file holds and a restore starts from. Built from
// the live panes when saving; checked field by field when read back, since a file on disk is
// untrusted input (nothing from an invalid one is ever run).
import { AGENT_NAME, MAX_RESUME_ARGS, MAX_RESUME_BYTES, SESSION_ID } from '../agent/ownership.js';
import { ThurmError } from '../errors.js';
import { CONTROL_CHARS, hasControl, sanitizeLine, sanitizeText, wellFormed } from '../sanitize.js';
import { historyOf } from '../term/history.js';
import type { LayoutNode } from './layout.js';
import type { WindowSnapshot } from './windows.js';
import type { PaneView } from './pane.js';
import { isSessionName } from './paths.js';
import { MAX_PANE_ID, MAX_SIZE } from './client-sizes.js';
import { MAX_VALUE, MAX_VARIABLES, VARIABLE_NAME } from './launch-env.js';
import { timelineOf, type TimelineEntry } from './timeline.js';

/** 2: windows. A version 1 file (one layout) reads as one window. */
export const SNAPSHOT_VERSION = 2;

/**
 * Who an agent pane was talking to, and how to resume it (null: thurm knows no command);
 * `program`: how the agent was started, as its hook's process showed (null: not known);
 * `env`: the variables its command line gave it (launch-env.ts), typed again before the resume.
 */
export interface AgentBinding { agent: string; sessionId: string; resume: string[] | null; program: string[] | null; env?: [string, string][] }

export interface PaneSnapshot {
  id: string;
  argv: string[];
  cwd: string;
  title: string;
  /** The title given with rename-pane or tmux `select-pane -T` (null: the title follows the program). */
  givenTitle: string | null;
  size: { cols: number; rows: number };
  /** The foreground program's argv when saved, for `[[session.resume]]` rules. */
  foreground: string[] | null;
  /** Scrollback and screen as logical lines (wrapped rows joined), oldest first. */
  history: string[];
  agent: AgentBinding | null;
  /** The pane's OSC 7501 records when saved (their programs do not come back: kept for the record). */
  records: { app: string | null; id: string | null; state: string; msg: string | null }[];
  /** The pane's status changes (timeline.ts); absent from files before they were kept. */
  timeline?: TimelineEntry[];
}

export interface SessionSnapshot {
  version: number;
  session: string;
  savedAt: string;
  /** The session ended on purpose (last pane exited, kill-server): not restored by itself. */
  ended: boolean;
  windows: WindowSnapshot[];
  /** Index of the current window. */
  current: number;
  nextId: number;
  size: { cols: number; rows: number };
  panes: PaneSnapshot[];
}

/** Rows of history read between two pauses of readHistory (a few milliseconds of work). */
const ROWS_PER_SLICE = 500;

/**
 * The last `max` logical lines of a pane's history (0: none), trailing blank lines dropped, into
 * `out`; yields every ROWS_PER_SLICE rows, so a caller can let others run (while the pane's
 * output is held: the rows must not move meanwhile).
 */
export function* readHistory(pane: PaneView, max: number, out: string[]): Generator<void, void> {
  if (max <= 0) return;
  const h = historyOf(pane.term.xterm);
  const lines: string[] = [];
  let slice = 0;
  for (let i = h.length - 1; i >= 0 && lines.length <= max; i--) {
    let text = h.text(i);
    // A wrapped row continues the row above it: join them into the line the program printed.
    while (i > 0 && h.wrapped(i)) text = h.text(--i).padEnd(h.cols) + text;
    lines.push(text);
    if (++slice % ROWS_PER_SLICE === 0) yield;
  }
  lines.reverse();
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  out.push(...lines.slice(-max));
}

/** readHistory at once. */
export function historyText(pane: PaneView, max: number): string[] {
  const out: string[] = [];
  for (const _ of readHistory(pane, max, out));
  return out;
}

/** JSON text of history arrays already serialised: the saver makes it a pane at a time. */
const historyJson = new WeakMap<readonly string[], string>();

export function historyJsonOf(lines: readonly string[]): string {
  let json = historyJson.get(lines);
  if (json === undefined) historyJson.set(lines, (json = JSON.stringify(lines)));
  return json;
}

/**
 * The session file's text, exactly as JSON.stringify writes it, with each pane's history from
 * historyJsonOf (megabytes of it in one JSON.stringify would hold the server for tens of ms).
 */
export function snapshotText(snapshot: SessionSnapshot): string {
  // A key is the only unescaped `"history":0` in a pane's JSON: string values escape quotes.
  const panes = snapshot.panes.map((p) => JSON.stringify({ ...p, history: 0 }).replace('"history":0', () => `"history":${historyJsonOf(p.history)}`));
  return JSON.stringify({ ...snapshot, panes: 0 }).replace('"panes":0', () => `"panes":[${panes.join(',')}]`);
}

/** The agent session a pane's report or hook named, if its agent still runs. */
export function agentBinding(pane: PaneView): AgentBinding | null {
  const report = pane.agent.current();
  if (report?.sessionId) return { agent: report.agent, sessionId: report.sessionId, resume: report.resume, program: null, env: pane.launchEnv() };
  const hook = pane.sources.hook.current();
  if (hook?.sessionId) return { agent: hook.agent, sessionId: hook.sessionId, resume: null, program: hook.program, env: pane.launchEnv() };
  return null;
}

/** `history`: the pane's history text (historyText), which the saver reads ahead of time. */
export function paneSnapshot(pane: PaneView, history: string[]): PaneSnapshot {
  // A program caught mid-exec or exiting has an empty /proc cmdline: saved as no program, since
  // the reader (rightly) refuses an empty argv and would throw the whole file away.
  const foreground = pane.foreground()?.argv;
  return {
    id: pane.id,
    argv: pane.argv,
    cwd: pane.cwd,
    title: pane.title,
    givenTitle: pane.givenTitle,
    size: pane.size,
    foreground: foreground?.length ? foreground : null,
    history,
    agent: agentBinding(pane),
    records: pane.status.programs().flatMap(({ app, records }) => records.map((r) => ({ app, id: r.id, state: r.state, msg: r.msg }))),
    timeline: pane.timeline.list(),
  };
}

// ---- reading a snapshot back: every field checked ----

const MAX_PANES = 1024;
const MAX_HISTORY = 1_000_000;

function bad(why: string): never {
  throw new ThurmError('INVALID_ARGUMENT', `invalid session file: ${why}`);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A string of the file, each lone UTF-16 surrogate (no character: `"\ud800"`) made U+FFFD. */
function str(v: unknown, what: string, max = 4096): string {
  if (typeof v !== 'string' || v.length > max) bad(`${what}: expected a string`);
  return wellFormed(v as string);
}

/** A string thurm wrote itself (a name, a date): one holding control characters is not one. */
function plain(v: unknown, what: string, max: number): string {
  const s = str(v, what, max);
  if (hasControl(s)) bad(`${what}: control characters`);
  return s;
}

/** A string that must match the pattern its source was checked against (an agent's report). */
function matching(v: unknown, what: string, pattern: RegExp): string {
  if (typeof v !== 'string' || !pattern.test(v)) bad(`${what}: not one thurm accepts`);
  return v as string;
}

function argvOf(v: unknown, what: string): string[] {
  if (!Array.isArray(v) || !v.length || v.length > MAX_RESUME_ARGS) bad(`${what}: expected 1 to ${MAX_RESUME_ARGS} arguments`);
  const args = (v as unknown[]).map((a, i) => str(a, `${what}[${i}]`, MAX_RESUME_BYTES));
  if (args.some(hasControl)) bad(`${what}: arguments cannot contain control characters`);
  if (Buffer.byteLength(args.join('')) > MAX_RESUME_BYTES) bad(`${what}: more than ${MAX_RESUME_BYTES} bytes`);
  return args;
}

function sizeOf(v: unknown, what: string): { cols: number; rows: number } {
  const within = (n: unknown, max: number) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= max;
  const ok = isObject(v) && within(v.cols, MAX_SIZE.cols) && within(v.rows, MAX_SIZE.rows);
  if (!ok) bad(`${what}: expected a size up to ${MAX_SIZE.cols}x${MAX_SIZE.rows}`);
  return { cols: (v as { cols: number }).cols, rows: (v as { rows: number }).rows };
}

function layoutOf(v: unknown, depth = 0): LayoutNode {
  if (!isObject(v) || depth > 64) bad('layout: not a layout tree');
  const node = v as Record<string, unknown>;
  if (node.kind === 'pane') return { kind: 'pane', pane: str(node.pane, 'layout pane', 32) };
  if (node.kind !== 'split' || (node.dir !== 'right' && node.dir !== 'down')) bad('layout: unknown node');
  const ratio = node.ratio;
  if (typeof ratio !== 'number' || !(ratio > 0 && ratio < 1)) bad('layout: ratio must be between 0 and 1');
  return { kind: 'split', dir: node.dir as 'right' | 'down', ratio: ratio as number, a: layoutOf(node.a, depth + 1), b: layoutOf(node.b, depth + 1) };
}

function agentOf(v: unknown, where: string): AgentBinding | null {
  if (v === null || v === undefined) return null;
  if (!isObject(v)) bad(`${where}.agent: expected an object`);
  const a = v as Record<string, unknown>;
  return {
    agent: matching(a.agent, `${where}.agent.agent`, AGENT_NAME),
    // Typed into a shell by a restore (`claude --resume ID`): what a report may give.
    sessionId: matching(a.sessionId, `${where}.agent.sessionId`, SESSION_ID),
    resume: a.resume === null || a.resume === undefined ? null : argvOf(a.resume, `${where}.agent.resume`),
    program: a.program === null || a.program === undefined ? null : argvOf(a.program, `${where}.agent.program`),
    // Files from builds before it was kept have none.
    env: a.env === undefined ? [] : envOf(a.env, `${where}.agent.env`),
  };
}

function envOf(v: unknown, what: string): [string, string][] {
  if (!Array.isArray(v) || v.length > MAX_VARIABLES) bad(`${what}: expected up to ${MAX_VARIABLES} variables`);
  return (v as unknown[]).map((pair, i) => {
    if (!Array.isArray(pair) || pair.length !== 2) bad(`${what}[${i}]: expected [name, value]`);
    return [matching(pair[0], `${what}[${i}] name`, VARIABLE_NAME), plain(pair[1], `${what}[${i}] value`, MAX_VALUE)];
  });
}

function paneOf(v: unknown, i: number): PaneSnapshot {
  const where = `panes[${i}]`;
  if (!isObject(v)) bad(`${where}: expected an object`);
  const p = v as Record<string, unknown>;
  const id = str(p.id, `${where}.id`, 32);
  if (!/^[1-9][0-9]{0,8}$/.test(id)) bad(`${where}.id: expected a pane number up to ${MAX_PANE_ID}`);
  const history = p.history;
  if (!Array.isArray(history) || history.length > MAX_HISTORY) bad(`${where}.history: expected lines`);
  const records = Array.isArray(p.records) ? p.records : [];
  return {
    id,
    argv: argvOf(p.argv, `${where}.argv`),
    cwd: str(p.cwd, `${where}.cwd`),
    title: sanitizeText(str(p.title ?? '', `${where}.title`), 256),
    // Files before given titles were saved have none: those titles follow their programs.
    givenTitle: typeof p.givenTitle === 'string' ? sanitizeText(p.givenTitle, 64) || null : null,
    size: sizeOf(p.size, `${where}.size`),
    foreground: p.foreground === null || p.foreground === undefined ? null : argvOf(p.foreground, `${where}.foreground`),
    // Shown again above the restored pane: made inert like any program text.
    history: (history as unknown[]).map((l, j) => sanitizeLine(str(l, `${where}.history[${j}]`, 100_000), 100_000)),
    agent: agentOf(p.agent, where),
    records: records.filter(isObject).map((r) => ({
      app: typeof r.app === 'string' ? sanitizeText(r.app, 64) : null,
      id: typeof r.id === 'string' ? sanitizeText(r.id, 64) : null,
      state: typeof r.state === 'string' ? sanitizeText(r.state, 16) : 'idle',
      msg: typeof r.msg === 'string' ? sanitizeText(r.msg, 512) : null,
    })),
    ...(p.timeline !== undefined && { timeline: timelineOf(p.timeline) }),
  };
}

/** A snapshot read from disk, or a ThurmError saying what is wrong with it. */
export function checkSnapshot(raw: unknown): SessionSnapshot {
  if (!isObject(raw)) bad('not a JSON object');
  const s = raw as Record<string, unknown>;
  if (typeof s.version !== 'number') bad('no version');
  if ((s.version as number) > SNAPSHOT_VERSION) bad(`written by a newer thurm (version ${s.version}, this one reads ${SNAPSHOT_VERSION})`);
  if (s.version !== 1 && s.version !== SNAPSHOT_VERSION) bad(`unknown version ${s.version}`);
  if (!Array.isArray(s.panes) || !s.panes.length || s.panes.length > MAX_PANES) bad(`panes: expected 1 to ${MAX_PANES} panes`);
  const panes = (s.panes as unknown[]).map(paneOf);
  const ids = new Set(panes.map((p) => p.id));
  const paneRef = (v: unknown, what: string): string | null => {
    if (v === null || v === undefined) return null;
    if (typeof v !== 'string' || !ids.has(v)) bad(`${what}: not a pane of the session`);
    return v as string;
  };
  const rawWindows = s.version === 1 ? [{ index: 0, name: null, layout: s.layout, focused: s.focused, zoomed: s.zoomed }] : s.windows;
  if (!Array.isArray(rawWindows) || !rawWindows.length || rawWindows.length > MAX_PANES) bad('windows: expected 1 or more windows');
  const inLayouts: string[] = [];
  const indexes = new Set<number>();
  const windows = (rawWindows as unknown[]).map((raw, i): WindowSnapshot => {
    if (!isObject(raw)) bad(`windows[${i}]: expected an object`);
    const w = raw as Record<string, unknown>;
    if (!Number.isInteger(w.index) || (w.index as number) < 0 || (w.index as number) > 9999 || indexes.has(w.index as number)) bad(`windows[${i}].index: expected a unique index`);
    indexes.add(w.index as number);
    const layout = layoutOf(w.layout);
    const walk = (n: LayoutNode): void => { if (n.kind === 'pane') inLayouts.push(n.pane); else { walk(n.a); walk(n.b); } };
    walk(layout);
    const focused = paneRef(w.focused, `windows[${i}].focused`);
    return {
      index: w.index as number,
      name: w.name === null || w.name === undefined ? null : sanitizeText(str(w.name, `windows[${i}].name`, 256), 64),
      layout,
      focused: focused ?? (layout.kind === 'pane' ? layout.pane : inLayouts[inLayouts.length - 1]),
      zoomed: paneRef(w.zoomed, `windows[${i}].zoomed`),
    };
  });
  // Each pane once in the layouts: a leaf named twice would leave another pane running unseen.
  if (ids.size !== panes.length || inLayouts.length !== ids.size || new Set(inLayouts).size !== ids.size || !inLayouts.every((id) => ids.has(id))) {
    bad('layout and panes do not match');
  }
  const nextId = s.nextId;
  const maxId = Math.max(...panes.map((p) => Number(p.id)));
  return {
    version: SNAPSHOT_VERSION,
    session: typeof s.session === 'string' && isSessionName(s.session) ? s.session : bad('session: not a session name'),
    savedAt: plain(s.savedAt ?? '', 'savedAt', 64),
    ended: s.ended === true,
    windows,
    current: Number.isInteger(s.current) && indexes.has(s.current as number) ? (s.current as number) : windows[0].index,
    // Past the highest id the Mux takes the lowest free one (pane-ids.ts): never one this refuses.
    nextId: Number.isInteger(nextId) && (nextId as number) > maxId && (nextId as number) <= MAX_PANE_ID + 1 ? (nextId as number) : maxId + 1,
    size: sizeOf(s.size, 'size'),
    panes,
  };
}

/** Saved lines as terminal input: plain text (the file is untrusted), then a dim marker line. */
export function restoredHistory(lines: string[]): string {
  const text = lines.map((l) => l.replace(CONTROL_CHARS, '')).join('\r\n');
  return `${text}\r\n\x1b[2m--- restored by thurm ---\x1b[0m\r\n`;
}
