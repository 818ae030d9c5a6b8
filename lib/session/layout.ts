// The layout tree of a window: binary splits with a ratio, leaves are pane ids. Pure data
// (serialisable as JSON) and pure functions; the Mux owns the tree and replaces it.
//
// Geometry: every pane rect starts with one header row (its border and title); panes side by
// side are divided by a one-column separator, panes stacked are divided by the lower header.

export type Direction = 'right' | 'down';
export type LayoutNode =
  | { kind: 'pane'; pane: string }
  | { kind: 'split'; dir: Direction; ratio: number; a: LayoutNode; b: LayoutNode };

export interface Rect { x: number; y: number; w: number; h: number }
export interface Separator { x: number; y: number; h: number }

export interface Geometry {
  panes: Map<string, Rect>;
  hidden: Set<string>;
  separators: Separator[];
}

/** A pane needs its header row plus one content row and two columns to be drawn. */
export const MIN_PANE = { w: 2, h: 2 };

export function leaf(pane: string): LayoutNode {
  return { kind: 'pane', pane };
}

export function panesOf(node: LayoutNode): string[] {
  return node.kind === 'pane' ? [node.pane] : [...panesOf(node.a), ...panesOf(node.b)];
}

/** Replaces the leaf `target` with a split holding it and `added` (after it). */
export function splitPane(node: LayoutNode, target: string, added: string, dir: Direction): LayoutNode {
  if (node.kind === 'pane') {
    return node.pane === target ? { kind: 'split', dir, ratio: 0.5, a: node, b: leaf(added) } : node;
  }
  return { ...node, a: splitPane(node.a, target, added, dir), b: splitPane(node.b, target, added, dir) };
}

/** Removes a leaf; its sibling takes the parent's place. Null when the tree becomes empty. */
export function removePane(node: LayoutNode, target: string): LayoutNode | null {
  if (node.kind === 'pane') return node.pane === target ? null : node;
  const a = removePane(node.a, target);
  const b = removePane(node.b, target);
  if (!a) return b;
  if (!b) return a;
  return { ...node, a, b };
}

/** Gives every pane in a run of same-direction splits an equal share of `area`. */
export function equalize(node: LayoutNode, area: Rect): LayoutNode {
  if (node.kind === 'pane') return node;
  const na = chainCount(node.a, node.dir);
  const nb = chainCount(node.b, node.dir);
  let ratio = na / (na + nb);
  if (node.dir === 'right' && area.w > 1) {
    // Side by side, each pane but the last also owns a separator column.
    const each = (area.w - (na + nb - 1)) / (na + nb);
    ratio = (na * each + na - 1) / (area.w - 1);
  }
  const sized = { ...node, ratio };
  const [ra, rb] = splitRect(sized, area);
  return { ...sized, a: equalize(node.a, ra), b: equalize(node.b, rb) };
}

function chainCount(node: LayoutNode, dir: Direction): number {
  return node.kind === 'split' && node.dir === dir ? chainCount(node.a, dir) + chainCount(node.b, dir) : 1;
}

/** The least room a subtree needs along an axis for all its panes to be drawn. */
function minSize(node: LayoutNode, dir: Direction): number {
  if (node.kind === 'pane') return dir === 'right' ? MIN_PANE.w : MIN_PANE.h;
  const a = minSize(node.a, dir), b = minSize(node.b, dir);
  if (node.dir !== dir) return Math.max(a, b);
  return a + b + (dir === 'right' ? 1 : 0);
}

/** Moves the nearest border of `pane` along `dir` by `cells` (negative: left or up). */
export function resizePane(node: LayoutNode, pane: string, dir: Direction, cells: number, area: Rect): LayoutNode {
  const path = pathTo(node, pane, area);
  const i = path ? nearest(path, dir) : -1;
  return i < 0 ? node : shiftBorder(node, path!, i, cells).node;
}

/** The index in `path` of the deepest split along `dir`, or -1. */
function nearest(path: PathStep[], dir: Direction): number {
  for (let i = path.length - 1; i >= 0; i--) if (path[i].split.dir === dir) return i;
  return -1;
}

/** The panes (or cross-axis subtrees) of a run of splits along one axis, in order, with their rects. */
function runOf(node: LayoutNode, dir: Direction, rect: Rect): { node: LayoutNode; rect: Rect }[] {
  if (node.kind === 'pane' || node.dir !== dir) return [{ node, rect }];
  const [ra, rb] = splitRect(node, rect);
  return [...runOf(node.a, dir, ra), ...runOf(node.b, dir, rb)];
}

/** A run of splits along `dir` rebuilt with each member at the size given, in cells along that axis. */
function withSizes(node: LayoutNode, dir: Direction, sizes: Map<LayoutNode, number>): LayoutNode {
  if (node.kind === 'pane' || node.dir !== dir) return node;
  // Side by side, each member but the last also owns a separator column.
  const extent = (n: LayoutNode): number => (n.kind === 'split' && n.dir === dir ? extent(n.a) + extent(n.b) + (dir === 'right' ? 1 : 0) : sizes.get(n)!);
  const first = extent(node.a), avail = extent(node.a) + extent(node.b);
  return { ...node, ratio: avail > 0 ? first / avail : node.ratio, a: withSizes(node.a, dir, sizes), b: withSizes(node.b, dir, sizes) };
}

/**
 * Moves the border of the split at `path[i]` by `cells` (negative: left or up) as tmux does: the
 * member of its run on the growing side next to the border takes the cells from its neighbour
 * across it, then from the next ones when that one is as small as it may be, and the rest of the
 * run keeps its size. Returns the new tree and how far the border moved.
 */
function shiftBorder(node: LayoutNode, path: PathStep[], i: number, cells: number): { node: LayoutNode; moved: number } {
  const { split } = path[i];
  const dir = split.dir;
  let top = i;
  while (top > 0 && path[top - 1].split.dir === dir) top--;
  const run = runOf(path[top].split, dir, path[top].rect);
  const size = (r: Rect) => (dir === 'right' ? r.w : r.h);
  const sizes = new Map(run.map((m) => [m.node, size(m.rect)]));
  // The border lies before the first member of the split's second side.
  let firstOfB = split.b;
  while (firstOfB.kind === 'split' && firstOfB.dir === dir) firstOfB = firstOfB.a;
  const border = run.findIndex((m) => m.node === firstOfB);
  const grows = cells > 0 ? run[border - 1] : run[border];
  const givers = cells > 0 ? run.slice(border) : run.slice(0, border).reverse();
  let wanted = Math.abs(cells);
  for (const giver of givers) {
    // Never shrink a pane below what it needs to stay visible.
    const take = Math.min(wanted, Math.max(sizes.get(giver.node)! - minSize(giver.node, dir), 0));
    sizes.set(giver.node, sizes.get(giver.node)! - take);
    wanted -= take;
  }
  const moved = Math.abs(cells) - wanted;
  if (moved === 0) return { node, moved: 0 };
  sizes.set(grows.node, sizes.get(grows.node)! + moved);
  return { node: replaceSplit(node, path[top].split, withSizes(path[top].split, dir, sizes)), moved: Math.sign(cells) * moved };
}

/** A size along one axis: cells of the pane's content, or a percentage (of the split pane, or of the window). */
export type PaneSize = { cells: number } | { percent: number };

/** The cells a pane's rect takes along `dir` for a content size, a percentage of `of`. */
export function rectCells(size: PaneSize, dir: Direction, of: { cols: number; rows: number }): number {
  const whole = dir === 'right' ? of.cols : of.rows;
  // Rounded down, as tmux's integer arithmetic does.
  const cells = 'cells' in size ? size.cells : Math.floor((whole * size.percent) / 100);
  return dir === 'right' ? cells : cells + 1;
}

/**
 * Gives `pane` `size` cells along `dir` (its rect's width, or its height with the header row)
 * by moving the nearest border across that axis, as far as the panes on both sides allow.
 */
export function resizePaneTo(node: LayoutNode, pane: string, dir: Direction, size: number, area: Rect): LayoutNode {
  const path = pathTo(node, pane, area);
  const i = path ? nearest(path, dir) : -1;
  if (i < 0) return node;
  // The pane's own member of the run is the one next to that border, on its side.
  const { split, rect } = path![i];
  const [ra, rb] = splitRect(split, rect);
  const inA = panesOf(split.a).includes(pane);
  const own = inA ? runOf(split.a, dir, ra).at(-1)!.rect : runOf(split.b, dir, rb)[0].rect;
  const delta = size - (dir === 'right' ? own.w : own.h);
  return shiftBorder(node, path!, i, inA ? delta : -delta).node;
}

/**
 * The split whose border passes through cell (x, y) of `area`: a separator column between
 * panes side by side, or the header row of the lower of two stacked panes; null when none.
 */
export function borderAt(node: LayoutNode, area: Rect, x: number, y: number): { split: SplitNode; rect: Rect } | null {
  return find(node, area);
  function find(n: LayoutNode, r: Rect): { split: SplitNode; rect: Rect } | null {
    if (n.kind === 'pane' || x < r.x || x >= r.x + r.w || y < r.y || y >= r.y + r.h) return null;
    const [ra, rb] = splitRect(n, r);
    if (n.dir === 'right' ? x === ra.x + ra.w : y === rb.y && rb.h > 0) return { split: n, rect: r };
    return find(n.a, ra) ?? find(n.b, rb);
  }
}

/**
 * Moves the border through cell (x, y) to column (or row) `to`, as far as the panes on both
 * sides allow; returns the new tree and where the border ended, or null when no border is there.
 */
export function moveBorder(node: LayoutNode, area: Rect, x: number, y: number, to: number): { node: LayoutNode; at: number } | null {
  const found = borderAt(node, area, x, y);
  if (!found) return null;
  const path = pathToSplit(node, found.split, area)!;
  const [ra] = splitRect(found.split, found.rect);
  const at = found.split.dir === 'right' ? ra.x + ra.w : ra.y + ra.h;
  const { node: moved, moved: by } = shiftBorder(node, path, path.length - 1, to - at);
  return { node: moved, at: at + by };
}

function replaceSplit(node: LayoutNode, old: LayoutNode, next: LayoutNode): LayoutNode {
  if (node === old) return next;
  if (node.kind === 'pane') return node;
  return { ...node, a: replaceSplit(node.a, old, next), b: replaceSplit(node.b, old, next) };
}

type SplitNode = Extract<LayoutNode, { kind: 'split' }>;

/** The splits from the root down to a pane (or a split, itself the last), with the rect each divides. */
type PathStep = { split: SplitNode; rect: Rect };

function pathTo(node: LayoutNode, pane: string, area: Rect): PathStep[] | null {
  return pathWhere(node, area, (n) => n.kind === 'pane' && n.pane === pane);
}

function pathToSplit(node: LayoutNode, target: SplitNode, area: Rect): PathStep[] | null {
  return pathWhere(node, area, (n) => n === target);
}

function pathWhere(node: LayoutNode, area: Rect, isTarget: (n: LayoutNode) => boolean): PathStep[] | null {
  return walk(node, area);
  function walk(n: LayoutNode, r: Rect): PathStep[] | null {
    if (n.kind === 'pane') return isTarget(n) ? [] : null;
    if (isTarget(n)) return [{ split: n, rect: r }];
    const [ra, rb] = splitRect(n, r);
    const inA = walk(n.a, ra);
    if (inA) return [{ split: n, rect: r }, ...inA];
    const inB = walk(n.b, rb);
    return inB ? [{ split: n, rect: r }, ...inB] : null;
  }
}
function splitRect(n: SplitNode, r: Rect): [Rect, Rect] {
  if (n.dir === 'right') {
    const avail = Math.max(r.w - 1, 0);
    const wa = Math.min(Math.max(Math.round(avail * n.ratio), 0), avail);
    return [{ ...r, w: wa }, { x: r.x + wa + 1, y: r.y, w: avail - wa, h: r.h }];
  }
  const ha = Math.min(Math.max(Math.round(r.h * n.ratio), 0), r.h);
  return [{ ...r, h: ha }, { x: r.x, y: r.y + ha, w: r.w, h: r.h - ha }];
}

/** Places every pane in `area`; panes below MIN_PANE are hidden, never drawn over others. */
export function computeGeometry(node: LayoutNode, area: Rect, zoomed?: string): Geometry {
  const geo: Geometry = { panes: new Map(), hidden: new Set(), separators: [] };
  if (zoomed && panesOf(node).includes(zoomed)) {
    place(leaf(zoomed), area);
    for (const p of panesOf(node)) if (p !== zoomed) geo.hidden.add(p);
    return geo;
  }
  place(node, area);
  return geo;

  function place(n: LayoutNode, r: Rect): void {
    if (n.kind === 'pane') {
      if (r.w >= MIN_PANE.w && r.h >= MIN_PANE.h) geo.panes.set(n.pane, r);
      else geo.hidden.add(n.pane);
      return;
    }
    const [ra, rb] = splitRect(n, r);
    if (n.dir === 'right' && r.w > 0 && r.h > 0) geo.separators.push({ x: r.x + ra.w, y: r.y, h: r.h });
    place(n.a, ra);
    place(n.b, rb);
  }
}

export type Heading = 'left' | 'right' | 'up' | 'down';

/** The visible pane next to `from` in a heading: the nearest, then the one sharing most of its edge. */
export function neighbour(geo: Geometry, from: string, heading: Heading): string | null {
  const r = geo.panes.get(from);
  if (!r) return null;
  let best: { id: string; score: number } | null = null;
  for (const [id, o] of geo.panes) {
    if (id === from) continue;
    const ahead =
      heading === 'right' ? o.x >= r.x + r.w :
      heading === 'left' ? o.x + o.w <= r.x :
      heading === 'down' ? o.y >= r.y + r.h : o.y + o.h <= r.y;
    if (!ahead) continue;
    const horizontal = heading === 'left' || heading === 'right';
    const overlap = horizontal
      ? Math.min(r.y + r.h, o.y + o.h) - Math.max(r.y, o.y)
      : Math.min(r.x + r.w, o.x + o.w) - Math.max(r.x, o.x);
    if (overlap <= 0) continue;
    const gap = horizontal ? Math.abs((heading === 'right' ? o.x : r.x) - (heading === 'right' ? r.x + r.w : o.x + o.w))
      : Math.abs((heading === 'down' ? o.y : r.y) - (heading === 'down' ? r.y + r.h : o.y + o.h));
    const score = gap * 1000 - overlap;
    if (!best || score < best.score) best = { id, score };
  }
  return best?.id ?? null;
}
