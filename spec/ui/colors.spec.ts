import test from 'ava';
import { nearest16, nearest256, reduceStyle, rgbOf256, type ColorDepth } from '../../lib/ui/colors.js';

const to256: [string, [number, number, number], number][] = [
  ['pure red is cube red', [255, 0, 0], 196],
  ['black is cube black', [0, 0, 0], 16],
  ['white is cube white', [255, 255, 255], 231],
  ['mid grey is on the grey ramp', [128, 128, 128], 244],
  ['a near-black blue-grey is on the grey ramp', [10, 20, 30], 233],
  ['orange is in the cube', [255, 135, 0], 208],
];
for (const [what, [r, g, b], n] of to256) {
  test(`nearest256: ${what} (${n})`, (t) => t.is(nearest256(r, g, b), n));
}

const palette: [number, [number, number, number]][] = [
  [1, [205, 0, 0]], [9, [255, 0, 0]], [16, [0, 0, 0]], [67, [95, 135, 175]], [196, [255, 0, 0]], [231, [255, 255, 255]], [232, [8, 8, 8]], [255, [238, 238, 238]],
];
for (const [n, rgb] of palette) {
  test(`rgbOf256: palette colour ${n} is rgb(${rgb.join(', ')}) as in xterm`, (t) => t.deepEqual(rgbOf256(n), rgb));
}

const to16: [string, [number, number, number], number][] = [
  ['black is black', [0, 0, 0], 0],
  ['white is bright white', [255, 255, 255], 15],
  ['mid grey is bright black', [128, 128, 128], 8],
  ['a light grey is white', [190, 190, 190], 7],
  ['xterm blue is blue', [0, 0, 238], 4],
  ['an almost pure red is bright red', [250, 10, 10], 9],
  ['a dark red is red', [180, 20, 20], 1],
];
for (const [what, [r, g, b], n] of to16) {
  test(`nearest16: ${what} (${n})`, (t) => t.is(nearest16(r, g, b), n));
}

/** [what, style, depth, reduced]. */
const styles: [string, string, ColorDepth, string][] = [
  ['truecolor stays on a truecolor terminal', '1;38;2;255;0;0;48;2;0;0;1', 'truecolor', '1;38;2;255;0;0;48;2;0;0;1'],
  ['truecolor becomes the nearest of 256', '38;2;10;20;30;48;2;255;0;0', 256, '38;5;233;48;5;196'],
  ['256 and 16 colours stay on 256', '3;91;48;5;200', 256, '3;91;48;5;200'],
  ['truecolor red becomes bright red on 16', '38;2;255;0;0', 16, '91'],
  ['a 256 colour becomes the nearest of 16', '38;5;196;48;5;244', 16, '91;100'],
  ['a light 256 grey becomes white on 16', '38;5;250', 16, '37'],
  ['16 colours stay on 16', '1;97;42', 16, '1;97;42'],
  ['bright red becomes bold red on 8', '38;2;255;0;0', 8, '1;31'],
  ['an already bold cell is not made bold twice', '1;38;5;196', 8, '1;31'],
  ['a bright background loses its brightness on 8', '30;104', 8, '30;44'],
  ['bright black (thurm\'s grey) is bold black on 8', '90', 8, '1;30'],
  ['dark colours stay on 8', '4;31;42', 8, '4;31;42'],
  ['a monochrome terminal drops colours', '1;31', 0, '1'],
  ['a coloured background is reverse video without colours', '30;42', 0, '7'],
  ['a cell already in reverse is not reversed twice', '7;48;5;17', 0, '7'],
  ['the default style stays empty', '', 8, ''],
];
for (const [what, style, depth, reduced] of styles) {
  test(`reduceStyle: ${what}`, (t) => t.is(reduceStyle(style, depth), reduced));
}
