import test from 'ava';
import type { LayoutNode, Rect } from '../../lib/session/layout.js';
import { layoutChecksum, layoutString } from '../../lib/tmux/layout-string.js';

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
