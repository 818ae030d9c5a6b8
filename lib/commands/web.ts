// `thurm web`: the read-only web view of the session (lib/web/), started inside its server, and
// the tokens that let a browser in: `thurm web [--port P] [--bind ADDR]`, `thurm web stop`,
// `thurm web token create|list|revoke [ID]`.
import path from 'node:path';
import { ThurmError } from '../errors.js';
import { field } from '../fields.js';
import { defineCommand } from './command.js';

const file = field.string({ max: 4096 }).optional().cli({ placeholder: 'FILE', read: (v) => (v === undefined ? undefined : path.resolve(String(v))) });

export const web = defineCommand({
  name: 'web',
  describe: 'Serve a read-only web view of the session (the agent overview, live, and pane screens): prints its link, with a token',
  details: '; `thurm web stop` stops it, `thurm web token create|list|revoke [ID]` manages the tokens (a revoked token\'s browsers are cut off). Binds 127.0.0.1 (`--bind ::1` too); any other address only with `--tls-cert` and `--tls-key`. See [The web view](../README.md#the-web-view)',
  fields: {
    action: field.enum(['start', 'stop', 'token'] as const).default('start').cli({ as: 'positional' }),
    verb: field.enum(['create', 'list', 'revoke'] as const).optional().cli({ as: 'positional' }),
    token: field.string({ max: 16 }).optional().cli({ as: 'positional' }),
    port: field.int({ min: 0, max: 65535 }).default(7501).cli({ placeholder: 'PORT', describe: 'TCP port (0: any free one)' }),
    bind: field.string({ min: 1, max: 255 }).default('127.0.0.1').cli({ placeholder: 'ADDR', describe: 'address to listen on' }),
    tlsCert: file.describe('PEM certificate: serve https'),
    tlsKey: file.describe('PEM private key of --tls-cert'),
    allowAnswers: field.bool().default(false).cli({ describe: 'the link (of start, or of token create) may answer a blocked agent, as agent answer --expect does; start: the view takes answers at all' }),
  },
  result: {
    running: field.bool(),
    url: field.string({ max: 512 }).nullable().describe('the view\'s address, without a token'),
    link: field.string({ max: 512 }).nullable().describe('the address with a new token in its fragment: open it in the browser'),
    viewers: field.int({ min: 0 }),
    tokens: field.array(field.object({
      id: field.string({ max: 16 }),
      answers: field.bool().describe('it may answer a blocked agent'),
      createdAt: field.string({ max: 64, format: 'date-time' }),
      lastUsedAt: field.string({ max: 64, format: 'date-time' }).nullable(),
    })).describe('every token (`token list`); their secrets are not kept'),
  },
  run: async (ctx, a) => {
    if (!ctx.web) throw new ThurmError('INVALID_ARGUMENT', 'web: not available here');
    const host = await ctx.web();
    let link: string | null = null;
    if (a.action === 'start') {
      if (!a.tlsCert !== !a.tlsKey) throw new ThurmError('INVALID_ARGUMENT', 'web: --tls-cert and --tls-key go together');
      link = (await host.start({ port: a.port, bind: a.bind, allowAnswers: a.allowAnswers, tls: a.tlsCert && a.tlsKey ? { cert: a.tlsCert, key: a.tlsKey } : undefined })).link;
    } else if (a.action === 'stop') await host.stop();
    else if (a.verb === 'create') link = host.createToken(a.allowAnswers).link;
    else if (a.verb === 'revoke') {
      if (!a.token) throw new ThurmError('INVALID_ARGUMENT', 'web token revoke: give the token\'s id (thurm web token list)');
      host.revokeToken(a.token);
    } else if (a.verb !== 'list') throw new ThurmError('INVALID_ARGUMENT', 'web token: give create, list or revoke');
    const status = host.status();
    const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
    return {
      running: status !== null, url: status?.url ?? null, link, viewers: status?.viewers ?? 0,
      tokens: host.tokens.list().map((t) => ({ id: t.id, answers: t.answers, createdAt: iso(t.createdAt)!, lastUsedAt: iso(t.lastUsedAt) })),
    };
  },
  print: (r) => {
    if (r.link) return r.link;
    const tokens = r.tokens.map((t) => `token ${t.id}${t.answers ? ' (may answer)' : ''}: created ${t.createdAt}, ${t.lastUsedAt ? `last used ${t.lastUsedAt}` : 'never used'}`);
    return [r.running ? `web view: ${r.url} (${r.viewers} viewer${r.viewers === 1 ? '' : 's'}; thurm web token create for a link)` : 'web view: not running', ...tokens].join('\n');
  },
});
