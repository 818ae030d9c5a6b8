// Waiting for a condition with a timeout, never for a fixed time.

export async function waitUntil<T>(
  probe: () => T | Promise<T>,
  what: string | (() => string),
  timeoutMs = 10_000,
  intervalMs = 20,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
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
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
