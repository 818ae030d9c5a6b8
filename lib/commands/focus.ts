// Focus a pane exactly as the keyboard does: by id, by direction, or the next one; a far
// host's pane (`build:3`, as `thurm agents` names it) there, in the window attached to it.
import { ThurmError } from '../errors.js';
import { field } from '../fields.js';
import { farPaneId, showFarPane } from '../server/far-pane.js';
import { focusNext, focusToward, lastPane, mostUrgent } from '../session/navigation.js';
import { type CommandContext, defineCommand, HEADINGS, paneField, paneId, resolvePane } from './command.js';

export const focus = defineCommand({
  name: 'focus',
  describe: 'Focus a pane by id, --direction, --next, --last or --urgent',
  details: ', as the keys do; a far host\'s pane by its id in `thurm agents` (`build:3`): there, in the window `host:build` attached to it (made when there is none), and `--urgent` weighs the far hosts\' panes too',
  fields: {
    // A pane to focus is named, never taken from THURM_PANE_ID.
    pane: paneField.cli({ describe: 'pane id to focus, `3` or `%3`, or a far host\'s `build:3`', read: paneId }),
    direction: field.enum(HEADINGS).optional().cli({ describe: 'focus the neighbour in a direction' }),
    next: field.bool().optional().cli({ describe: 'focus the next pane' }),
    last: field.bool().optional().cli({ describe: 'focus the pane focused before this one in its window (tmux\'s last-pane)' }),
    urgent: field.bool().optional().cli({ describe: 'focus the pane that most needs you (blocked, error, done)' }),
  },
  rules: { atLeastOne: [['pane', 'direction', 'next', 'last', 'urgent']] },
  result: { pane: field.string({ max: 32 }).nullable().describe('the focused pane') },
  run: async (ctx, a) => {
    let target = a.pane;
    if (target === undefined && !a.direction && !a.next && !a.last && a.urgent) {
      target = mostUrgent(ctx.mux, farStates(ctx)) ?? undefined;
      if (target === undefined) throw new ThurmError('NOT_FOUND', 'no pane needs you');
    }
    const far = target === undefined ? null : farPaneId(target);
    if (far) {
      if (!ctx.hosts) throw new ThurmError('NOT_FOUND', `no host named ${far.host}`);
      await showFarPane(ctx.mux, ctx.hosts, far.host, far.pane);
      return { pane: target! };
    }
    if (target !== undefined) ctx.mux.focus(resolvePane(ctx, target));
    else if (a.direction) focusToward(ctx.mux, a.direction);
    else if (a.next) focusNext(ctx.mux);
    else if (a.last) {
      const last = lastPane(ctx.mux, resolvePane(ctx, undefined));
      if (!last) throw new ThurmError('NOT_FOUND', 'no last pane');
      ctx.mux.focus(last);
    }
    return { pane: ctx.mux.focused };
  },
});

/** The far hosts' panes as the overview names them (`build:3`), with their states, while their links are live. */
function farStates(ctx: CommandContext): Map<string, string> {
  return new Map((ctx.hosts?.list() ?? []).filter((h) => h.state === 'live').flatMap((h) => h.agents.map((a) => [`${h.name}:${a.pane}`, a.state] as const)));
}
