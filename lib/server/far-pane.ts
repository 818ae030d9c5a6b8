// A far host's pane shown from here: its id as the overview names it (`build:3`), and what
// focusing it does (lib/commands/focus.ts, prefix `a`, prefix `u`). Apart from far-hosts.ts so
// the focus command does not load the links' modules.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Mux } from '../session/mux.js';
import type { FarHostsView } from './far-hosts.js';

/** The thurm this server runs (bin/thurm), for a window attached to a far host. */
const THURM_BIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'bin', 'thurm');

/** `build:3`: a far host's pane, as the overview names it; null for a pane of this session. */
export function farPaneId(id: string): { host: string; pane: string } | null {
  const m = /^([A-Za-z0-9_-]{1,32}):(.+)$/.exec(id);
  return m ? { host: m[1], pane: m[2] } : null;
}

/**
 * Shows a far pane: focused there, and the window attached to its host (`host:NAME`, running
 * `thurm --host NAME attach`) selected, made when there is none.
 */
export async function showFarPane(mux: Mux, hosts: FarHostsView, host: string, pane: string): Promise<void> {
  await hosts.focus(host, pane);
  const name = `host:${host}`;
  const open = mux.windowList().find(({ window }) => mux.windowName(window) === name);
  if (open) mux.windowChanges.selectBy({ index: open.window.index });
  else mux.newWindow({ argv: [process.execPath, THURM_BIN, '--host', host, 'attach'] }, name);
}

