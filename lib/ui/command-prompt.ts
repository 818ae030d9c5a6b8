// Prefix `:` runs any thurm command typed with the CLI's own syntax (`split --down`,
// `select-layout tiled`, `rename-window build`): the words are parsed by the CLI's parser from
// the same declarations, and become the same socket request the CLI would send. A line thurm's
// syntax does not read whose first word names a tmux command (`split-window -h`, `resize-pane -L
// 5`, `neww`) is run by the tmux shim, as tmux's own prompt would run it.
import type { CliArgv, CliCommand } from '../cli/cli-commands.js';
import { parseFast } from '../cli/fast-path.js';
import { cliRequest, cliShape, cliWord } from '../commands/cli-args.js';
import type { Command } from '../commands/command.js';
import { COMMANDS } from '../commands/index.js';
import type { Reply } from '../server/protocol.js';

const MAX_HISTORY = 50;

/** Splits a line into words as a shell would for plain cases: spaces, '...' and "..." quotes. */
export function splitWords(line: string): string[] | null {
  const words: string[] = [];
  let word: string | null = null;
  let quote: string | null = null;
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = null;
      else word += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      word ??= '';
    } else if (ch === ' ' || ch === '\t') {
      if (word !== null) words.push(word);
      word = null;
    } else word = (word ?? '') + ch;
  }
  if (quote) return null;
  if (word !== null) words.push(word);
  return words;
}

const entries: { cli: CliCommand; command: Command<any, any> }[] = COMMANDS.filter((c) => !c.socketOnly).map((command) => ({
  command,
  cli: { ...cliShape(command), run: () => {} },
}));

/** The requests a typed command line stands for (several for a long `send`), or an error text. */
export function promptRequests(line: string, focused: string | null): Record<string, unknown>[] | string {
  const words = splitWords(line.trim());
  if (!words) return 'unterminated quote';
  if (!words.length) return [];
  const parsed = parseFast(words, entries.map((e) => e.cli));
  if (!parsed) return `not a command thurm knows in this form: ${line.trim().slice(0, 80)} (see thurm --help)`;
  const { command } = entries.find((e) => e.cli === parsed.command)!;
  const argv: CliArgv = { ...parsed.argv, inheritedPane: focused ?? undefined };
  const request = cliRequest(command, argv);
  return (command.split?.(request) ?? [request]).map((r) => ({ type: command.name, ...r }));
}

/** Command names that start with `prefix` (Tab completes the first word). */
export function completions(prefix: string): string[] {
  return entries.map((e) => (e.command.group ? `${e.command.group} ${cliWord(e.command)}` : cliWord(e.command)))
    .filter((n) => n.startsWith(prefix)).sort();
}

/** A client's prompt history, newest last. */
export class PromptHistory {
  private readonly lines: string[] = [];
  private at = 0;

  add(line: string): void {
    if (line && this.lines[this.lines.length - 1] !== line) this.lines.push(line);
    if (this.lines.length > MAX_HISTORY) this.lines.shift();
    this.at = this.lines.length;
  }

  /** The line `step` entries back (-1) or forward (+1) from where browsing is. */
  move(step: number): string {
    this.at = Math.min(Math.max(this.at + step, 0), this.lines.length);
    return this.lines[this.at] ?? '';
  }
}

/**
 * Runs `line` as tmux commands in the session served on `socket`, each request run by `run` (in
 * the server, as the client's), as the focused pane's: null when its first word names no tmux
 * command, else what it printed (display-message -p, list-panes...) or the shim's error, for the
 * status line.
 */
export async function runTmuxLine(line: string, socket: string, focused: string | null, run: (request: Record<string, unknown>) => Promise<Reply>): Promise<string | null> {
  const [{ parseCommands }, { ShimContext }, { isTmuxCommand, runCommands }, { shimMessage }] = await Promise.all([
    import('../tmux/command-string.js'), import('../tmux/context.js'), import('../tmux/shim.js'), import('../tmux/errors.js'),
  ]);
  let out = '';
  try {
    const commands = parseCommands(line);
    if (!commands.length || !isTmuxCommand(commands[0][0])) return null;
    const send = async (type: string, fields: Record<string, unknown>) => {
      const reply = await run({ id: 0, type, ...fields });
      if (!reply.ok) throw new Error(reply.error.message);
      return reply.result;
    };
    const ctx = new ShimContext(socket, focused ?? undefined, (text) => { out += text; }, { send, inClient: true });
    await runCommands(ctx, commands);
    return out.trim();
  } catch (err) {
    return shimMessage(err).trim();
  }
}
