// How the shim fails: one line on stderr, `thurm: tmux shim: <message>`, and exit status 1,
// which is what tmux exits with for any error (tools test for non-zero, not for a code).

export class ShimError extends Error {}

/** The line the shim prints for a failure of any kind. */
export function shimMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return `thurm: tmux shim: ${message.replace(/[\x00-\x1f\x7f]/g, ' ')}\n`;
}
