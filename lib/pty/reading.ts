// Stopping and restarting how a pty's master is read, for a handover to another server
// (`server upgrade`): once stopped, what the program prints stays in the kernel's pty buffer
// for whoever reads the fd next, and nothing is read into this process to be lost with it.
// Node offers no public way to stop a socket's reads (pause() keeps reading up to its buffer
// size), so this stops its libuv handle directly.

interface ReadingHandle { reading: boolean; readStop(): number; readStart(): number }
interface HandleSocket {
  _handle?: ReadingHandle | null;
  readableLength: number;
  destroyed: boolean;
  resume(): void;
}

const SETTLE_TRIES = 50;

/**
 * Stops reading the fd; resolves once every byte already read has been handed to the
 * socket's data listeners. Paused sockets are resumed so their buffer is delivered.
 */
export async function stopReading(socket: unknown): Promise<void> {
  const s = socket as HandleSocket;
  const handle = s._handle;
  if (!handle || s.destroyed) return;
  handle.readStop();
  // Node starts a handle it believes idle on the next read(); keep it believing it reads.
  handle.reading = true;
  s.resume();
  for (let i = 0; i < SETTLE_TRIES && s.readableLength > 0; i++) await new Promise((r) => setImmediate(r));
}

/** Reads the fd again after stopReading (the handover did not happen). */
export function restartReading(socket: unknown): void {
  const s = socket as HandleSocket;
  if (!s._handle || s.destroyed) return;
  s._handle.readStart();
  s._handle.reading = true;
}

/**
 * Pauses a socket and stops its handle at once: a paused socket reads one more chunk before it
 * stops (Node stops the handle only when a push finds its buffer full), which would take bytes
 * meant for someone else. resume() reads again (Node starts a handle it knows stopped).
 */
export function pauseReading(socket: unknown): void {
  const s = socket as HandleSocket & { pause(): void };
  s.pause();
  if (s._handle?.reading) {
    s._handle.reading = false;
    s._handle.readStop();
  }
}
