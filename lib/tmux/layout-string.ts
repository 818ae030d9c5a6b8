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

/** The longest layout string read (tmux's are a few hundred characters for a dozen panes). */
export const MAX_LAYOUT_STRING = 4096;

/**
 * A layout string (tmux's `window_layout`, as tmux-resurrect and tmuxp keep it) read back into
 * a tree whose leaves are numbered 0, 1, ... in the string's order: tmux gives a window's panes
 * to the cells in that order, whatever numbers the string has. Throws on a string
 * that is not one, or whose checksum is wrong ("invalid layout", as tmux says).
 */
export function parseLayoutString(text: string): LayoutNode {
  const bad = (): never => { throw new Error(`invalid layout: ${text.slice(0, 80)}`); };
  const m = /^([0-9a-f]{4}),(.+)$/.exec(text);
  if (!m || text.length > MAX_LAYOUT_STRING || layoutChecksum(m[2]) !== m[1]) return bad();
  const body = m[2];
  let at = 0;
  let leaves = 0;
  const number = () => {
    const n = /^\d+/.exec(body.slice(at));
    if (!n) return bad();
    at += n[0].length;
    return Number(n[0]);
  };
  const expect = (c: string) => (body[at] === c ? at++ : bad());
  const cell = (): { node: LayoutNode; w: number; h: number } => {
    const w = number();
    expect('x');
    const h = number();
    expect(',');
    number();
    expect(',');
    number();
    const open = body[at];
    if (open !== '{' && open !== '[') {
      // A pane: its number in the string, which tmux ignores.
      expect(',');
      number();
      return { node: { kind: 'pane', pane: String(leaves++) }, w, h };
    }
    at++;
    const children = [cell()];
    while (body[at] === ',') {
      at++;
      children.push(cell());
    }
    expect(open === '{' ? '}' : ']');
    return { node: open === '{' ? run(children, 'right', w) : run(children, 'down', h), w, h };
  };
  const root = cell();
  if (at !== body.length) bad();
  return root.node;
}

/**
 * Cells along one axis as thurm's nested splits. Each split's first cell keeps its size where
 * the window is as large as the string's: thurm puts a separator column between panes side by
 * side, as tmux does, but no border row between panes above each other (their header rows are
 * their borders), so below tmux's border row goes to the next pane.
 */
function run(children: { node: LayoutNode; w: number; h: number }[], dir: 'right' | 'down', extent: number): LayoutNode {
  const along = (c: { w: number; h: number }) => (dir === 'right' ? c.w : c.h);
  const [first, ...rest] = children;
  if (!rest.length) return first.node;
  // The cells between neighbours: 1 in tmux's strings, none between thurm's panes above each other.
  const gap = Math.max(Math.round((extent - children.reduce((sum, c) => sum + along(c), 0)) / rest.length), 0);
  const shared = dir === 'right' ? extent - 1 : extent;
  return {
    kind: 'split', dir, ratio: shared > 0 ? Math.min(along(first) / shared, 1) : 0.5,
    a: first.node, b: run(rest, dir, extent - along(first) - gap),
  };
}
