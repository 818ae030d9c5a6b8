// The variables a pane's foreground program was given on the command line that started it
// (`ANTHROPIC_BASE_URL=http://… claude`): a restore types them again before the resume command,
// so a resumed agent talks to the endpoint it was started with. A variable counts when the
// entered line assigns it and the program has it with a value its shell was not started with;
// the value is the program's own (no quoting to undo). Variables the user exports in a profile
// or typed on an earlier line are never taken: they are not the command's, and an API key kept
// in a profile stays out of the session file.
import type { ProcFacts } from '../pty/proc.js';
import { hasControl } from '../sanitize.js';
import type { EnteredLine } from '../term/entered-line.js';

/** More than this many, or longer values, are not typed again (a restore types a short line). */
export const MAX_VARIABLES = 16;
export const MAX_VALUE = 2048;
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/** A variable assignment as a word of a command line: `NAME=` at the start of a word. */
const ASSIGNMENT = /(?:^|[\s;&|(])([A-Za-z_][A-Za-z0-9_]{0,127})=/g;

/** The names a command line assigns, in order, each once. */
export function assignedNames(line: string): string[] {
  return [...new Set([...line.matchAll(ASSIGNMENT)].map((m) => m[1]))];
}

/** Which foreground group a command line started, as a server hands it to the next. */
export interface Launch { pgid: number; line: string }

export class LaunchEnv {
  private entered: EnteredLine | null = null;
  /**
   * The line that started the foreground group. Read when asked, not when the group starts: the
   * shell's echo of it may still wait to be parsed then (a loaded machine); the last reading is
   * kept for when the line has left the history.
   */
  private launch: { pgid: number; line: EnteredLine | null; text: string } | null = null;

  constructor(private readonly proc: Pick<ProcFacts, 'readEnviron'>) {}

  /** Enter went to the pane's shell on this line. */
  enter(line: EnteredLine): void {
    this.entered?.dispose();
    this.entered = line;
  }

  /** Another group took the foreground: the line last entered in the shell started it. */
  groupChanged(pgid: number | null, shellPid: number): void {
    if (pgid === null || pgid === shellPid || !this.entered) return;
    this.launch?.line?.dispose();
    this.launch = { pgid, line: this.entered, text: '' };
    this.entered = null;
  }

  /** The variables the command line gave group `pgid`'s leader, as [name, value]; none when unknown. */
  env(pgid: number, shellPid: number): [string, string][] {
    if (this.launch?.pgid !== pgid) return [];
    return this.read(this.lineText(), pgid, shellPid);
  }

  private lineText(): string {
    const launch = this.launch!;
    const now = launch.line?.text();
    if (now !== null && now !== undefined) launch.text = now;
    return launch.text;
  }

  private read(line: string, pgid: number, shellPid: number): [string, string][] {
    const names = assignedNames(line);
    const mine = names.length ? this.proc.readEnviron(pgid) : null;
    const shells = mine && this.proc.readEnviron(shellPid);
    if (!mine || !shells) return [];
    return names
      .filter((n) => mine.has(n) && mine.get(n) !== shells.get(n))
      .map((n): [string, string] => [n, mine.get(n)!])
      .filter(([, v]) => v.length <= MAX_VALUE && !hasControl(v))
      .slice(0, MAX_VARIABLES);
  }

  handover(): Launch | null {
    return this.launch && { pgid: this.launch.pgid, line: this.lineText() };
  }

  adopt(launch: Launch | null | undefined): void {
    this.launch = launch ? { pgid: launch.pgid, line: null, text: launch.line } : null;
  }

  dispose(): void {
    this.entered?.dispose();
    this.launch?.line?.dispose();
  }
}
