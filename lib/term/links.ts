// The OSC 8 hyperlink a cell of a pane's emulator carries. @xterm/headless parses OSC 8 itself
// and keeps a link id in each linked cell's extended attributes and the URI in its link
// service; neither is public API (as in @xterm/headless 6).
import type { IBufferCell, Terminal } from '@xterm/headless';

/** xterm's BgFlags.HAS_EXTENDED: the cell has extended attributes (a link, an underline style). */
const HAS_EXTENDED = 0x10000000;

interface CellInternals { bg?: number; extended?: { urlId?: number } }
interface LinkService { getLinkData(id: number): { id?: string; uri: string } | undefined }

/** The cell's link id in its emulator, 0 when it has none; ids are never reused. */
export function linkIdOf(cell: IBufferCell): number {
  const c = cell as unknown as CellInternals;
  return typeof c.bg === 'number' && c.bg & HAS_EXTENDED ? c.extended?.urlId ?? 0 : 0;
}

/** The URI of a link id, as the program wrote it (untrusted text). */
export function linkUri(xterm: Terminal, id: number): string | undefined {
  const core = (xterm as unknown as { _core?: { _oscLinkService?: LinkService } })._core;
  return core?._oscLinkService?.getLinkData(id)?.uri;
}
