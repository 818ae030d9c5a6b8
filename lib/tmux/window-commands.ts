// tmux's window and session commands on thurm's windows: new-window, select-window,
// kill-window, rename-window, list-windows, select-layout, resize-window, has-session,
// list-sessions, rename-session.
import { PRESETS } from '../session/layout-presets.js';
import { value, type Parsed } from './args.js';
import type { ShimCommand, ShimContext } from './context.js';
import { ShimError } from './errors.js';
import { commandArgv, DIRECTIONS } from './pane-commands.js';
import type { SessionView } from './session-view.js';

/** thurm's preset layouts are tmux's; a unique prefix names one, as in tmux. */

const windowIndex = async (ctx: ShimContext, args: Parsed) => (await ctx.view()).window(value(args, 't')).index;

/** A new window's `-t`: a session, or a free index it should take. */
function newWindowIndex(view: SessionView, target: string | undefined): number | null {
  if (target === undefined) return null;
  const index = /^(?:[^:]*:)?(\d+)$/.exec(target)?.[1];
  if (index === undefined) {
    view.window(target);
    return null;
  }
  if (view.info.windows.some((w) => w.index === Number(index))) throw new ShimError(`create window failed: index ${index} in use`);
  return Number(index);
}

const newWindow: ShimCommand = {
  name: 'new-window',
  aliases: ['neww'],
  flags: 'dPc:e:F:n:t:',
  run: async (ctx, args) => {
    const index = newWindowIndex(await ctx.view(), value(args, 't'));
    const { pane } = await ctx.request('new-window', {
      name: value(args, 'n'), cwd: value(args, 'c'), argv: commandArgv(args.rest), detached: args.flags.has('d'), env: args.repeated.get('e'),
    });
    if (index !== null) await ctx.request('move-window', { index: (await ctx.view()).window(`%${pane}`).index, to: index });
    if (!args.flags.has('P')) return;
    const view = await ctx.view();
    ctx.print([ctx.format(view, view.paneTarget(`%${pane}`), value(args, 'F') ?? '#{session_name}:#{window_index}.#{pane_index}')]);
  },
};

const selectWindow: ShimCommand = {
  name: 'select-window',
  aliases: ['selectw'],
  flags: 'lnpt:',
  run: async (ctx, args) => {
    if (args.flags.has('l')) return void (await ctx.request('select-window', { last: true }));
    if (args.flags.has('n')) return void (await ctx.request('select-window', { next: true }));
    if (args.flags.has('p')) return void (await ctx.request('select-window', { previous: true }));
    await ctx.request('select-window', { index: await windowIndex(ctx, args) });
  },
};

/** next-window and previous-window (`-a`: the next one where a pane needs you, thurm's alert), last-window. */
const stepWindow = (name: string, alias: string, field: 'next' | 'previous' | 'last'): ShimCommand => ({
  name,
  aliases: [alias],
  flags: field === 'last' ? 't:' : 'at:',
  run: async (ctx, args) => void (await ctx.request('select-window', { [field]: true, ...(args.flags.has('a') && { alert: true }) })),
});

const killWindow: ShimCommand = {
  name: 'kill-window',
  aliases: ['killw'],
  flags: 'at:',
  run: async (ctx, args) => {
    const view = await ctx.view();
    const target = view.window(value(args, 't'));
    const doomed = args.flags.has('a') ? view.info.windows.filter((w) => w !== target) : [target];
    for (const w of doomed) await ctx.request('kill-window', { index: w.index });
  },
};

const renameWindow: ShimCommand = {
  name: 'rename-window',
  aliases: ['renamew'],
  flags: 't:',
  run: async (ctx, args) => {
    if (args.rest.length !== 1) throw new ShimError('rename-window: expects a new name');
    await ctx.request('rename-window', { index: await windowIndex(ctx, args), name: args.rest[0] });
  },
};

const listWindows: ShimCommand = {
  name: 'list-windows',
  aliases: ['lsw'],
  flags: 'aF:f:t:',
  run: async (ctx, args) => {
    // tmux 3.3a's lines (with -a it leaves out the layout and the id, and ends in a space).
    const format = value(args, 'F') ?? (args.flags.has('a')
      ? '#{session_name}:#{window_index}: #{window_name}#{window_raw_flags} (#{window_panes} panes) [#{window_width}x#{window_height}] '
      : '#{window_index}: #{window_name}#{window_raw_flags} (#{window_panes} panes) [#{window_width}x#{window_height}] [layout #{window_layout}] #{window_id}#{?window_active, (active),}');
    const filter = value(args, 'f');
    // -a: the windows of every session; else the target's session's.
    const sessions = args.flags.has('a') ? await ctx.sessions() : [{ session: ctx, view: await ctx.view() }];
    const lines = sessions.flatMap(({ session, view }) => view.info.windows.map((w) => session.listLine(view, view.paneTarget(`%${w.active}`), format, filter)));
    ctx.print(lines.filter((l) => l !== null));
  },
};

const selectLayout: ShimCommand = {
  name: 'select-layout',
  aliases: ['selectl'],
  flags: 'Ent:',
  run: async (ctx, args) => {
    const index = await windowIndex(ctx, args);
    const name = args.rest[0];
    if (args.flags.has('E') || (name === undefined && !args.flags.has('n'))) return void (await ctx.request('equalize', {}));
    // A layout string (`5e2f,120x40,0,0{...}`), as #{window_layout} gives it.
    if (name !== undefined && /^[0-9a-f]{4},/.test(name)) return void (await ctx.request('select-layout', { index, custom: name }));
    const matches = name === undefined ? [] : PRESETS.filter((l) => l.startsWith(name));
    if (name !== undefined && matches.length !== 1) throw new ShimError(`unsupported: select-layout ${name} (thurm has ${PRESETS.join(', ')}, or a layout string)`);
    await ctx.request('select-layout', { index, layout: matches[0] });
  },
};

/** A session target: thurm serves one session per socket, named, and `$0`. */
export function checkSession(view: SessionView, target: string | undefined): void {
  const name = target?.replace(/^=/, '').split(':')[0];
  if (name && name !== view.info.session && name !== '$0') throw new ShimError(`can't find session: ${name}`);
}

const respawnWindow: ShimCommand = {
  name: 'respawn-window',
  aliases: ['respawnw'],
  // As tmux's: the window's panes but the first are closed and the first starts again, filling it;
  // without -k a window with a program still running is refused.
  flags: 'kc:t:',
  run: async (ctx, args) => {
    const view = await ctx.view();
    const w = view.window(value(args, 't'));
    const panes = w.panes.map((id) => view.paneTarget(`%${id}`));
    if (!args.flags.has('k') && panes.some((p) => p.exit === null)) throw new ShimError(`window ${view.info.session}:${w.index} still active`);
    for (const p of panes.slice(1)) await ctx.request('kill-pane', { pane: p.id });
    await ctx.request('respawn-pane', { pane: panes[0].id, kill: true, cwd: value(args, 'c'), argv: commandArgv(args.rest) });
  },
};

const resizeWindow: ShimCommand = {
  name: 'resize-window',
  aliases: ['resizew'],
  // thurm's window size is the session's: -t names a window of it all the same.
  flags: 'aADLRUt:x:y:',
  run: async (ctx, args) => {
    const number = (flag: string, what: string, text = value(args, flag)) => {
      if (text === undefined) return undefined;
      if (!/^\d{1,4}$/.test(text) || Number(text) < 1) throw new ShimError(`resize-window: ${what} is invalid: ${text}`);
      return Number(text);
    };
    const heading = [...args.flags.keys()].find((f) => DIRECTIONS[f]);
    await ctx.request('resize-window', {
      cols: number('x', 'width'), rows: number('y', 'height'), direction: heading ? DIRECTIONS[heading] : undefined,
      cells: number('', 'adjustment', args.rest[0]) ?? 1, largest: args.flags.has('A'), smallest: args.flags.has('a'),
    });
  },
};

const hasSession: ShimCommand = {
  name: 'has-session',
  aliases: ['has'],
  flags: 't:',
  run: async (ctx, args) => checkSession(await ctx.view(), value(args, 't')),
};

const listSessions: ShimCommand = {
  name: 'list-sessions',
  aliases: ['ls'],
  flags: 'F:f:',
  run: async (ctx, args) => {
    const format = value(args, 'F') ?? '#{session_name}: #{session_windows} windows (created #{t:session_created})#{?session_attached, (attached),}';
    const filter = value(args, 'f');
    const lines = (await ctx.sessions()).map(({ session, view }) => session.listLine(view, view.selfPane, format, filter));
    ctx.print(lines.filter((l) => l !== null));
  },
};

const renameSession: ShimCommand = {
  name: 'rename-session',
  aliases: ['rename'],
  flags: 't:',
  run: async (ctx, args) => {
    if (args.rest.length !== 1) throw new ShimError('rename-session: expects a new name');
    checkSession(await ctx.view(), value(args, 't'));
    await ctx.request('rename-session', { name: args.rest[0] });
  },
};

export const WINDOW_COMMANDS: ShimCommand[] = [newWindow, selectWindow, stepWindow('next-window', 'next', 'next'), stepWindow('previous-window', 'prev', 'previous'), stepWindow('last-window', 'last', 'last'), killWindow, renameWindow, listWindows, selectLayout, resizeWindow, respawnWindow, hasSession, listSessions, renameSession];
