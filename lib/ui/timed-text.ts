// A line of text shown for a while (a flashed message, the restore notice): set, then gone
// after its time, with `expired` called to redraw.
import { sanitizeText } from '../sanitize.js';

export class TimedText {
  text: string | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly expired: () => void) {}

  /** Shows `text` (sanitised, at most 200 characters) for `ms`, replacing what was shown. */
  show(text: string, ms: number): void {
    this.text = sanitizeText(text, 200);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.text = null;
      this.expired();
    }, ms);
  }

  /** Takes the text down before its time. */
  clear(): void {
    this.dispose();
    this.text = null;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
