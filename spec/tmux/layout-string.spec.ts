import test from 'ava';
import { computeGeometry, type LayoutNode, panesOf, type Rect } from '../../lib/session/layout.js';
import { layoutChecksum, layoutString, parseLayoutString } from '../../lib/tmux/layout-string.js';

const pane = (id: string): LayoutNode => ({ kind: 'pane', pane: id });
const split = (dir: 'right' | 'down', a: LayoutNode, b: LayoutNode): LayoutNode => ({ kind: 'split', dir, ratio: 0.5, a, b });

test('window_layout: the checksum is tmux\'s, as tmux 3.3a printed it for these layouts', (t) => {
  t.is(layoutChecksum('120x40,0,0{60x40,0,0,0,59x40,61,0,1}'), 'f91d');
  t.is(layoutChecksum('120x40,0,0,2'), 'aaff');
});

test('window_layout: panes side by side in {}, above each other in [], splits of one way in one list', (t) => {
  // 1 on the left; on the right 2 above 3 above 4 (two splits down, nested in thurm's tree).
  const tree = split('right', pane('1'), split('down', pane('2'), split('down', pane('3'), pane('4'))));
  const rects = new Map<string, Rect>([
    ['1', { x: 0, y: 0, w: 60, h: 39 }], ['2', { x: 61, y: 0, w: 59, h: 13 }], ['3', { x: 61, y: 13, w: 59, h: 13 }], ['4', { x: 61, y: 26, w: 59, h: 13 }],
  ]);
  const body = '120x39,0,0{60x39,0,0,1,59x39,61,0[59x13,61,0,2,59x13,61,13,3,59x13,61,26,4]}';
  t.is(layoutString(tree, rects), `${layoutChecksum(body)},${body}`);
  t.is(layoutString(pane('1'), new Map([['1', { x: 0, y: 0, w: 80, h: 23 }]])), 'ae5e,80x23,0,0,1');
});

test('window_layout: a pane too small to show takes no room', (t) => {
  const tree = split('down', pane('1'), pane('2'));
  const body = layoutString(tree, new Map([['1', { x: 0, y: 0, w: 80, h: 23 }]])).slice(5);
  t.is(body, '80x23,0,0[80x23,0,0,1,0x0,0,0,2]');
});

const relabel = (node: LayoutNode, ids: string[]): LayoutNode => (node.kind === 'pane' ? pane(ids[Number(node.pane)]) : { ...node, a: relabel(node.a, ids), b: relabel(node.b, ids) });

test('a layout string read back lays the panes out in the same cells, its leaves numbered in order', (t) => {
  const area = { x: 0, y: 0, w: 120, h: 39 };
  const tree: LayoutNode = { kind: 'split', dir: 'right', ratio: 0.3, a: pane('7'), b: { kind: 'split', dir: 'down', ratio: 0.25, a: pane('3'), b: split('right', pane('9'), pane('4')) } };
  const rects = computeGeometry(tree, area).panes;
  const text = layoutString(tree, rects);
  const read = parseLayoutString(text);
  t.deepEqual(panesOf(read), ['0', '1', '2', '3']);
  const again = computeGeometry(relabel(read, ['7', '3', '9', '4']), area).panes;
  t.deepEqual([...again], [...rects]);
  t.is(layoutString(relabel(read, ['7', '3', '9', '4']), again), text);
});

test('a layout string from tmux keeps each pane\'s cells; the border row between panes above each other goes to the lower one', (t) => {
  // tmux 3.3a's main-vertical for three panes in 120x40: 80 columns left, 39 right split in 20 and 19 rows.
  const body = '120x40,0,0{80x40,0,0,1,39x40,81,0[39x20,81,0,2,39x19,81,21,3]}';
  const read = parseLayoutString(`${layoutChecksum(body)},${body}`);
  const rects = computeGeometry(relabel(read, ['a', 'b', 'c']), { x: 0, y: 0, w: 120, h: 40 }).panes;
  t.deepEqual(rects.get('a'), { x: 0, y: 0, w: 80, h: 40 });
  t.deepEqual(rects.get('b'), { x: 81, y: 0, w: 39, h: 20 });
  t.deepEqual(rects.get('c'), { x: 81, y: 20, w: 39, h: 20 });
});

test('a layout string with a wrong checksum, a cut or stray text is refused as an invalid layout', (t) => {
  const body = '80x24,0,0{40x24,0,0,1,39x24,41,0,2}';
  t.notThrows(() => parseLayoutString(`${layoutChecksum(body)},${body}`));
  for (const bad of [`0000,${body}`, `${layoutChecksum(body.slice(0, -1))},${body.slice(0, -1)}`, `${layoutChecksum(`${body}x`)},${body}x`, 'tiled', '', `${layoutChecksum('80x24')},80x24`]) {
    t.throws(() => parseLayoutString(bad), { message: /^invalid layout/ }, bad);
  }
});
