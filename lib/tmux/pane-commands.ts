// tmux's pane commands, each as the thurm requests that do the same: split-window, respawn-pane,
// select-pane, kill-pane and resize-pane (send-keys and capture-pane are in pane-io.ts).
import { value, type Parsed } from './args.js';
import type { ShimCommand, ShimContext } from './context.js';
import { ShimError } from './errors.js';

/** A tmux shell-command: one word runs in the shell (`sh -c`), several are the argv itself. */
export function commandArgv(words: string[]): string[] | undefined {
  if (!words.length) return undefined;
  if (words.length > 1) return words;
  return [process.env.SHELL || '/bin/sh', '-c', words[0]];
}

/** Prints the new pane in `-F`'s format (tmux's default without it) when `-P` asks. */
async function printPane(ctx: ShimContext, args: Parsed, id: string): Promise<void> {
  if (!args.flags.has('P')) return;
  const view = await ctx.view();
  ctx.print([ctx.format(view, view.paneTarget(`%${id}`), value(args, 'F') ?? '#{session_name}:#{window_index}.#{pane_index}')]);
}

const splitWindow: ShimCommand = {
  name: 'split-window',
  aliases: ['splitw'],
  flags: 'dhvPc:e:F:l:p:t:',
  run: async (ctx, args) => {
    const target = (await ctx.view()).paneTarget(value(args, 't'));
    const l = value(args, 'l'), p = value(args, 'p');
    const { pane } = await ctx.request('split', {
      pane: target.id,
      direction: args.flags.has('h') ? 'right' : 'down',
      cwd: value(args, 'c'),
      argv: commandArgv(args.rest),
      size: p !== undefined ? `${p}%` : l,
      detached: args.flags.has('d'),
      env: args.repeated.get('e'),
    });
    await printPane(ctx, args, pane);
  },
};

const respawnPane: ShimCommand = {
  name: 'respawn-pane',
  aliases: ['respawnp'],
  flags: 'kc:t:',
  run: async (ctx, args) => {
    const target = (await ctx.view()).paneTarget(value(args, 't'));
    await ctx.request('respawn-pane', { pane: target.id, kill: args.flags.has('k'), cwd: value(args, 'c'), argv: commandArgv(args.rest) });
  },
};

export const DIRECTIONS: Record<string, 'left' | 'right' | 'up' | 'down'> = { L: 'left', R: 'right', U: 'up', D: 'down' };

const selectPane: ShimCommand = {
  name: 'select-pane',
  aliases: ['selectp'],
  // -P (style) and -Z (keep zoom) are accepted; thurm draws its own borders.
  flags: 'DLRUZmMP:T:t:',
  run: async (ctx, args) => {
    // -m marks the target (again: unmarks it), -M unmarks; neither selects it.
    if (args.flags.has('M')) return void (await ctx.request('mark', { clear: true }));
    const target = (await ctx.view()).paneTarget(value(args, 't'));
    if (args.flags.has('m')) return void (await ctx.request('mark', { pane: target.id }));
    const title = value(args, 'T');
    // As in tmux, -T and -P only change the pane; they do not select it.
    if (title !== undefined) return void (await ctx.request('rename-pane', { pane: target.id, title }));
    if (args.flags.has('P')) return;
    await ctx.request('focus', { pane: target.id });
    const heading = [...args.flags.keys()].find((f) => DIRECTIONS[f]);
    if (heading) await ctx.request('focus', { direction: DIRECTIONS[heading] });
  },
};

const killPane: ShimCommand = {
  name: 'kill-pane',
  aliases: ['killp'],
  flags: 'at:',
  run: async (ctx, args) => {
    const view = await ctx.view();
    const target = view.paneTarget(value(args, 't'));
    const doomed = args.flags.has('a') ? view.windowOf(target).panes.filter((id) => id !== target.id) : [target.id];
    for (const id of doomed) await ctx.request('kill-pane', { pane: id });
  },
};

const clearHistory: ShimCommand = {
  name: 'clear-history',
  aliases: ['clearhist'],
  // -H (tmux 3.4: also the pane's hyperlinks) changes nothing more here.
  flags: 'Ht:',
  run: async (ctx, args) => void (await ctx.request('clear-history', { pane: (await ctx.view()).paneTarget(value(args, 't')).id })),
};

const resizePane: ShimCommand = {
  name: 'resize-pane',
  aliases: ['resizep'],
  flags: 'DLRUZt:x:y:',
  run: async (ctx, args) => {
    const target = (await ctx.view()).paneTarget(value(args, 't'));
    if (args.flags.has('Z')) return void (await ctx.request('zoom', { pane: target.id }));
    const x = value(args, 'x'), y = value(args, 'y');
    if (x !== undefined || y !== undefined) await ctx.request('resize-pane', { pane: target.id, width: x, height: y });
    const heading = [...args.flags.keys()].find((f) => DIRECTIONS[f]);
    if (!heading) return;
    const cells = args.rest.length ? Number(args.rest[0]) : 1;
    if (!Number.isInteger(cells) || cells < 1) throw new ShimError(`resize-pane: adjustment is invalid: ${args.rest[0]}`);
    await ctx.request('resize-pane', { pane: target.id, direction: DIRECTIONS[heading], cells });
  },
};

const lastPane: ShimCommand = {
  name: 'last-pane',
  aliases: ['lastp'],
  flags: 't:',
  run: async (ctx, args) => {
    const w = (await ctx.view()).window(value(args, 't'));
    if (w.lastPane === null) throw new ShimError('no last pane');
    await ctx.request('focus', { pane: w.lastPane });
  },
};

export const PANE_COMMANDS: ShimCommand[] = [splitWindow, respawnPane, selectPane, lastPane, killPane, clearHistory, resizePane];
