// Makes text from programs (titles, messages) safe to show: no control characters, no bidi
// overrides or invisible formatting, bounded length. Output is plain text for cell drawing.

// C0, DEL, C1; the soft hyphen and other invisible joiners; bidi marks, embeddings, overrides
// and isolates; zero-width and invisible formatting characters; line and paragraph
// separators; the BOM; interlinear annotation and object replacement; tag characters.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffc\u{e0000}-\u{e007f}]/gu;

export const MAX_TITLE = 256;

/** C0, DEL and C1 controls: what program text must never carry to a terminal. */
export const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/g;

/** Whether text holds a control character (for values that are refused rather than cleaned). */
export function hasControl(text: string): boolean {
  return /[\u0000-\u001f\u007f-\u009f]/.test(text);
}

/** Removes unsafe characters and caps the result at `max` code points. */
export function sanitizeText(text: string, max = MAX_TITLE): string {
  const clean = text.replace(UNSAFE, '');
  const points = [...clean];
  return points.length > max ? points.slice(0, max).join('') : clean;
}
