// A line typed in the status line: the `:` command prompt (with history and completion) or a
// window's or the session's new name or index. Enter hands the text over, Escape gives up.
import { completions, type PromptHistory } from './command-prompt.js';
import { LineEditor } from './line-editor.js';
import { nameOf, type Mode } from './modes.js';
import type { InputToken } from './input.js';
import { textWidth } from './text-cells.js';

/** The longest start every one of `words` shares. */
function commonStart(words: string[]): string {
  return words.reduce((a, b) => {
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    return a.slice(0, i);
  });
}

export class PromptMode implements Mode {
  readonly covers = true;
  readonly line: LineEditor;

  /** `history`: the `:` prompt's, for Up and Down (and Tab completes a command's name). */
  constructor(
    private readonly label: string,
    private readonly done: (text: string) => void,
    private readonly redraw: () => void,
    private readonly history?: PromptHistory,
    text = '',
  ) {
    this.line = new LineEditor(text, history ? 512 : 64);
  }

  /** Keys edit the line; a paste passes on to the pane. */
  handle(t: InputToken, end: () => void): boolean {
    if (t.kind !== 'key') return false;
    const name = nameOf(t.seq);
    if (name === 'Enter' || name === 'Escape' || name === 'C-c') {
      end();
      if (name === 'Enter') this.done(this.line.text.trim());
    } else if ((name === 'Up' || name === 'Down') && this.history) {
      this.line.set(this.history.move(name === 'Up' ? -1 : 1));
    } else if (name === 'Tab' && this.history) {
      // Completes the command's name as far as every candidate agrees.
      const found = completions(this.line.text);
      if (found.length) this.line.set(commonStart(found) + (found.length === 1 ? ' ' : ''));
    } else {
      this.line.key(name, t.seq);
    }
    this.redraw();
    return true;
  }

  status(): string {
    return `${this.label}${this.line.text}`;
  }

  /** The prompt's own cursor, on the status line (drawn one cell in). */
  cursor(): number {
    return 1 + textWidth(this.label + this.line.text.slice(0, this.line.cursor));
  }
}
