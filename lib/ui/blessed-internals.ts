// The parts of blessed that thurm reaches beyond its typings, declared once. thurm lets
// blessed lay out its widgets (prompts, choosers, help) into blessed's own cell grid and draws
// that grid itself (renderer.ts), so it reads the grid and what was last drawn; and it must
// not destroy a screen twice. The package is pinned to an exact version in package.json, and
// spec/term/library-internals.spec.ts fails on the first of these a new version lacks.
import type blessed from 'blessed';
import type { Line } from './cells.js';

interface ScreenInternals {
  /** The grid widgets are drawn into, a row per terminal row. */
  lines: Line[];
  /** What the terminal shows, as the renderer last left it. */
  olines: Line[];
  destroyed?: boolean;
}

/** The screen's cell grid and what was last drawn of it. */
export function screenGrid(screen: blessed.Widgets.Screen): { lines: Line[]; olines: Line[] } {
  return screen as unknown as ScreenInternals;
}

export function screenDestroyed(screen: blessed.Widgets.Screen): boolean {
  return (screen as unknown as ScreenInternals).destroyed === true;
}
