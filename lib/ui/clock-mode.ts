// Prefix t, as tmux's clock-mode: the time in large digits in the middle of the focused pane
// (HH:MM, tmux's 24-hour clock-mode-style), kept to the minute; any key closes it.
import blessed from 'blessed';
import type { Mux } from '../session/mux.js';
import { strftime } from '../strftime.js';
import type { Mode } from './modes.js';

/** Each character five rows high, in blocks, as tmux's clock draws its digits. */
const FONT: Record<string, string[]> = {
  0: ['█████', '█   █', '█   █', '█   █', '█████'],
  1: ['    █', '    █', '    █', '    █', '    █'],
  2: ['█████', '    █', '█████', '█    ', '█████'],
  3: ['█████', '    █', '█████', '    █', '█████'],
  4: ['█   █', '█   █', '█████', '    █', '    █'],
  5: ['█████', '█    ', '█████', '    █', '█████'],
  6: ['█████', '█    ', '█████', '█   █', '█████'],
  7: ['█████', '    █', '    █', '    █', '    █'],
  8: ['█████', '█   █', '█████', '█   █', '█████'],
  9: ['█████', '█   █', '█████', '    █', '█████'],
  ':': [' ', '█', ' ', '█', ' '],
};

/** `text` (digits and colons) in the large font, a column between characters; the plain text when it does not fit in `cols` x `rows`. */
export function clockLines(text: string, cols: number, rows: number): string[] {
  const lines = [0, 1, 2, 3, 4].map((row) => [...text].map((c) => FONT[c]?.[row] ?? ' ').join(' '));
  return lines[0].length <= cols && rows >= lines.length ? lines : [text];
}

export class ClockMode implements Mode {
  readonly covers = true;
  private readonly box: blessed.Widgets.BoxElement;
  private timer: NodeJS.Timeout | null = null;

  constructor(screen: blessed.Widgets.Screen, mux: Mux, redraw: () => void) {
    const r = (mux.focused && mux.geometry().panes.get(mux.focused)) || { x: 0, y: 0, w: Number(screen.width), h: Number(screen.height) - 1 };
    // Below the pane's header row.
    const area = { x: r.x, y: r.y + 1, w: r.w, h: Math.max(r.h - 1, 1) };
    this.box = blessed.box({ parent: screen, top: area.y, left: area.x, width: area.w, height: area.h, align: 'center', valign: 'middle', style: { fg: 'blue' } });
    const draw = () => {
      this.box.setContent(clockLines(strftime('%H:%M', new Date()), area.w, area.h).join('\n'));
      redraw();
    };
    draw();
    // Drawn again each minute, a little after it turns.
    const again = () => {
      this.timer = setTimeout(() => {
        draw();
        again();
      }, 60_000 - (Date.now() % 60_000) + 50);
    };
    again();
  }

  handle(_t: unknown, end: () => void): true {
    end();
    return true;
  }

  cursor(): 'hidden' {
    return 'hidden';
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.box.destroy();
  }
}
