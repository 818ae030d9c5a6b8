// The text of a status-line prompt (`:`, `,`, `$`, `.`) and where the cursor is in it, edited
// with the keys of tmux's prompt in its default (emacs) mode.
import { hasControl } from '../sanitize.js';

export class LineEditor {
  /** Where the cursor is, in UTF-16 units, always between two code points. */
  cursor: number;

  constructor(public text = '', private readonly max = 512) {
    this.cursor = text.length;
  }

  /** Replaces the whole text (history, completion), cursor at its end. */
  set(text: string): void {
    this.text = text;
    this.cursor = text.length;
  }

  /** Applies a key (its name, and the bytes typed); false when it is not an editing key. */
  key(name: string, seq: string): boolean {
    const before = this.text.slice(0, this.cursor);
    const after = this.text.slice(this.cursor);
    const lastPoint = (s: string) => (/[\udc00-\udfff]$/.test(s) ? 2 : s.length ? 1 : 0);
    const firstPoint = (s: string) => (/^[\ud800-\udbff]/.test(s) ? 2 : s.length ? 1 : 0);
    if (name === 'Left' || name === 'C-b') this.cursor -= lastPoint(before);
    else if (name === 'Right' || name === 'C-f') this.cursor += firstPoint(after);
    else if (name === 'Home' || name === 'C-a') this.cursor = 0;
    else if (name === 'End' || name === 'C-e') this.cursor = this.text.length;
    else if (name === 'BSpace' || name === 'C-h') this.edit(before.slice(0, before.length - lastPoint(before)), after);
    else if (name === 'Delete' || name === 'C-d') this.edit(before, after.slice(firstPoint(after)));
    else if (name === 'C-u') this.edit('', after);
    else if (name === 'C-k') this.edit(before, '');
    else if (name === 'C-w') this.edit(before.replace(/\S*\s*$/, ''), after);
    else if (hasControl(seq)) return false;
    else if (this.text.length + seq.length <= this.max) this.edit(before + seq, after);
    return true;
  }

  private edit(before: string, after: string): void {
    this.text = before + after;
    this.cursor = before.length;
  }
}
