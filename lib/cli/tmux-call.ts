// `thurm tmux ARGS`, and a tmux command's name where thurm has no command of that name
// (`thurm capture-pane -p -S -100`, `thurm list-panes -F '#{pane_id}'`): the tmux shim runs
// them, with tmux's flags, output and exit status. thurm's -s NAME and -S PATH before the
// command pick the session, as tmux's -L NAME and -S PATH do.

/** thurm's global options before the command, as tmux's, and where the command starts. */
function globalsOf(args: readonly string[]): { globals: string[]; at: number } {
  const globals: string[] = [];
  let at = 0;
  for (; at < args.length; at++) {
    const a = args[at];
    if ((a === '-s' || a === '--session') && at + 1 < args.length) globals.push('-L', args[++at]);
    else if ((a === '-S' || a === '--socket') && at + 1 < args.length) globals.push('-S', args[++at]);
    else break;
  }
  return { globals, at };
}

/** The tmux command line `thurm tmux ARGS` stands for, or null. */
export function tmuxPassThrough(args: readonly string[]): string[] | null {
  const { globals, at } = globalsOf(args);
  return args[at] === 'tmux' ? [...globals, ...args.slice(at + 1)] : null;
}

/** The tmux command line when the command's word is a tmux command's name and none of `thurmWords`, else null. */
export async function tmuxNamed(args: readonly string[], thurmWords: ReadonlySet<string>): Promise<string[] | null> {
  const { globals, at } = globalsOf(args);
  const word = args[at];
  if (word === undefined || thurmWords.has(word)) return null;
  const { isTmuxCommand } = await import('../tmux/shim.js');
  return isTmuxCommand(word) ? [...globals, ...args.slice(at)] : null;
}

/** Runs one tmux command line through the shim; its exit status. */
export async function runTmux(argv: string[]): Promise<number> {
  const { main } = await import('../tmux/shim.js');
  return main(argv);
}
