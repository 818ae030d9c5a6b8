// A closed pane leaves its emulator's lines and buffers as garbage, and V8 keeps the pages they
// took committed until its memory reducer runs, some 15 s into a quiet spell: after 120 pane
// create/kill cycles the server held 92 MB RSS where 70 MB were enough (bench: cycles, where
// tmux frees at once). So once the session is quiet after a pane closed, ask V8 for what its
// memory reducer would do then: the inspector's collectGarbage (a low-memory notification),
// in process, with no port opened. It is one pause of a few milliseconds per heap's worth; it
// waits while any pane prints and is skipped when the heap holds little it could give back.
import inspector from 'node:inspector';
import v8 from 'node:v8';
import type { Mux } from '../session/mux.js';

/** Quiet this long (no pane closed, no pane printed) before collecting. */
const QUIET_MS = 1000;
/** Committed heap beyond what is used that is worth a collection. */
const WORTH_BYTES = 4 * 1024 * 1024;

function givesBack(): boolean {
  const h = v8.getHeapStatistics();
  return h.total_heap_size - h.used_heap_size >= WORTH_BYTES;
}

function collect(): void {
  const session = new inspector.Session();
  session.connect();
  // Disconnecting inside the callback hangs Node 20's event loop: leave the callback first.
  session.post('HeapProfiler.collectGarbage', () => setImmediate(() => session.disconnect()));
}

/** Returns a closed pane's memory to the system once the session has been quiet for a moment. */
export function returnMemoryWhenPanesClose(mux: Mux): void {
  let timer: NodeJS.Timeout | undefined;
  let printed = false;
  const later = () => {
    clearTimeout(timer);
    printed = false;
    timer = setTimeout(() => {
      if (printed) return later();
      timer = undefined;
      if (givesBack()) collect();
    }, QUIET_MS).unref();
  };
  mux.subscribe((e) => {
    if (e.type === 'pane-removed') later();
    else if (e.type === 'pane-output' && timer) printed = true;
  });
}
