// Block until a pane reaches a status state, for scripts that orchestrate agents.
import { ThurmError } from '../errors.js';
import { STATES } from '../status/osc7501.js';
import { defineCommand, optEnum, optInt, optString, paneFromCli, paneOption, resolvePane } from './command.js';

export const wait = defineCommand({
  name: 'wait',
  waits: true,
  usage: 'wait',
  describe: 'Wait until a pane reaches a state (exit 0), or time out',
  options: {
    ...paneOption,
    state: { type: 'string', choices: STATES, demandOption: true, describe: 'the state to wait for' },
    timeout: { type: 'number', describe: 'give up after this many seconds' },
  },
  request: (argv) => ({ pane: paneFromCli(argv), state: argv.state, timeout: argv.timeout === undefined ? undefined : Math.ceil(Number(argv.timeout) * 1000) }),
  parse: (raw) => ({
    pane: optString(raw, 'pane'),
    state: optEnum(raw, 'state', STATES) ?? 'done',
    timeout: optInt(raw, 'timeout', 0, 7 * 24 * 3600 * 1000),
  }),
  run: (ctx, a) => {
    const id = resolvePane(ctx, a.pane);
    const reached = () => ctx.mux.pane(id).summary().state === a.state;
    if (reached()) return { pane: id, state: a.state };
    return new Promise((resolve, reject) => {
      const done = (err: ThurmError | null) => {
        sub.dispose();
        if (timer) clearTimeout(timer);
        ctx.signal?.removeEventListener('abort', abort);
        if (err) reject(err);
        else resolve({ pane: id, state: a.state });
      };
      const sub = ctx.mux.subscribe((e) => {
        if (e.type === 'status-changed' && e.pane === id && reached()) done(null);
        if (e.type === 'pane-removed' && e.pane === id) done(new ThurmError('NOT_FOUND', `pane closed while waiting: ${id}`));
        if (e.type === 'session-ended') done(new ThurmError('SERVER_UNAVAILABLE', 'session ended while waiting'));
      });
      const ms = a.timeout;
      const timer = ms === undefined ? null
        : setTimeout(() => done(new ThurmError('TIMEOUT', `pane ${id} did not reach ${a.state} within ${ms / 1000}s`)), ms);
      const abort = () => done(new ThurmError('IO_ERROR', 'client went away'));
      ctx.signal?.addEventListener('abort', abort);
    });
  },
});
