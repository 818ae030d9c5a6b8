// Commands scripts use to work together and to branch: wait-for (lib/commands/wait-for.ts holds
// the channels in the server, which every tmux call of the session reaches), run-shell and
// if-shell (a shell command run by the calling process, in its folder, as tmux runs it for the
// client that asked), source-file, and the tmux commands these take as text (command-string.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { constants } from 'node:os';
import { value, type Parsed } from './args.js';
import { parseCommandLines, parseCommands } from './command-string.js';
import type { ShimCommand, ShimContext } from './context.js';
import { ShimError } from './errors.js';
import { truthy } from './format.js';

const waitFor: ShimCommand = {
  name: 'wait-for',
  aliases: ['wait'],
  flags: 'LSU',
  run: async (ctx, args) => {
    if (args.rest.length !== 1) throw new ShimError('wait-for: expects one argument: the channel');
    const chosen = (['S', 'L', 'U'] as const).filter((f) => args.flags.has(f));
    if (chosen.length > 1) throw new ShimError('wait-for: -L, -S and -U exclude each other');
    const action = chosen.length ? ({ S: 'signal', L: 'lock', U: 'unlock' } as const)[chosen[0]] : 'wait';
    await ctx.request('wait-for', { channel: args.rest[0], action }, action === 'wait' || action === 'lock');
  },
};

/** `text` with its formats expanded for the target pane (asking the server only when it has any). */
async function expandFor(ctx: ShimContext, args: Parsed, text: string): Promise<string> {
  if (!text.includes('#')) return text;
  const view = await ctx.view();
  return ctx.format(view, view.paneTarget(value(args, 't')), text);
}

interface ShellResult { status: number; signal: NodeJS.Signals | null; out: string }

/** Runs `/bin/sh -c command` to its end, with no input, keeping its stdout when `keep` (stderr goes nowhere, as with tmux). */
function shell(command: string, keep: boolean): Promise<ShellResult> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', command], { stdio: ['ignore', keep ? 'pipe' : 'ignore', 'ignore'] });
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (text: string) => { out += text; });
    child.once('error', () => resolve({ status: 127, signal: null, out }));
    child.once('close', (status, signal) => resolve({ status: status ?? 0, signal, out }));
  });
}

const runShell: ShimCommand = {
  name: 'run-shell',
  aliases: ['run'],
  flags: 'bCd:t:',
  run: async (ctx, args, run) => {
    const delay = value(args, 'd');
    const seconds = delay === undefined ? 0 : Number(delay);
    if (delay !== undefined && (delay.trim() === '' || !Number.isFinite(seconds) || seconds < 0)) throw new ShimError(`invalid delay time: ${delay}`);
    if (args.rest.length > 1) throw new ShimError('run-shell: expects at most one argument: the command');
    const [command] = args.rest;
    if (seconds) await new Promise((r) => setTimeout(r, seconds * 1000));
    if (command === undefined) return;
    if (args.flags.has('C')) {
      await run(parseCommands(command));
      return;
    }
    const expanded = await expandFor(ctx, args, command);
    if (args.flags.has('b')) {
      spawn('/bin/sh', ['-c', expanded], { stdio: 'ignore', detached: true }).unref();
      return;
    }
    // As tmux prints it for a command line: each line of its output, then how it failed.
    const { status, signal, out } = await shell(expanded, true);
    if (out) ctx.out(out.endsWith('\n') ? out : `${out}\n`);
    if (signal) {
      const number = constants.signals[signal];
      ctx.out(`'${expanded}' terminated by signal ${number}\n`);
      ctx.result.status = 128 + number;
    } else if (status !== 0) {
      ctx.out(`'${expanded}' returned ${status}\n`);
      ctx.result.status = status;
    }
  },
};

const ifShell: ShimCommand = {
  name: 'if-shell',
  aliases: ['if'],
  flags: 'bFt:',
  run: async (ctx, args, run) => {
    if (args.rest.length < 2 || args.rest.length > 3) throw new ShimError('if-shell: expects a condition, a command and maybe another');
    const [condition, then, otherwise] = args.rest;
    const expanded = await expandFor(ctx, args, condition);
    // -F: the condition is a format, true unless empty or 0; else a shell command, true when it succeeds.
    const holds = args.flags.has('F') ? truthy(expanded) : (await shell(expanded, false)).status === 0;
    const chosen = holds ? then : otherwise;
    if (chosen !== undefined) await run(parseCommands(chosen));
  },
};

const sourceFile: ShimCommand = {
  name: 'source-file',
  aliases: ['source'],
  flags: 'nq',
  run: async (_ctx, args, run) => {
    if (!args.rest.length) throw new ShimError('source-file: expects a path');
    await sourceFiles(args.rest, { quiet: args.flags.has('q'), readOnly: args.flags.has('n') }, run);
  },
};

/**
 * Runs files of tmux commands as tmux does (source-file, and -f for a session it starts): each
 * one that fails is told (FILE:LINE: why) and the others still run; `quiet` says nothing of a
 * file that is not there, `readOnly` only reads the files.
 */
export async function sourceFiles(files: readonly string[], how: { quiet: boolean; readOnly: boolean }, run: (commands: string[][]) => Promise<void>): Promise<void> {
  const causes: string[] = [];
  for (const file of files) {
    let commands: { line: number; words: string[] }[];
    try {
      commands = parseCommandLines(fs.readFileSync(file, 'utf8'));
    } catch (err) {
      const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
      if (!(missing && how.quiet)) causes.push(`${file}: ${missing ? 'No such file or directory' : (err as Error).message}`);
      continue;
    }
    if (how.readOnly) continue;
    for (const { line, words } of commands) await run([words]).catch((err: Error) => causes.push(`${file}:${line}: ${err.message}`));
  }
  if (causes.length) throw new ShimError(causes.join('; '));
}

export const SCRIPT_COMMANDS: ShimCommand[] = [waitFor, runShell, ifShell, sourceFile];
