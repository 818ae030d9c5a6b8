import test from 'ava';
import {
  borderAt, computeGeometry, equalize, leaf, MIN_PANE, moveBorder, neighbour, panesOf, removePane, resizePane, resizePaneTo, splitPane,
  type Direction, type Heading, type LayoutNode, type Rect,
} from '../../lib/session/layout.js';

const area = (w: number, h: number): Rect => ({ x: 0, y: 0, w, h });
const split = (dir: Direction, a: LayoutNode, b: LayoutNode, ratio = 0.5): LayoutNode => ({ kind: 'split', dir, ratio, a, b });
const rects = (tree: LayoutNode, r: Rect, zoomed?: string) => Object.fromEntries(computeGeometry(tree, r, zoomed).panes);

/** a | (b / c): a on the left, b above c on the right. */
const aBesideStack = split('right', leaf('a'), split('down', leaf('b'), leaf('c')));

test('splitting right gives each pane half the columns with a one-column separator between them', (t) => {
  const tree = splitPane(leaf('a'), 'a', 'b', 'right');
  const geo = computeGeometry(tree, area(81, 24));
  t.deepEqual(Object.fromEntries(geo.panes), { a: { x: 0, y: 0, w: 40, h: 24 }, b: { x: 41, y: 0, w: 40, h: 24 } });
  t.deepEqual(geo.separators, [{ x: 40, y: 0, h: 24 }]);
});

test('splitting down stacks the panes with no separator, each keeping its own header row', (t) => {
  const geo = computeGeometry(splitPane(leaf('a'), 'a', 'b', 'down'), area(80, 24));
  t.deepEqual(Object.fromEntries(geo.panes), { a: { x: 0, y: 0, w: 80, h: 12 }, b: { x: 0, y: 12, w: 80, h: 12 } });
  t.deepEqual(geo.separators, []);
});

test('splitting a pane of a split divides only that pane', (t) => {
  const tree = splitPane(splitPane(leaf('a'), 'a', 'b', 'right'), 'b', 'c', 'down');
  t.deepEqual(tree, aBesideStack);
  t.deepEqual(rects(tree, area(81, 24)), {
    a: { x: 0, y: 0, w: 40, h: 24 },
    b: { x: 41, y: 0, w: 40, h: 12 },
    c: { x: 41, y: 12, w: 40, h: 12 },
  });
});

const removals: [string, string, LayoutNode | null][] = [
  ['the sibling of a removed pane takes its parent\'s place', 'b', split('right', leaf('a'), leaf('c'))],
  ['removing the pane beside a stack leaves the stack', 'a', split('down', leaf('b'), leaf('c'))],
  ['removing an unknown pane changes nothing', 'zz', aBesideStack],
];
for (const [title, target, expected] of removals) {
  test(title, (t) => t.deepEqual(removePane(aBesideStack, target), expected));
}

test('removing the last pane leaves no tree', (t) => {
  t.is(removePane(leaf('a'), 'a'), null);
});

/** n panes made by splitting right in a chain, as repeated splits of the newest pane do. */
function chainRight(n: number, leftLeaning: boolean): LayoutNode {
  let tree = leaf('p0');
  for (let i = 1; i < n; i++) tree = splitPane(tree, leftLeaning ? `p0` : `p${i - 1}`, `p${i}`, 'right');
  return tree;
}

for (const leftLeaning of [false, true]) {
  test(`equalize gives three to six panes split right (${leftLeaning ? 'always the first' : 'always the newest'}) widths within one column`, (t) => {
    for (let n = 3; n <= 6; n++) {
      for (let w = 4 * n; w <= 200; w++) {
        const widths = Object.values(rects(equalize(chainRight(n, leftLeaning), area(w, 10)), area(w, 10))).map((r) => r.w);
        t.is(widths.length, n);
        t.true(Math.max(...widths) - Math.min(...widths) <= 1, `${n} panes, width ${w}: ${widths.join(',')}`);
      }
    }
  });
}

test('equalize gives a pane beside a stack of two half the width, not a third', (t) => {
  const lopsided = split('right', leaf('a'), split('down', leaf('b'), leaf('c'), 0.9), 0.2);
  t.deepEqual(equalize(lopsided, area(81, 24)), aBesideStack);
});

const resizes: [string, string, Direction, number, Record<string, number>][] = [
  ['growing the left pane moves the border right', 'a', 'right', 5, { a: 45, b: 35 }],
  ['moving the right pane\'s border right shrinks it', 'b', 'right', 5, { a: 45, b: 35 }],
  ['moving the right pane\'s border left grows it', 'b', 'right', -5, { a: 35, b: 45 }],
  ['shrinking the left pane moves the border left', 'a', 'right', -5, { a: 35, b: 45 }],
];
for (const [title, pane, dir, cells, widths] of resizes) {
  test(title, (t) => {
    const r = rects(resizePane(split('right', leaf('a'), leaf('b')), pane, dir, cells, area(81, 24)), area(81, 24));
    t.deepEqual({ a: r.a.w, b: r.b.w }, widths);
    t.is(r.b.x, r.a.w + 1);
  });
}

test('resizing moves the border of the nearest split in that direction', (t) => {
  const down = rects(resizePane(aBesideStack, 'b', 'down', 3, area(81, 24)), area(81, 24));
  t.deepEqual([down.a.w, down.b.h, down.c.h], [40, 15, 9]);
  const right = rects(resizePane(aBesideStack, 'c', 'right', -4, area(81, 24)), area(81, 24));
  t.deepEqual([right.a.w, right.b.w, right.c.w, right.b.h], [36, 44, 44, 12]);
});

test('resizing a middle pane moves its own nearest border, not an outer one', (t) => {
  const row = split('right', leaf('a'), split('right', leaf('b'), leaf('c')));
  const r = rects(resizePane(row, 'b', 'right', 3, area(81, 24)), area(81, 24));
  t.deepEqual([r.a.w, r.b.w, r.c.w], [40, 23, 16]);
});

test('resizing takes the cells from the neighbour across the border only, as tmux does, then from the next one', (t) => {
  // Four even panes side by side, as even-horizontal makes them: a | (b | (c | d)).
  const row = equalize(split('right', leaf('a'), split('right', leaf('b'), split('right', leaf('c'), leaf('d')))), area(160, 24));
  const widths = (tree: LayoutNode) => ['a', 'b', 'c', 'd'].map((p) => rects(tree, area(160, 24))[p].w);
  const [a, b, c, d] = widths(row);
  t.deepEqual(widths(resizePane(row, 'a', 'right', 5, area(160, 24))), [a + 5, b - 5, c, d], 'a grew, b alone gave');
  t.deepEqual(widths(resizePane(row, 'd', 'right', -5, area(160, 24))), [a, b, c - 5, d + 5], 'd grew leftwards, c alone gave');
  t.deepEqual(widths(resizePane(row, 'a', 'right', 40, area(160, 24))), [a + 40, MIN_PANE.w, c - (40 - b + MIN_PANE.w), d], 'b as small as it may be, then c');
  const stack = split('down', leaf('a'), split('down', leaf('b'), leaf('c')));
  const heights = (tree: LayoutNode) => ['a', 'b', 'c'].map((p) => rects(tree, area(80, 30))[p].h);
  const [ha, hb, hc] = heights(stack);
  t.deepEqual(heights(resizePane(stack, 'a', 'down', 3, area(80, 30))), [ha + 3, hb - 3, hc], 'stacked too');
});

test('resizing past the edge of the area stops at the same place as resizing to it', (t) => {
  const tree = split('right', leaf('a'), leaf('b'));
  t.deepEqual(resizePane(tree, 'a', 'right', 1000, area(81, 24)), resizePane(tree, 'a', 'right', 80, area(81, 24)));
  t.deepEqual(resizePane(tree, 'a', 'right', -1000, area(81, 24)), resizePane(tree, 'a', 'right', -80, area(81, 24)));
});

test('resizing with no split in that direction, or an unknown pane, changes nothing', (t) => {
  const tree = split('right', leaf('a'), leaf('b'));
  t.is(resizePane(tree, 'a', 'down', 3, area(81, 24)), tree);
  t.is(resizePane(tree, 'zz', 'right', 3, area(81, 24)), tree);
});

test('a zoomed pane fills the area and every other pane is hidden', (t) => {
  const geo = computeGeometry(aBesideStack, area(81, 24), 'b');
  t.deepEqual(Object.fromEntries(geo.panes), { b: area(81, 24) });
  t.deepEqual([...geo.hidden].sort(), ['a', 'c']);
  t.deepEqual(geo.separators, []);
});

test('zooming a pane that is not in the tree shows the normal layout', (t) => {
  t.deepEqual(Object.keys(rects(aBesideStack, area(81, 24), 'zz')).sort(), ['a', 'b', 'c']);
});

const tooSmall: [string, LayoutNode, Rect, string[], string[]][] = [
  ['a pane one column wide is hidden', split('right', leaf('a'), leaf('b')), area(4, 10), ['a'], ['b']],
  ['a pane with only its header row is hidden', split('down', leaf('a'), leaf('b')), area(10, 3), ['a'], ['b']],
  ['an area too small for any pane hides them all', aBesideStack, area(2, 1), [], ['a', 'b', 'c']],
];
for (const [title, tree, r, shown, hidden] of tooSmall) {
  test(title, (t) => {
    const geo = computeGeometry(tree, r);
    t.deepEqual([...geo.panes.keys()].sort(), shown);
    t.deepEqual([...geo.hidden].sort(), hidden);
  });
}

/** A small deterministic PRNG (mulberry32) so a failing tree can be reproduced from its seed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let r = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

function randomTree(rand: () => number, panes: number): LayoutNode {
  let tree = leaf('p0');
  for (let i = 1; i < panes; i++) {
    const ids = panesOf(tree);
    tree = splitPane(tree, ids[Math.floor(rand() * ids.length)], `p${i}`, rand() < 0.5 ? 'right' : 'down');
  }
  const jitter = (n: LayoutNode): LayoutNode => n.kind === 'pane' ? n : { ...n, ratio: rand(), a: jitter(n.a), b: jitter(n.b) };
  return jitter(tree);
}

const inside = (r: Rect, o: Rect) => r.x >= o.x && r.y >= o.y && r.x + r.w <= o.x + o.w && r.y + r.h <= o.y + o.h;
const overlap = (r: Rect, o: Rect) => r.x < o.x + o.w && o.x < r.x + r.w && r.y < o.y + o.h && o.y < r.y + r.h;

test('for random trees and sizes, placed panes are big enough, inside the area and never overlap', (t) => {
  for (let seed = 1; seed <= 300; seed++) {
    const rand = random(seed);
    const tree = randomTree(rand, 1 + Math.floor(rand() * 9));
    const r = { x: Math.floor(rand() * 5), y: Math.floor(rand() * 5), w: 1 + Math.floor(rand() * 60), h: 1 + Math.floor(rand() * 30) };
    const geo = computeGeometry(tree, r);
    const placed = [...geo.panes];
    const where = `seed ${seed}`;
    t.deepEqual([...geo.panes.keys(), ...geo.hidden].sort(), panesOf(tree).sort(), where);
    for (const [id, p] of placed) {
      t.true(inside(p, r), `${where}: ${id} outside`);
      t.true(p.w >= MIN_PANE.w && p.h >= MIN_PANE.h, `${where}: ${id} too small`);
      for (const [other, q] of placed) if (other !== id) t.false(overlap(p, q), `${where}: ${id} overlaps ${other}`);
      for (const s of geo.separators) t.false(overlap(p, { x: s.x, y: s.y, w: 1, h: s.h }), `${where}: separator over ${id}`);
    }
  }
});

/** (a / c) | (b / d): a 2x2 grid, a top left and d bottom right. */
const grid = computeGeometry(split('right', split('down', leaf('a'), leaf('c')), split('down', leaf('b'), leaf('d'))), area(81, 24));
const moves: [string, Heading, string | null][] = [
  ['a', 'right', 'b'], ['a', 'down', 'c'], ['a', 'left', null], ['a', 'up', null],
  ['d', 'left', 'c'], ['d', 'up', 'b'], ['d', 'right', null], ['d', 'down', null],
  ['b', 'left', 'a'], ['c', 'right', 'd'],
];
for (const [from, heading, expected] of moves) {
  test(`in a 2x2 grid the neighbour of ${from} going ${heading} is ${expected ?? 'nothing'}`, (t) => {
    t.is(neighbour(grid, from, heading), expected);
  });
}

test('the neighbour is the nearest pane in that heading, not one further away', (t) => {
  const row = computeGeometry(split('right', leaf('a'), split('right', leaf('b'), leaf('c'))), area(90, 10));
  t.is(neighbour(row, 'a', 'right'), 'b');
  t.is(neighbour(row, 'c', 'left'), 'b');
});

test('from a tall pane the neighbour is the one sharing most of its rows', (t) => {
  const tree = split('right', leaf('a'), split('down', leaf('b'), leaf('c'), 0.25));
  t.is(neighbour(computeGeometry(tree, area(81, 24)), 'a', 'right'), 'c');
});

test('a hidden pane has no neighbours', (t) => {
  t.is(neighbour(computeGeometry(aBesideStack, area(81, 24), 'b'), 'a', 'right'), null);
});

test('resizing never shrinks a pane below what it needs to stay visible', (t) => {
  const tree = resizePane(split('right', leaf('a'), leaf('b')), 'a', 'right', -1000, area(81, 24));
  const geo = computeGeometry(tree, area(81, 24));
  t.deepEqual([...geo.hidden], []);
  t.is(geo.panes.get('a')!.w, MIN_PANE.w);
});

/** (a | b) | c: the separator between b and c belongs to the outer split. */
const leftNested = split('right', split('right', leaf('a'), leaf('b')), leaf('c'));

test('the border under a cell is the separator column, or the header row of the lower pane', (t) => {
  t.is<unknown, unknown>(borderAt(aBesideStack, area(81, 24), 40, 5)?.split, aBesideStack);
  const stack = (aBesideStack as Extract<LayoutNode, { kind: 'split' }>).b;
  t.is<unknown, unknown>(borderAt(aBesideStack, area(81, 24), 60, 12)?.split, stack, 'the header of c');
  t.is(borderAt(aBesideStack, area(81, 24), 60, 0), null, 'the header of b is no border');
  t.is(borderAt(aBesideStack, area(81, 24), 10, 5), null, 'inside a pane');
});

test('moving a separator gives the columns to one side; the right split moves even when nested', (t) => {
  const moved = moveBorder(aBesideStack, area(81, 24), 40, 3, 50)!;
  t.is(moved.at, 50);
  t.like(rects(moved.node, area(81, 24)), { a: { x: 0, w: 50 }, b: { x: 51, w: 30 } });
  const geo = computeGeometry(leftNested, area(81, 24));
  const sep = geo.separators.find((s) => s.x > geo.panes.get('b')!.x)!;
  const nested = moveBorder(leftNested, area(81, 24), sep.x, 2, sep.x + 5)!;
  const after = rects(nested.node, area(81, 24));
  t.is(after.c.w, geo.panes.get('c')!.w - 5, 'c shrank: the border between b and c moved, not the one between a and b');
  t.is(after.a.w + after.b.w, geo.panes.get('a')!.w + geo.panes.get('b')!.w + 5);
});

test('a border moved past what a pane needs stops there; a header row moves a stacked border', (t) => {
  const far = moveBorder(aBesideStack, area(81, 24), 40, 3, 200)!;
  t.is(far.at, 80 - MIN_PANE.w);
  const down = moveBorder(aBesideStack, area(81, 24), 60, 12, 4)!;
  t.is(down.at, 4);
  t.like(rects(down.node, area(81, 24)), { b: { y: 0, h: 4 }, c: { y: 4, h: 20 } });
  t.is(moveBorder(aBesideStack, area(81, 24), 10, 5, 20), null);
});

test('resizing a pane to a size moves the nearest border across that axis, from either side of it', (t) => {
  const r = area(81, 24);
  t.is(rects(resizePaneTo(aBesideStack, 'a', 'right', 30, r), r).a.w, 30);
  t.is(rects(resizePaneTo(aBesideStack, 'b', 'right', 30, r), r).b.w, 30);
  const stacked = resizePaneTo(aBesideStack, 'c', 'down', 6, r);
  t.deepEqual([rects(stacked, r).b.h, rects(stacked, r).c.h], [18, 6]);
  t.is(rects(resizePaneTo(aBesideStack, 'a', 'right', 500, r), r).b.w, MIN_PANE.w, 'never past what the other side needs');
  t.is(resizePaneTo(leaf('a'), 'a', 'right', 10, r).kind, 'pane', 'a pane alone has no border to move');
});
