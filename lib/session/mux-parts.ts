// What the Mux lends the modules that change state on its behalf (pane-lifecycle.ts, arrange.ts,
// window-changes.ts, persistence.ts): its live panes and windows and the steps every change ends
// with. Only the Mux builds one, and it never leaves lib/session, so outside it state is read
// through the Mux's views alone.
import type { MuxEvent } from './events.js';
import type { LayoutNode, Rect } from './layout.js';
import type { Pane } from './pane.js';
import type { NewPaneSpec, RestoredPane } from './pane-spawn.js';
import type { PaneIds } from './pane-ids.js';
import type { PasteBuffers } from './paste-buffers.js';
import type { Window, Windows } from './windows.js';

export interface MuxParts {
  readonly panes: ReadonlyMap<string, Pane>;
  readonly windows: Windows;
  readonly pasteBuffers: PasteBuffers;
  /** Each pane's state and when it entered it (the agent overview's ages). */
  readonly states: Map<string, { state: string; since: number }>;
  /** The ids new panes get; a restore or handover carries them over. */
  readonly ids: PaneIds;
  emit(event: MuxEvent): void;
  /** The pane's output is likely the echo of keys just typed (heard before its 'pane-output'). */
  echo(pane: string): void;
  /** Gives every visible pane its rect's size and announces the layout. */
  relayout(): void;
  /** The window minus the status line. */
  paneArea(): Rect;
  /** The live pane of an id; NOT_FOUND when there is none. */
  livePane(id: string): Pane;
  /** The live window a pane is in. */
  windowWith(pane: string): Window;
  /** The current window; NOT_FOUND when there is none. */
  currentWindow(): Window;
  /** The live window at a view's id. */
  live(w: Readonly<Window>): Window;
  /** A window left with `rest` after a pane closed or moved out of it. */
  detachPane(w: Window, id: string, rest: LayoutNode): void;
  /** Starts a pane (a saved or handed-over one under its own id) and wires its events. */
  spawn(spec: NewPaneSpec, cols: number, rows: number, restored?: RestoredPane): Pane;
}
