// What a restore does with each saved pane: which shell it gets, in which directory, and
// which command (if any) is typed into that shell to resume the agent that ran there. Pure:
// `thurm restore --dry-run` prints the same plan the server carries out.
//
// A resume command is an argv from a report, a built-in agent or a `[[session.resume]]` rule;
// it is quoted for the shell it is typed into, argument by argument, so the shell runs exactly
// that argv: no expansion, no placeholders.
import path from 'node:path';
import { commandName } from '../command-line.js';
import { shellRuns } from './shell-args.js';
import type { PaneSnapshot } from './snapshot.js';

export type ShellSyntax = 'posix' | 'fish';

/** The shells a command can be typed into safely; anything else gets no automatic resume. */
export function shellSyntax(shell: string): ShellSyntax | null {
  const name = path.basename(shell).replace(/^-/, '');
  if (name === 'fish') return 'fish';
  return /^(sh|bash|zsh|dash|ksh|mksh|ksh93|pdksh|oksh)$/.test(name) ? 'posix' : null;
}

/** Words typed as they are. Not one that starts with `=`: zsh expands `=cmd` to cmd's path. */
const BARE = /^[A-Za-z0-9_@%+:,./-][A-Za-z0-9_@%+=:,./-]*$/;

/** One argument as a word of the shell's syntax that means exactly that text. */
export function quoteArg(arg: string, syntax: ShellSyntax): string {
  if (BARE.test(arg)) return arg;
  return quoted(arg, syntax);
}

function quoted(arg: string, syntax: ShellSyntax): string {
  // fish single quotes keep everything but `\\` and `\'`; POSIX ones keep everything but `'`.
  if (syntax === 'fish') return `'${arg.replace(/[\\']/g, (c) => `\\${c}`)}'`;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

export function commandLine(argv: string[], syntax: ShellSyntax): string {
  // A first word with `=` bare would be a variable assignment, not the command.
  return argv.map((a, i) => (i === 0 && a.includes('=') ? quoted(a, syntax) : quoteArg(a, syntax))).join(' ');
}

/** `[[session.resume]]`: a program (by name) and the argv that resumes it. */
export interface ResumeRule { match: string; argv: string[] }

/** Agents thurm knows how to resume from a session id alone, started as they were (else by name). */
const BUILT_IN: Record<string, (id: string, program: string[] | null) => string[]> = {
  'claude-code': (id, program) => [...program ?? ['claude'], '--resume', id],
  codex: (id, program) => [...program ?? ['codex'], 'resume', id],
};

export type RestoreOutcome = 'restored' | 'resumed' | 'shell only' | 'skipped' | 'failed';

export interface PanePlan {
  id: string;
  /** What the pane runs. */
  argv: string[];
  cwd: string;
  /** Typed into the shell once it starts (a resume command and Enter). */
  typed: string | null;
  outcome: RestoreOutcome;
  /** Why, in a few words (shown by `thurm restore` and in the border when resume was skipped). */
  detail: string;
}

export interface PlanOptions {
  resumeAgents: boolean;
  rules: ResumeRule[];
  /** The user's shell, for panes that ran something else or gave a shell a command. */
  shell: string;
  /** Whether a path is a shell the system lists (/etc/shells, also by its real path). */
  isListedShell(path: string): boolean;
  isDirectory(dir: string): boolean;
  home: string;
}

/** The resume argv for a saved pane and where it came from, or null. */
export function resumeCommand(p: PaneSnapshot, rules: ResumeRule[]): { argv: string[]; from: string } | null {
  if (p.agent?.resume) return { argv: p.agent.resume, from: `reported by ${p.agent.agent}` };
  const builtIn = p.agent && BUILT_IN[p.agent.agent];
  if (builtIn) return { argv: builtIn(p.agent!.sessionId, p.agent!.program), from: `${p.agent!.agent} session ${p.agent!.sessionId}` };
  const name = p.foreground ? commandName(p.foreground) : null;
  const rule = name ? rules.find((r) => r.match === name) : undefined;
  return rule ? { argv: rule.argv, from: `rule for ${rule.match}` } : null;
}

/** The nearest directory that still exists: the saved one, a parent, else home. */
function existingDir(dir: string, opts: PlanOptions): string {
  for (let d = dir; ; d = path.dirname(d)) {
    if (path.isAbsolute(d) && opts.isDirectory(d)) return d;
    if (d === path.dirname(d)) return opts.home;
  }
}

/** How a detail names a command it will not run again: the shell's words, quoted, capped. */
function quotedCommand(argv: string[], syntax: ShellSyntax): string {
  const line = [...commandLine([path.basename(argv[0]), ...argv.slice(1)], syntax)];
  return line.length > 60 ? `${line.slice(0, 59).join('')}…` : line.join('');
}

/** The flags a plain shell may have been started with: login and interactive, nothing that reads a file. */
const PLAIN_SHELL_FLAG = /^(-[il]+|--login|--interactive)$/;

/**
 * Started again as it was only when it is a bare shell: its name found on PATH, or a path the
 * system lists as a shell, with login or interactive flags at most. `bash --rcfile F` would run F.
 */
function isPlainShell(argv: string[], opts: PlanOptions): boolean {
  return (!argv[0].includes('/') || opts.isListedShell(argv[0])) && argv.slice(1).every((a) => PLAIN_SHELL_FLAG.test(a));
}

export function planPane(p: PaneSnapshot, opts: PlanOptions): PanePlan {
  const ranSyntax = shellSyntax(p.argv[0]);
  // A shell given a command (`sh -c 'make deploy'`, tmux's `split-window 'cmd'`) or a script ran
  // that command, which is not started again. That shell was only the command's runner (tmux
  // runs every command with `sh -c`): the user's own shell comes back, as for any other program.
  // So does a shell with other options, or at a path that is no listed shell: only the file's
  // word says what it was, and a restore runs nothing a file names but a bare shell.
  const ranCommand = ranSyntax && shellRuns(p.argv, ranSyntax);
  const ranShell = ranSyntax !== null && !ranCommand && isPlainShell(p.argv, opts);
  const argv = ranShell ? p.argv : [opts.shell];
  const cwd = existingDir(p.cwd, opts);
  const moved = cwd === p.cwd ? '' : ` (${p.cwd} is gone: opened in ${cwd})`;
  const plan = (outcome: RestoreOutcome, detail: string, typed: string | null = null): PanePlan => ({ id: p.id, argv, cwd, typed, outcome, detail: detail + moved });
  const resume = resumeCommand(p, opts.rules);
  if (resume) {
    const syntax = shellSyntax(argv[0]);
    const shown = commandLine(resume.argv, syntax ?? 'posix');
    if (!opts.resumeAgents) return plan('skipped', `automatic resume is off (session.resume_agents): ${shown}`);
    if (!syntax) return plan('skipped', `automatic resume skipped: ${path.basename(argv[0])} is not a shell thurm can type into (sh, bash, zsh, dash, ksh, fish)`);
    // The variables its command line gave it come first, as the user typed them (launch-env.ts).
    const env = p.agent?.env ?? [];
    const given = env.map(([name, value]) => `${name}=${quoteArg(value, syntax)} `).join('');
    const withEnv = env.length ? `; with ${env.map(([name]) => name).join(', ')} from its command line` : '';
    return plan('resumed', `${shown} (${resume.from}${withEnv})`, `${given}${shown}\r`);
  }
  if (ranShell) return plan('restored', `${path.basename(argv[0])} in ${cwd}`);
  const ran = ranSyntax ? quotedCommand(p.argv, ranSyntax) : commandName(p.argv);
  return plan('shell only', `${ran} is not started again: a shell in its directory instead`);
}
