// A timer with one slot, set again or cleared: what the status watch and each pane's foreground
// watch wake on. The Mux makes them from a factory, so specs on a made-up clock pass timers that
// fire only when the spec says (a real timer beside a made-up clock fires at a moment the spec
// does not control, and on a slow run commits status the spec meant its own watch to find).
export interface OneTimer {
  set(run: () => void, ms: number): void;
  clear(): void;
}

/** A real timer; it never keeps the process alive by itself. */
export function realTimer(): OneTimer {
  let timer: NodeJS.Timeout | null = null;
  return {
    set(run, ms) {
      if (timer) clearTimeout(timer);
      timer = setTimeout(run, ms);
      timer.unref();
    },
    clear() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
