// Waiting for a condition with a timeout, never for a fixed time.

/** The first pause between looks, and the longest: a wait that goes on looks less often. */
const FIRST_PAUSE_MS = 20;
const LONGEST_PAUSE_MS = 160;

/**
 * Resolves with the first truthy value `probe` gives. A look usually asks the server (about 1.5 ms
 * of its CPU and the spec's each), and the suite spends minutes waiting on programs: pauses grow
 * from 20 ms to 160 ms, so a long wait costs a few looks a second while a short one still ends
 * within a few tens of milliseconds. `intervalMs` fixes the pause instead.
 */
export async function waitUntil<T>(
  probe: () => T | Promise<T>,
  what: string | (() => string),
  timeoutMs = 10_000,
  intervalMs?: number,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let pause = intervalMs ?? FIRST_PAUSE_MS;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value as NonNullable<T>;
      last = value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}; last: ${String(last instanceof Error ? last.message : last)}`);
    }
    await new Promise((r) => setTimeout(r, Math.min(pause, Math.max(1, deadline - Date.now() + 1))));
    if (intervalMs === undefined) pause = Math.min(LONGEST_PAUSE_MS, pause * 1.25);
  }
}
