// Makes text from programs (titles, messages) safe to show: no control characters, no bidi
// overrides or invisible formatting, bounded length. Output is plain text for cell drawing.

// C0, DEL, C1; the soft hyphen and the grapheme joiner; bidi marks, embeddings, overrides and
// isolates; the zero-width space and invisible formatting characters; line and paragraph
// separators; the BOM; interlinear annotation and object replacement; tag characters. The
// zero-width joiner and non-joiner are not among them: emoji sequences (👩‍💻) and scripts such
// as Persian and the Indic ones are written with them, and they neither move nor hide text.
// biome-ignore lint/suspicious/noMisleadingCharacterClass: with the u flag each code point is matched alone, the combining U+034F among them
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffc\u{e0000}-\u{e007f}]/gu;
/**
 * Labels thurm draws cell by cell (titles, messages) lose the joiners too: a cell grid has no
 * place for a zero-width character between two others, and blessed turned one after a wide
 * character into a stray ETX.
 */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: with the u flag each code point is matched alone, the combining U+034F among them
const UNSAFE_IN_LABELS = /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffc\u{e0000}-\u{e007f}]/gu;

export const MAX_TITLE = 256;

/** C0, DEL and C1 controls: what program text must never carry to a terminal. */
export const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/g;

/** Text without C0, DEL or C1 controls, as a pattern (request fields that refuse them). */
export const WITHOUT_CONTROL = /^[^\u0000-\u001f\u007f-\u009f]*$/;

/** Whether text holds a control character (for values that are refused rather than cleaned). */
export function hasControl(text: string): boolean {
  return /[\u0000-\u001f\u007f-\u009f]/.test(text);
}

/**
 * A UTF-16 surrogate with no partner: no character at all, and JSON that holds one (`"\ud800"`)
 * is refused by jq, serde and most readers. With the `u` flag a paired surrogate is one code
 * point, so only lone ones match.
 */
const LONE_SURROGATE = /\p{Cs}/u;

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** Text with each lone surrogate replaced by U+FFFD, as a UTF-8 decoder would. */
export function wellFormed(text: string): string {
  return text.replace(/\p{Cs}/gu, '\ufffd');
}

/** A label (a title, a message) without unsafe characters or joiners, capped at `max` code points. */
export function sanitizeText(text: string, max = MAX_TITLE): string {
  return capped(wellFormed(text.replace(UNSAFE_IN_LABELS, '')), max);
}

/** A line of screen text without unsafe characters, capped at `max` code points. */
export function sanitizeLine(text: string, max: number): string {
  return capped(wellFormed(text.replace(UNSAFE, '')), max);
}

function capped(text: string, max: number): string {
  // No more UTF-16 units than the cap means no more code points: nothing to split.
  if (text.length <= max) return text;
  const points = [...text];
  return points.length > max ? points.slice(0, max).join('') : text;
}

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Program text made inert for a terminal but still readable, for the CLI's human output:
 * each unsafe character is shown as an escape (`\n`, `\x1b`, `\u{202e}`) instead of removed.
 */
export function printable(text: string): string {
  return text.replace(UNSAFE, (c) => {
    const cp = c.codePointAt(0)!;
    return NAMED[c] ?? (cp <= 0xff ? `\\x${cp.toString(16).padStart(2, '0')}` : `\\u{${cp.toString(16)}}`);
  });
}

/**
 * JSON text with every unsafe character escaped: JSON.stringify escapes C0 inside strings
 * (so a raw newline is layout and stays) but leaves C1, bidi and invisible characters raw.
 */
export function safeJson(json: string): string {
  const unit = (c: string, i: number) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return json.replace(UNSAFE, (c) => (c < ' ' ? c : c.length === 2 ? unit(c, 0) + unit(c, 1) : unit(c, 0)));
}

/** The most of a command line that human output shows, in UTF-16 units (a program's argv can be megabytes). */
export const MAX_SHOWN_COMMAND = 1024;

/** A command line (argv, or argv joined) for human output: as JSON, cut to MAX_SHOWN_COMMAND with an ellipsis. */
export function shownCommand(argv: string[] | string): string {
  const json = JSON.stringify(argv);
  if (json.length <= MAX_SHOWN_COMMAND) return json;
  // Never half a surrogate pair (JSON.stringify escapes lone ones, so a high one here has its pair).
  const cut = json.slice(0, MAX_SHOWN_COMMAND);
  return `${/[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}

/** Human CLI output made inert line by line (its own newlines are kept). */
export function printableLines(text: string): string {
  return text.split('\n').map(printable).join('\n');
}

/** The longest link URI passed on (VTE's limit is about the same). */
export const MAX_URI = 2048;

/**
 * Schemes that run or make a page where they are opened (terminals built on a browser open
 * links in it): a program's link never gets one. `file:` stays, as `ls --hyperlink` prints it.
 */
const SCRIPT_SCHEMES = /^(?:javascript|vbscript|data|blob):/i;

/**
 * A URI from a program (an OSC 8 link) fit to send to a terminal, or null: it has a scheme
 * that is not a script's, no control or space characters, other non-ASCII characters
 * percent-encoded, and at most MAX_URI characters.
 */
export function safeUri(uri: string): string | null {
  if (uri.length > MAX_URI || !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(uri) || SCRIPT_SCHEMES.test(uri) || hasControl(uri) || /\s/u.test(uri)) return null;
  let ascii: string;
  try {
    ascii = uri.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
  } catch {
    return null; // a lone surrogate has no UTF-8 form
  }
  return ascii.length <= MAX_URI ? ascii : null;
}
