// Status that leaves thurm: when the outer terminal speaks OSC 7501 itself (thurm inside
// another thurm, Zellij, Ghostty...), each client reports the session's most pressing state to
// it as one record of app `thurm`, so the outer pane's border shows what this session needs;
// the focused pane's progress goes out as OSC 9;4. Everything sent is built from sanitised
// summaries and encoded (base64 text, fixed keys), never copied from program output.
import { CONTROL_CHARS } from '../sanitize.js';
import type { Mux } from '../session/mux.js';
import { overviewRank } from '../status/states.js';

/** Asked at attach; a terminal that speaks OSC 7501 answers `ESC ] 7501 ; ? : ...`. */
export const STATUS_QUERY = '\x1b]7501;?\x1b\\';
export const CLEAR_STATUS = '\x1b]7501;state=clear\x1b\\\x1b]9;4;0\x07';

export function isStatusAnswer(seq: string): boolean {
  return seq.startsWith('\x1b]7501;?:');
}

const MAX_MSG_BYTES = 2048;

/** The pane whose state presses most across panes (see states.ts), or null. */
export function mostPressing(mux: Mux): { pane: string; summary: ReturnType<ReturnType<Mux['pane']>['summary']> } | null {
  let best: { pane: string; summary: ReturnType<ReturnType<Mux['pane']>['summary']>; rank: number } | null = null;
  for (const pane of mux.paneIds()) {
    const summary = mux.pane(pane).summary();
    if (summary.state === 'none') continue;
    const rank = overviewRank(summary.state);
    if (!best || rank < best.rank) best = { pane, summary, rank };
  }
  return best;
}

function base64Text(text: string): string {
  let bytes = Buffer.from(text, 'utf8');
  if (bytes.length > MAX_MSG_BYTES) bytes = Buffer.from(bytes.subarray(0, MAX_MSG_BYTES).toString('utf8').replace(/\uFFFD$/, ''), 'utf8');
  return bytes.toString('base64');
}

/** The session's record for the outer terminal, and the focused pane's progress. */
export function outerStatus(mux: Mux): string {
  const top = mostPressing(mux);
  let record = 'state=clear';
  if (top) {
    const s = top.summary;
    const text = `${mux.session} pane ${top.pane}${s.app ? ` ${s.app}` : ''}${s.text ? `: ${s.text}` : ''}`.replace(CONTROL_CHARS, '');
    record = `state=${s.state}:app=thurm:msg=${base64Text(text)}`;
    if (s.state === 'blocked' && s.kind) record += `:kind=${s.kind}`;
    if ((s.state === 'working' || s.state === 'blocked') && s.progress !== null) record += `:progress=${s.progress}`;
  }
  const focused = mux.focused ? mux.pane(mux.focused).summary() : null;
  const progress = focused?.progress !== null && focused?.progress !== undefined ? `\x1b]9;4;1;${focused.progress}\x07` : '\x1b]9;4;0\x07';
  return `\x1b]7501;${record}\x1b\\${progress}`;
}
