// The session's environment for panes started from then on (tmux set-environment and
// show-environment; session-env.ts keeps it).
import { ThurmError } from '../errors.js';
import { field } from '../fields.js';
import { ENV_NAME, MAX_ENV_VALUE } from '../session/session-env.js';
import { sanitizeText } from '../sanitize.js';
import { defineCommand } from './command.js';

const name = field.string({ min: 1, max: 128, pattern: ENV_NAME, expected: 'a variable name' });

export const setEnvironment = defineCommand({
  name: 'set-environment',
  describe: 'Set NAME to VALUE for the programs of panes started from now on; --remove takes it out of their environment, --unset gives back the server\'s own',
  fields: {
    name: name.describe('the variable').cli({ as: 'positional' }),
    value: field.string({ max: MAX_ENV_VALUE }).describe('its value').optional().cli({ as: 'positional' }),
    remove: field.bool().describe('take it out of new panes\' environment (tmux -r)').default(false).cli(),
    unset: field.bool().describe('forget what was set: new panes get the server\'s own value (tmux -u)').default(false).cli(),
  },
  result: {},
  run: (ctx, a) => {
    if (a.unset) ctx.mux.unsetEnvironment(a.name);
    else if (a.remove) ctx.mux.setEnvironment(a.name, null);
    else if (a.value === undefined) throw new ThurmError('INVALID_ARGUMENT', 'set-environment: give a VALUE, --remove or --unset');
    else ctx.mux.setEnvironment(a.name, a.value);
    return {};
  },
});

export const showEnvironment = defineCommand({
  name: 'show-environment',
  describe: 'The variables set (NAME=VALUE) or removed (-NAME) for new panes; --global: the whole environment they start with',
  fields: {
    name: name.describe('only this variable').optional().cli({ as: 'positional' }),
    global: field.bool().describe('the server\'s environment with what was set (tmux -g)').default(false).cli(),
  },
  result: { variables: field.array(field.object({ name: field.string({ max: 128 }), value: field.string({ max: 1 << 20 }).nullable() }), { max: 100_000 }).describe('by name; value null: removed') },
  run: (ctx, a) => {
    const set = ctx.mux.environment.list();
    const all: [string, string | null][] = a.global
      ? Object.entries(ctx.mux.environment.apply(process.env)).filter((e): e is [string, string] => e[1] !== undefined && !e[0].startsWith('THURM_')).sort(([x], [y]) => (x < y ? -1 : 1))
      : set;
    const variables = all.filter(([n]) => a.name === undefined || n === a.name).map(([n, value]) => ({ name: n, value }));
    if (a.name !== undefined && !variables.length) throw new ThurmError('NOT_FOUND', `unknown variable: ${a.name}`);
    return { variables };
  },
  print: (r) => r.variables.map((v) => (v.value === null ? `-${v.name}` : `${v.name}=${sanitizeText(v.value, MAX_ENV_VALUE)}`)).join('\n'),
});
