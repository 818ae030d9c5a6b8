// tmux's preset layouts, as layout trees over a window's panes (in their current order), and
// the rearrangements that keep a tree's shape: swapping two panes, rotating them all.
import { equalize, panesOf, type Direction, type LayoutNode, type Rect } from './layout.js';

export const PRESETS = ['even-horizontal', 'even-vertical', 'main-horizontal', 'main-vertical', 'tiled'] as const;
export type Preset = (typeof PRESETS)[number];

/** How much of the window the main pane takes in the main-* layouts. */
const MAIN_SHARE = 0.6;

/** Panes in a row (`right`) or column (`down`), in order, to be equalized. */
function chain(ids: string[], dir: Direction): LayoutNode {
  if (ids.length === 1) return { kind: 'pane', pane: ids[0] };
  return { kind: 'split', dir, ratio: 1 / ids.length, a: { kind: 'pane', pane: ids[0] }, b: chain(ids.slice(1), dir) };
}

function tiled(ids: string[]): LayoutNode {
  const cols = Math.ceil(Math.sqrt(ids.length));
  const rows: string[][] = [];
  for (let i = 0; i < ids.length; i += cols) rows.push(ids.slice(i, i + cols));
  const stack = (rs: string[][]): LayoutNode => (rs.length === 1
    ? chain(rs[0], 'right')
    : { kind: 'split', dir: 'down', ratio: 1 / rs.length, a: chain(rs[0], 'right'), b: stack(rs.slice(1)) });
  return stack(rows);
}

/** The preset over `ids` (the first is the main pane), sized for `area`. */
export function presetLayout(preset: Preset, ids: string[], area: Rect): LayoutNode {
  const [main, ...rest] = ids;
  let tree: LayoutNode;
  switch (preset) {
    case 'even-horizontal': tree = chain(ids, 'right'); break;
    case 'even-vertical': tree = chain(ids, 'down'); break;
    case 'tiled': tree = tiled(ids); break;
    case 'main-horizontal':
    case 'main-vertical': {
      if (!rest.length) return { kind: 'pane', pane: main };
      const vertical = preset === 'main-vertical';
      const others = equalize(chain(rest, vertical ? 'down' : 'right'), area);
      return { kind: 'split', dir: vertical ? 'right' : 'down', ratio: MAIN_SHARE, a: { kind: 'pane', pane: main }, b: others };
    }
  }
  return equalize(tree, area);
}

/** The tree with each pane id replaced as `map` says. */
function relabel(node: LayoutNode, map: (id: string) => string): LayoutNode {
  if (node.kind === 'pane') return { kind: 'pane', pane: map(node.pane) };
  return { ...node, a: relabel(node.a, map), b: relabel(node.b, map) };
}

/** Panes `a` and `b` change places. */
export function swapPanes(node: LayoutNode, a: string, b: string): LayoutNode {
  return relabel(node, (id) => (id === a ? b : id === b ? a : id));
}

/** Every pane moves `step` places up the layout order, the first ones round to the end (tmux `rotate-window`, -U; a negative step is -D). */
export function rotatePanes(node: LayoutNode, step: number): LayoutNode {
  const ids = panesOf(node);
  const n = ids.length;
  return relabel(node, (id) => ids[(((ids.indexOf(id) + step) % n) + n) % n]);
}
