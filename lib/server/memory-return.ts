// Starting the server, opening a pane and closing one leave garbage (the start-up's parsing, a
// new emulator's set-up, a closed emulator's lines and buffers), and V8 keeps the pages it took
// committed until its memory reducer runs, some 10-15 s into a quiet spell: a fresh server with
// one pane held 19.7 MB of private memory where 15.6 MB were enough, and after 120 pane
// create/kill cycles 92 MB RSS where 70 MB were enough (bench: memory, cycles; tmux frees at
// once). So once the session is quiet a second after its panes changed, ask V8 for what its
// memory reducer would do then: the inspector's collectGarbage (a low-memory notification), in
// process, with no port opened. It is one pause of some 10-15 ms (20-27 ms of CPU, measured with
// xterm.js, ws and node-pty loaded), and it waits while any pane prints.
import inspector from 'node:inspector';
import type { Mux } from '../session/mux.js';

/** Quiet this long (no pane opened or closed, no pane printed) before collecting. */
const QUIET_MS = 1000;

/** The collection V8's memory reducer would make, asked for at once. */
export function collectGarbage(): void {
  const session = new inspector.Session();
  session.connect();
  // Disconnecting inside the callback hangs Node 20's event loop: leave the callback first.
  session.post('HeapProfiler.collectGarbage', () => setImmediate(() => session.disconnect()));
}

/** Returns memory to the system once the session has been quiet for a moment after it started or its panes changed. */
export function returnMemoryWhenPanesChange(mux: Mux): void {
  let timer: NodeJS.Timeout | undefined;
  let printed = false;
  const later = () => {
    clearTimeout(timer);
    printed = false;
    timer = setTimeout(() => {
      if (printed) return later();
      timer = undefined;
      collectGarbage();
    }, QUIET_MS).unref();
  };
  mux.subscribe((e) => {
    if (e.type === 'pane-added' || e.type === 'pane-removed') later();
    else if (e.type === 'pane-output' && timer) printed = true;
  });
  later();
}
