// thurm's tmux shim: the `tmux` that panes find first on their PATH (pty/tmux-shim-env.ts, which
// runs main.ts), `thurm tmux ARGS`, and `thurm` given a tmux command's name. It answers the tmux
// commands tools use (Claude Code's Agent Teams, scripts) with requests to the session's server,
// the same the thurm CLI sends; anything else fails, saying what. Like the CLI's fast path it
// loads only what a call needs (no yargs): every call is a new process.
import path from 'node:path';
import { socketPath } from '../server/socket-path.js';
import { parseArgs, value } from './args.js';
import { BUFFER_COMMANDS } from './buffer-commands.js';
import { ShimContext, type ShimCommand } from './context.js';
import { ShimError, shimMessage } from './errors.js';
import { MOVE_COMMANDS } from './move-commands.js';
import { OPTION_COMMANDS } from './option-commands.js';
import { PANE_COMMANDS } from './pane-commands.js';
import { PANE_IO_COMMANDS } from './pane-io.js';
import { SCRIPT_COMMANDS } from './script-commands.js';
import { SESSION_COMMANDS } from './session-commands.js';
import { TMUX_VERSION } from './session-view.js';
import { WINDOW_COMMANDS } from './window-commands.js';

const COMMANDS: ShimCommand[] = [...PANE_COMMANDS, ...MOVE_COMMANDS, ...PANE_IO_COMMANDS, ...BUFFER_COMMANDS, ...WINDOW_COMMANDS, ...SESSION_COMMANDS, ...OPTION_COMMANDS, ...SCRIPT_COMMANDS];

/** The command whose full name or alias `word` is. */
const named = (word: string): ShimCommand | undefined => COMMANDS.find((c) => c.name === word || c.aliases?.includes(word));

/** Whether `word` is the full name or an alias of a tmux command the shim answers. */
export function isTmuxCommand(word: string): boolean {
  return named(word) !== undefined;
}

/** A command by its name, an alias, or (as tmux allows) a prefix of one name only. */
function lookup(name: string): ShimCommand {
  const exact = named(name);
  if (exact) return exact;
  const prefixed = COMMANDS.filter((c) => c.name.startsWith(name));
  if (prefixed.length === 1 && name.length > 1) return prefixed[0];
  throw new ShimError(`unsupported: ${name}`);
}

/** Commands separated by `;` words (tmux's `\;`), each with its words. */
function sequence(words: string[]): string[][] {
  const out: string[][] = [[]];
  for (const w of words) {
    if (w === ';') out.push([]);
    else out[out.length - 1].push(w.endsWith('\\;') ? w.slice(0, -2) : w);
  }
  return out.filter((c) => c.length);
}

/** Runs tmux commands, each as its words, in order; the first that fails stops them. */
export async function runCommands(ctx: ShimContext, commands: string[][]): Promise<void> {
  for (const [name, ...words] of commands) {
    const command = lookup(name);
    const args = parseArgs(command.name, command.flags, words);
    await command.run(command.targetElsewhere ? ctx : ctx.forTarget(value(args, 't')), args, (more) => runCommands(ctx, more));
  }
}

/** Runs one tmux command line; resolves with the exit status (1 for any failure, as tmux). */
export async function main(argv = process.argv.slice(2)): Promise<number> {
  let ctx: ShimContext | null = null;
  try {
    // tmux's own flags, before the command: -S socket, -L name, -f config, -V; the others change nothing here.
    const global = parseArgs('tmux', '2CDluvNVc:f:L:S:T:', argv);
    if (global.flags.has('V')) {
      process.stdout.write(`tmux ${TMUX_VERSION}\n`);
      return 0;
    }
    const socket = socketPath(value(global, 'L'), value(global, 'S'));
    const own = process.env.THURM_SOCKET ?? process.env.TMUX?.split(',')[0];
    const self = own && path.resolve(own) === socket ? process.env.TMUX_PANE?.replace(/^%/, '') : undefined;
    ctx = new ShimContext(socket, self, (text) => process.stdout.write(text), { explicit: value(global, 'L') !== undefined || value(global, 'S') !== undefined, configFile: value(global, 'f') });
    const commands = sequence(global.rest);
    if (!commands.length) throw new ShimError('unsupported: tmux without a command (to attach, run thurm attach)');
    await runCommands(ctx, commands);
    return ctx.result.status;
  } catch (err) {
    process.stderr.write(shimMessage(err));
    return 1;
  } finally {
    await ctx?.close();
  }
}
