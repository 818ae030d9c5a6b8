// The OSC 8 hyperlink a cell of a pane's emulator carries. @xterm/headless parses OSC 8 itself
// and keeps a link id in each linked cell's extended attributes and the URI in its link
// service; neither is public API (as in @xterm/headless 6). It also bounds that service, which
// xterm lets grow with the links in the scrollback and never empties on a reset.
import type { IBufferCell, Terminal } from '@xterm/headless';
import { storeOf } from './scrollback-store.js';
import { cellInternals, HAS_EXTENDED, xtermCore } from './xterm-internals.js';

/** The cell's link id in its emulator, 0 when it has none; ids are never reused. */
export function linkIdOf(cell: IBufferCell): number {
  const c = cellInternals(cell);
  return c.bg & HAS_EXTENDED ? c.extended.urlId : 0;
}

/** The URI of a link id, as the program wrote it (untrusted text); also for stored history lines. */
export function linkUri(xterm: Terminal, id: number): string | undefined {
  return xtermCore(xterm)._oscLinkService.getLinkData(id)?.uri ?? storeOf(xterm.buffer)?.linkUri(id);
}

/**
 * Links a pane's emulator keeps at most; past it the oldest is forgotten, and the cells that
 * carried it show plain text. xterm 6 keeps a link until every line it is on has left the
 * scrollback, with a marker for each such line that costs about 3 KB and listens to every
 * scroll: 5,000 lines of 19 links each held 290 MB and slowed each line scrolled to 10 ms.
 * A screen of links (200x50 with ten links a row) fits well within this.
 */
export const MAX_LINKS = 1000;

/** How many links the emulator keeps (each line a link is on holds one marker for it). */
export function linksKept(xterm: Terminal): number {
  return xtermCore(xterm)._oscLinkService._dataByLinkId.size;
}

/**
 * Frees the links of the buffers a reset (RIS) throws away. xterm 6 keeps each link until the
 * markers of the lines it is on are disposed, which happens when those lines are trimmed or the
 * alternate screen is left, but a reset makes new buffers without disposing the old ones'
 * markers: every link on the screen and in the scrollback stayed, and through its marker's
 * listener so did the whole old buffer, scrollback and all (17 MB of heap and 7 MB of line data
 * for 5,000 lines at 100 columns, at every reset of a screen that showed a link).
 */
export function freeLinksOnReset(xterm: Terminal): void {
  const buffers = xtermCore(xterm).buffers;
  const reset = buffers.reset.bind(buffers);
  buffers.reset = () => {
    buffers.normal.clearAllMarkers();
    buffers.alt.clearAllMarkers();
    reset();
  };
}

/** Keeps at most `max` links in the emulator, forgetting the oldest first (see MAX_LINKS). */
export function capLinks(xterm: Terminal, max = MAX_LINKS): void {
  const service = xtermCore(xterm)._oscLinkService;
  const entries = service._dataByLinkId;
  const register = service.registerLink.bind(service);
  service.registerLink = (data) => {
    const id = register(data);
    // A Map iterates in insertion order: the first entries are the oldest links.
    for (const [old, entry] of entries) {
      if (entries.size <= max) break;
      if (old === id) continue;
      // Disposing a link's last marker removes the link (xterm's own bookkeeping).
      for (const marker of [...entry.lines]) marker.dispose();
      entries.delete(old);
    }
    return id;
  };
}
