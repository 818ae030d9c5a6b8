// The foreground colour of a tmux style string (`fg=blue,bold`, `fg=colour33`, `fg=#ff8800`), as
// SGR parameters, for the borders that `pane-border-style` and `pane-active-border-style` set
// through the tmux shim. Only fg has a thurm meaning there; the rest of the style is ignored.

const NAMES = ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white'];

/** SGR parameters for a tmux colour; null for `default` or one tmux would not accept. */
export function tmuxColour(colour: string): string | null {
  const c = colour.toLowerCase();
  const named = NAMES.indexOf(c);
  if (named >= 0) return String(30 + named);
  const bright = c.startsWith('bright') ? NAMES.indexOf(c.slice(6)) : -1;
  if (bright >= 0) return String(90 + bright);
  const indexed = /^colou?r(\d{1,3})$/.exec(c);
  if (indexed && Number(indexed[1]) < 256) return `38;5;${Number(indexed[1])}`;
  const rgb = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(c);
  if (rgb) return `38;2;${rgb.slice(1).map((h) => parseInt(h, 16)).join(';')}`;
  return null;
}

/** The SGR foreground of a style's last `fg=`; null when it sets none thurm can draw. */
export function styleForeground(style: string | undefined): string | null {
  if (!style) return null;
  let fg: string | null = null;
  for (const part of style.split(/[\s,]+/)) {
    const m = /^fg=(.+)$/i.exec(part);
    if (m) fg = tmuxColour(m[1]);
  }
  return fg;
}
