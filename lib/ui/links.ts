// OSC 8 hyperlinks from panes to clients whose terminals take them. A linked cell's style gets
// LINK_MARK and the link's OSC 8 parameters, so the renderer's diff sees a link change as it
// sees a colour change, and opens and closes the link around exactly those cells.
import type { IBufferCell, Terminal } from '@xterm/headless';
import { safeUri } from '../sanitize.js';
import { linkIdOf, linkUri } from '../term/links.js';

/** Separates a style's SGR parameters from its link; program text never holds it (safeUri). */
export const LINK_MARK = '\x1f';
const MAX_CACHED = 1024;

const suffixes = new WeakMap<Terminal, Map<number, string>>();
const serials = new WeakMap<Terminal, number>();
let serial = 0;

/** What a linked cell's style gets appended: LINK_MARK, an id and the cleaned URI; '' for none. */
export function linkSuffix(xterm: Terminal, cell: IBufferCell): string {
  const id = linkIdOf(cell);
  if (!id) return '';
  let cached = suffixes.get(xterm);
  if (!cached) {
    suffixes.set(xterm, (cached = new Map()));
    serials.set(xterm, ++serial);
  }
  let suffix = cached.get(id);
  if (suffix === undefined) {
    const uri = safeUri(linkUri(xterm, id) ?? '');
    // Our own id (per pane and link), so a link drawn in pieces is still one link to the terminal.
    suffix = uri ? `${LINK_MARK}id=thurm${serials.get(xterm)}-${id};${uri}` : '';
    if (cached.size >= MAX_CACHED) cached.clear();
    cached.set(id, suffix);
  }
  return suffix;
}
