// A shell command a pane's shell runs to report a status over OSC 7501, as a program would.

/** A shell command that prints an OSC 7501 report of `state` with message `msg` (base64, as the protocol carries it). */
export function statusReport(state: string, msg: string, app = 'agent'): string {
  return `printf '\\033]7501;state=${state}:app=${app}:msg=${Buffer.from(msg).toString('base64')}\\033\\\\'`;
}
