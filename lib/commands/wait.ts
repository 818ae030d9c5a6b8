// Block until a pane reaches a status state, or its screen matches a pattern, for scripts that
// orchestrate agents.
import { ThurmError } from '../errors.js';
import { STATES } from '../status/osc7501.js';
import { field } from '../fields.js';
import { defineCommand, paneField, resolvePane } from './command.js';

/** Patterns are the user's own, matched against one screen: bounded, like any request field. */
const MAX_PATTERN = 512;

export const wait = defineCommand({
  name: 'wait',
  waits: true,
  describe: 'Wait until a pane reaches a state or its screen matches --output (exit 0), or time out',
  details: '(a regular expression of up to 512 characters, multiline)',
  fields: {
    pane: paneField,
    state: field.enum(STATES).describe('the state to wait for').optional().cli(),
    output: field.string({ max: MAX_PATTERN, format: 'regex' }).describe('a regular expression the screen must match (multiline)').map((source, fail) => {
      try {
        return new RegExp(source, 'm');
      } catch (err) {
        return fail(`not a regular expression: ${(err as Error).message}`);
      }
    }).optional().cli({ placeholder: 'REGEX', describe: 'a regular expression the pane\'s screen must match' }),
    new: field.bool().describe('with output: only what the pane prints after the wait starts counts, not what its screen already shows (the command line just typed)').default(false)
      .cli({ describe: 'with --output: match only what the pane prints from now on' }),
    timeout: field.int({ min: 0, max: 7 * 24 * 3600 * 1000 }).describe('give up after this many milliseconds').optional().cli({
      type: 'number', placeholder: 'SECONDS', describe: 'give up after this many seconds',
      read: (v) => (v === undefined ? undefined : Math.ceil(Number(v) * 1000)),
    }),
  },
  rules: { exactlyOne: [['state', 'output']] },
  result: { pane: field.string({ max: 32 }), state: field.enum(STATES).optional(), output: field.string({ max: MAX_PATTERN }).optional() },
  run: (ctx, a) => {
    if (a.new && !a.output) throw new ThurmError('INVALID_ARGUMENT', 'new: only with output');
    const id = resolvePane(ctx, a.pane);
    const what = a.state ?? `output /${a.output!.source}/`;
    const since = a.new ? ctx.mux.pane(id).term.outputSince() : null;
    const screen = () => since?.text() ?? ctx.mux.pane(id).term.liveScreen().join('\n');
    const reached = () => (a.output ? a.output.test(screen()) : ctx.mux.pane(id).summary().state === a.state);
    const result = { pane: id, ...(a.state ? { state: a.state } : { output: a.output!.source }) };
    if (reached()) {
      since?.dispose();
      return result;
    }
    return new Promise((resolve, reject) => {
      const done = (err: ThurmError | null) => {
        sub.dispose();
        since?.dispose();
        if (timer) clearTimeout(timer);
        ctx.signal?.removeEventListener('abort', abort);
        if (err) reject(err);
        else resolve(result);
      };
      const sub = ctx.mux.subscribe((e) => {
        if ((e.type === 'status-changed' || (a.output && e.type === 'pane-output')) && e.pane === id && reached()) done(null);
        if (e.type === 'pane-removed' && e.pane === id) done(new ThurmError('NOT_FOUND', `pane closed while waiting: ${id}`));
        if (e.type === 'session-ended') done(new ThurmError('SERVER_UNAVAILABLE', 'session ended while waiting'));
      });
      const ms = a.timeout;
      const timer = ms === undefined ? null
        : setTimeout(() => done(new ThurmError('TIMEOUT', `pane ${id} did not reach ${what} within ${ms / 1000}s`)), ms);
      const abort = () => done(new ThurmError('IO_ERROR', 'client went away'));
      ctx.signal?.addEventListener('abort', abort);
    });
  },
});
