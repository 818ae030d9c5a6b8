// The body of an OSC sequence, kept up to a limit and built from whole pieces. xterm's own
// handler wrapper keeps up to 10 MB, adding one character at a time, so a long body is a rope
// of one-character strings: a 49 MB OSC 52 took the server 330 MB for a moment. A body past
// MAX_OSC_BODY is dropped whole, as tmux drops a sequence past its 1 MiB input buffer.
import type { CoreOscHandler } from './xterm-internals.js';

/**
 * Characters of an OSC body kept; past it the sequence is dropped. Larger than tmux's 1 MiB, so
 * a clipboard write of 3 MiB of text (4 MiB of base64) is still taken, and cut to a paste buffer's 1 MiB.
 */
export const MAX_OSC_BODY = 4 * 1024 * 1024;

/** Code points decoded at a time: whole strings, well within the call stack's limit. */
const STEP = 8192;

/** A parser-level handler that hands `handler` the body, or passes the sequence on when it is too long or cancelled. */
export function oscBody(handler: (body: string) => boolean, limit = MAX_OSC_BODY): CoreOscHandler {
  let pieces: string[] = [];
  let length = 0;
  let over = false;
  return {
    start() {
      pieces = [];
      length = 0;
      over = false;
    },
    put(data, start, end) {
      if (over) return;
      length += end - start;
      if (length > limit) {
        over = true;
        pieces = [];
        return;
      }
      for (let i = start; i < end; i += STEP) pieces.push(String.fromCodePoint(...data.subarray(i, Math.min(end, i + STEP))));
    },
    end(success) {
      const body = pieces.join('');
      pieces = [];
      return success && !over && handler(body);
    },
  };
}
