// The `tmux` script's entry (pty/tmux-shim-env.ts): one tmux command line, run by shim.ts.
import fs from 'node:fs';
import { main } from './shim.js';

/** With TMUX_SHIM_LOG set, each call is appended there as one JSON line (what a tool asked, how it went). */
function logCall(argv: string[], code: number): void {
  const file = process.env.TMUX_SHIM_LOG;
  if (!file) return;
  try {
    fs.appendFileSync(file, `${JSON.stringify({ argv, code })}\n`, { mode: 0o600 });
  } catch {
    // a log that cannot be written must not fail the tool's call
  }
}

const args = process.argv.slice(2);
main(args).then((code) => {
  logCall(args, code);
  process.exitCode = code;
});
