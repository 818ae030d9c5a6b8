// tmux's commands that move panes and windows around, each as the thurm request that does the
// same: swap-pane, join-pane (and move-pane), break-pane, move-window, rotate-window and
// next-layout/previous-layout.
import { type Parsed, value } from './args.js';
import type { ShimCommand } from './context.js';
import { ShimError } from './errors.js';
import type { SessionView } from './session-view.js';

/** The pane a move takes: -s, else the marked one (`~`), as tmux's; `refused` says what was expected. */
function sourcePane(view: SessionView, args: Parsed, refused: string): string {
  const source = value(args, 's') ?? (view.info.marked !== null ? '~' : undefined);
  if (source === undefined) throw new ShimError(refused);
  return view.paneTarget(source).id;
}

const swapPane: ShimCommand = {
  name: 'swap-pane',
  aliases: ['swapp'],
  // -d (keep the focus) and -Z (keep the zoom) change nothing more: thurm's swap moves neither.
  flags: 'dDUZs:t:',
  run: async (ctx, args) => {
    const view = await ctx.view();
    const target = view.paneTarget(value(args, 't'));
    // -U and -D: with the pane before or after the target; -s: with that pane.
    if (args.flags.has('U') || args.flags.has('D')) return void (await ctx.request('swap-pane', { pane: target.id, previous: args.flags.has('U') }));
    const pane = sourcePane(view, args, 'swap-pane: expects -s, -U or -D, or a marked pane');
    await ctx.request('swap-pane', { pane, with: target.id });
  },
};

/** join-pane and move-pane: the source pane (-s, else the marked one) goes beside the target, below it unless -h. */
const joinPane = (name: string, alias: string): ShimCommand => ({
  name,
  aliases: [alias],
  flags: 'bdfhvl:s:t:',
  run: async (ctx, args) => {
    const view = await ctx.view();
    const pane = sourcePane(view, args, `${name}: expects -s, or a marked pane`);
    await ctx.request('join-pane', { pane, target: view.paneTarget(value(args, 't')).id, down: !args.flags.has('h') });
  },
});

const breakPane: ShimCommand = {
  name: 'break-pane',
  aliases: ['breakp'],
  flags: 'adPF:n:s:t:',
  run: async (ctx, args) => {
    const view = await ctx.view();
    await ctx.request('break-pane', { pane: view.paneTarget(value(args, 's')).id });
  },
};

const moveWindow: ShimCommand = {
  name: 'move-window',
  aliases: ['movew'],
  flags: 'abdkrs:t:',
  run: async (ctx, args) => {
    // -r: the windows numbered again from base-index, in order (nothing moves).
    if (args.flags.has('r')) return void (await ctx.request('move-window', { renumber: true }));
    const view = await ctx.view();
    const to = /^(?:[^:]*:)?(\d+)$/.exec(value(args, 't') ?? '')?.[1];
    if (to === undefined) throw new ShimError('move-window: expects -t INDEX or -r');
    await ctx.request('move-window', { index: view.window(value(args, 's')).index, to: Number(to) });
  },
};

const rotateWindow: ShimCommand = {
  name: 'rotate-window',
  aliases: ['rotatew'],
  // -U (the default) moves the panes up a place, as prefix C-o; -D down, as prefix M-o.
  flags: 'DUZt:',
  run: async (ctx, args) => void (await ctx.request('rotate-window', { back: args.flags.has('D') })),
};

const nextLayout: ShimCommand = {
  name: 'next-layout',
  aliases: ['nextl'],
  flags: 't:',
  run: async (ctx, args) => void (await ctx.request('select-layout', { index: (await ctx.view()).window(value(args, 't')).index })),
};

export const MOVE_COMMANDS: ShimCommand[] = [swapPane, joinPane('join-pane', 'joinp'), joinPane('move-pane', 'movep'), breakPane, moveWindow, rotateWindow, nextLayout];
