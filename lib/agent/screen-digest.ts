// The digest `thurm agent answer --expect` checks, as a short hash of what an answer depends
// on. When a rule matched a blocked screen, that is the dialog it read (its question and
// choices) with the state, kind and app: a spinner or a blinking dot elsewhere on screen, or
// a spinner row in the dialog's region (Gemini's "⠏ Waiting for user confirmation"), changes
// nothing. Otherwise (a report, hook, record or notification made the pane blocked)
// it is the state, source, kind, app and message with the screen minus its animated rows.
import crypto from 'node:crypto';
import type { RuleMatch } from './detect/engine.js';

export interface DigestInput {
  state: string;
  source: string;
  kind: string | null;
  app: string | null;
  text: string;
  /** The rules detection matched on the live screen now. */
  rules: readonly RuleMatch[];
  lines: string[];
}

/** A row led by a spinner glyph (its glyph and timer change), or holding braille or a bar. */
const ANIMATED = /^[ \t]*[·✢✳✶✻✽*⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏⣾⣽⣻⢿⡿⣟⣯⣷◐◓◑◒][ \t]|[⠁-⣿⬝■]|\((\d+[hms] ?)+[ ·•,)]/;
/** A status dot that blinks ("● Bash(…)" one second, "  Bash(…)" the next). */
const BLINK = /^([ \t]*)[●○◉⏺•◦]([ \t])/;

/** The screen without what moves by itself: animated rows dropped, blinking dots blanked. */
function stillRows(lines: string[]): string[] {
  return lines.map((l) => l.trimEnd().replace(BLINK, '$1 $2')).filter((l) => l.trim() && !ANIMATED.test(l));
}

export function screenDigest(d: DigestInput): string {
  const dialog = d.rules.find((r) => r.state === 'blocked' && r.region !== null)?.region ?? null;
  const what = dialog !== null
    ? ['dialog', d.state, d.kind, d.app, stillRows(dialog.split('\n'))]
    : ['screen', d.state, d.source, d.kind, d.app, d.text, stillRows(d.lines)];
  return crypto.createHash('sha256').update(JSON.stringify(what)).digest('hex').slice(0, 16);
}
