// The key list of prefix `?` (the message log of prefix `~`, a pane's status log), over the layout. It scrolls when
// it is taller than the terminal (Up/Down or k/j a line, PageUp/PageDown a page); any other key
// closes it.
import blessed from 'blessed';
import { textWidth } from './text-cells.js';

const WIDTH = 64;
/** Where a binding's description starts: after two spaces, the 14-cell key field and a space (helpLines). */
const DESCRIPTION_COLUMN = 17;

/** `text` cut into lines of at most `width` cells, at spaces where it can, continuing indented. */
export function wrapLine(text: string, width: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (textWidth(rest) > width) {
    let cut = 0;
    let used = 0;
    for (const ch of rest) {
      if (used + textWidth(ch) > width) break;
      used += textWidth(ch);
      cut += ch.length;
    }
    const space = rest.lastIndexOf(' ', cut);
    const at = space > width / 2 ? space : cut;
    out.push(rest.slice(0, at).trimEnd());
    rest = `${' '.repeat(DESCRIPTION_COLUMN)}${rest.slice(at).trimStart()}`;
  }
  out.push(rest);
  return out;
}

export class HelpView {
  private readonly box: blessed.Widgets.BoxElement;
  private readonly lines: string[];
  private top = 0;

  /**
   * `label`: the box's title (the keys by default; prefix ~ shows the message log in one too);
   * `wide`: up to `wide` cells wide instead of 64; `newest`: scrolled to its last line at first.
   */
  constructor(
    screen: blessed.Widgets.Screen, lines: string[], size: { cols: number; rows: number }, private readonly changed: () => void, label = 'thurm keys',
    { wide = WIDTH, newest = false }: { wide?: number; newest?: boolean } = {},
  ) {
    const width = Math.min(size.cols, wide);
    this.lines = lines.flatMap((l) => wrapLine(l, width - 2));
    this.box = blessed.box({
      parent: screen, top: 'center', left: 'center', width, height: Math.min(size.rows - 1, this.lines.length + 2),
      border: { type: 'line' }, label: ` ${label} `, tags: false,
    });
    if (newest) this.top = Math.max(this.lines.length - this.shown, 0);
    this.draw();
  }

  /** Rows of text the box shows; one less than its inside when the last row says how to scroll. */
  private get shown(): number {
    const inside = Math.max(Number(this.box.height) - 2, 1);
    return this.lines.length > inside ? Math.max(inside - 1, 1) : inside;
  }

  private draw(): void {
    const shown = this.shown;
    const visible = this.lines.slice(this.top, this.top + shown);
    if (this.lines.length > shown) {
      visible.push(`-- ${this.top + 1}-${this.top + visible.length} of ${this.lines.length}: j/k, PageUp/PageDown scroll; other keys close`);
    }
    this.box.setContent(visible.join('\n'));
    this.changed();
  }

  /** Handles a key: 'close', or null when it scrolled. */
  key(name: string): 'close' | null {
    const page = this.shown;
    const step = name === 'Down' || name === 'j' ? 1 : name === 'Up' || name === 'k' ? -1
      : name === 'PageDown' || name === 'Space' ? page : name === 'PageUp' ? -page : 0;
    if (step === 0 || this.lines.length <= page) return 'close';
    this.top = Math.min(Math.max(this.top + step, 0), this.lines.length - page);
    this.draw();
    return null;
  }

  destroy(): void {
    this.box.destroy();
  }
}
