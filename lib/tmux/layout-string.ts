// tmux's window_layout for a thurm window: its layout tree, each node as `WxH,X,Y`, then
// `{...}` for nodes side by side, `[...]` for nodes above each other, or a pane's number, after
// a checksum of the rest, as tmux's layout-custom.c writes it (tmux-resurrect and scripts keep it).
// A node's size and place are thurm's cells: a pane's include its header row, and the root is the
// window's whole area above the status line.
import type { LayoutNode, Rect } from '../session/layout.js';

/** tmux's 16-bit checksum of a layout (layout_checksum): rotate right by one, add the byte. */
export function layoutChecksum(text: string): string {
  let sum = 0;
  for (const byte of Buffer.from(text)) sum = ((((sum >> 1) | ((sum & 1) << 15)) + byte) & 0xffff);
  return sum.toString(16).padStart(4, '0');
}

/** The layout string of `node`, whose panes have the rects of `rects` (a pane too small to show has none). */
export function layoutString(node: LayoutNode, rects: ReadonlyMap<string, Rect>): string {
  const body = describe(node, rects);
  return `${layoutChecksum(body)},${body}`;
}

function describe(node: LayoutNode, rects: ReadonlyMap<string, Rect>): string {
  const r = bounds(node, rects);
  const box = `${r.w}x${r.h},${r.x},${r.y}`;
  if (node.kind === 'pane') return `${box},${node.pane}`;
  // tmux keeps panes split the same way in one list: thurm's tree nests them two by two.
  const inner = siblings(node, node.dir).map((child) => describe(child, rects)).join(',');
  return node.dir === 'right' ? `${box}{${inner}}` : `${box}[${inner}]`;
}

function siblings(node: LayoutNode, dir: string): LayoutNode[] {
  return node.kind === 'split' && node.dir === dir ? [...siblings(node.a, dir), ...siblings(node.b, dir)] : [node];
}

/** The rect around a node's shown panes (0x0 when none shows). */
function bounds(node: LayoutNode, rects: ReadonlyMap<string, Rect>): Rect {
  const shown = node.kind === 'pane' ? [rects.get(node.pane)] : [bounds(node.a, rects), bounds(node.b, rects)];
  const some = shown.filter((r): r is Rect => !!r && r.w > 0 && r.h > 0);
  if (!some.length) return { x: 0, y: 0, w: 0, h: 0 };
  const x = Math.min(...some.map((r) => r.x)), y = Math.min(...some.map((r) => r.y));
  return { x, y, w: Math.max(...some.map((r) => r.x + r.w)) - x, h: Math.max(...some.map((r) => r.y + r.h)) - y };
}
