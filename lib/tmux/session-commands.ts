// tmux's session commands from outside any session, as agent orchestrators use them
// (`new-session -d -s NAME -x 200 -y 50 CMD`, `kill-session -t NAME`): a thurm server serves one
// session, so a session's name picks its socket (unless -L or -S chose one), and new-session
// starts that session's server as `thurm new` does.
import type { CliArgv } from '../cli/cli-commands.js';
import { ThurmError } from '../errors.js';
import { socketPath } from '../server/socket-path.js';
import { value } from './args.js';
import type { ShimCommand, ShimContext } from './context.js';
import { ShimError, shimMessage } from './errors.js';
import { commandArgv } from './pane-commands.js';
import { sourceFiles } from './script-commands.js';
import { checkSession } from './window-commands.js';

/** tmux's refusal to attach from inside a session (a pane, or a client's `:` prompt), which would nest it. */
function refuseNesting(ctx: ShimContext): void {
  if (process.env.TMUX || ctx.inClient) throw new ShimError('sessions should be nested with care, unset $TMUX to force');
}

const newSession: ShimCommand = {
  name: 'new-session',
  aliases: ['new'],
  flags: 'AdPc:F:n:s:x:y:',
  run: async (ctx, args) => {
    if (!args.flags.has('d')) refuseNesting(ctx);
    const name = value(args, 's') ?? 'default';
    const socket = ctx.explicit ? ctx.socket : socketPath(name);
    // tmux's size for a session no client sizes yet: 80x24, or what -x and -y say.
    const start: CliArgv = { _: [], cwd: value(args, 'c'), size: `${value(args, 'x') ?? 80}x${value(args, 'y') ?? 24}`, '--': commandArgv(args.rest) };
    const { startSession } = await import('../cli/start.js');
    try {
      await startSession(start, socket, name, args.flags.has('d') ? 'new-detached' : 'new');
    } catch (err) {
      if (!(err instanceof ThurmError && err.code === 'SESSION_EXISTS')) throw err;
      // -A: the session that runs is the one asked for (attached to without -d).
      if (!args.flags.has('A')) throw new ShimError(`duplicate session: ${name}`);
      if (!args.flags.has('d')) await startSession({ _: [] }, socket, name, 'default');
      return;
    }
    const started = ctx.at(socket);
    // -f FILE: tmux reads it as the server starts, so it sets up the new session; what fails is
    // told and the session stays, as tmux's does (-f /dev/null has nothing to run).
    const config = ctx.configFile;
    if (config !== undefined) {
      const { runCommands } = await import('./shim.js');
      await sourceFiles([config], { quiet: false, readOnly: false }, (commands) => runCommands(started, commands))
        .catch((err: Error) => process.stderr.write(shimMessage(err)));
    }
    const n = value(args, 'n');
    if (n !== undefined) await started.request('rename-window', { index: (await started.view()).current.index, name: n });
    if (args.flags.has('P')) {
      const view = await started.view();
      started.print([started.format(view, view.selfPane, value(args, 'F') ?? '#{session_name}:')]);
    }
  },
};

const killSession: ShimCommand = {
  name: 'kill-session',
  flags: 't:',
  run: async (ctx, args) => {
    // The context is already the named session's when it runs (shim.ts, forTarget).
    const target = value(args, 't');
    const view = await ctx.view().catch(() => {
      throw new ShimError(`can't find session: ${target?.replace(/^=/, '').split(':')[0] ?? ''}`);
    });
    checkSession(view, target);
    await ctx.request('kill-server', {});
  },
};

const attachSession: ShimCommand = {
  name: 'attach-session',
  aliases: ['attach', 'a'],
  flags: 'rt:',
  run: async (ctx, args) => {
    refuseNesting(ctx);
    // The context is the named session's already (shim.ts, forTarget); another name is none here.
    const view = await ctx.view();
    checkSession(view, value(args, 't'));
    const [{ Connection }, { attach }] = await Promise.all([import('../cli/connection.js'), import('../cli/attach.js')]);
    await attach(await Connection.open(ctx.socket), view.info.session, args.flags.has('r'));
  },
};

const killServer: ShimCommand = {
  name: 'kill-server',
  flags: '',
  // A thurm server serves one session: it is that session's (-L, -S or the caller's).
  run: async (ctx) => void (await ctx.request('kill-server', {})),
};

/** A client as list-clients names it (`client 2`, or `2`), as a request's `client` field; none when none is named. */
function clientOf(named: string | undefined): { client?: string } {
  if (named === undefined) return {};
  const client = /^(?:client )?(\d+)$/.exec(named)?.[1];
  if (client === undefined) throw new ShimError(`can't find client: ${named}`);
  return { client };
}

const detachClient: ShimCommand = {
  name: 'detach-client',
  aliases: ['detach'],
  // -t names a client as list-clients does (`client 2`); without it, every client of the session.
  flags: 'aPs:t:E:',
  run: async (ctx, args) => {
    await ctx.request('detach', clientOf(value(args, 't')));
  },
};

const switchClient: ShimCommand = {
  name: 'switch-client',
  aliases: ['switchc'],
  // -c names a client as list-clients does; -t a session (`name`, `=name`, `name:window`); -n, -p the next or previous one.
  flags: 'ElnprZc:t:T:',
  targetElsewhere: true,
  run: async (ctx, args) => {
    const client = clientOf(value(args, 'c'));
    const target = value(args, 't')?.replace(/^=/, '').split(':')[0];
    if (args.flags.has('l')) throw new ShimError('switch-client: -l is prefix L in a client (thurm keeps no last session in the server)');
    const pick = args.flags.has('n') ? { next: true } : args.flags.has('p') ? { previous: true } : target ? { target } : null;
    if (!pick) throw new ShimError('switch-client: expects -t SESSION, -n or -p');
    await ctx.request('switch-client', { ...pick, ...client });
  },
};

const displayPanes: ShimCommand = {
  name: 'display-panes',
  aliases: ['displayp'],
  // -t names a client, as list-clients does; -d, -b and -N are taken: thurm shows them for display-panes-time.
  flags: 'bNd:t:',
  targetElsewhere: true,
  run: async (ctx, args) => void (await ctx.request('display-panes', clientOf(value(args, 't')))),
};

const clockMode: ShimCommand = {
  name: 'clock-mode',
  // Over the focused pane of the client that typed last (-t's pane is where tmux would draw it).
  flags: 't:',
  run: async (ctx) => void (await ctx.request('clock-mode', {})),
};

export const SESSION_COMMANDS: ShimCommand[] = [newSession, killSession, attachSession, killServer, detachClient, switchClient, displayPanes, clockMode];
