// What a shell's arguments tell it to run: a command string (`-c`, also in a cluster such as
// `-lc`), a script file, or nothing (a prompt). Only the options that take an argument matter,
// so their argument is not read as a script; see sh(1) "-c", bash(1) INVOCATION, fish(1).
import type { ShellSyntax } from './resume.js';

/** Short options whose argument follows them, and long ones that take the next word. */
const TAKES_ARG: Record<ShellSyntax, { short: string; long: string[] }> = {
  // `-o errexit`, bash's `-O extglob`, `--rcfile FILE`.
  posix: { short: 'oO', long: ['--rcfile', '--init-file'] },
  // fish: getopt style, so an argument may be the rest of the cluster (`-Cinit`).
  fish: { short: 'cCdofp', long: ['--command', '--init-command', '--debug', '--debug-output', '--features', '--profile', '--profile-startup'] },
};

/** `command`: a command string; `script`: a file of commands; null: an interactive shell. */
export function shellRuns(argv: string[], syntax: ShellSyntax): 'command' | 'script' | null {
  const takes = TAKES_ARG[syntax];
  let stdin = false;
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--' || a === '-') {
      i++;
      break;
    }
    if (a.startsWith('--')) {
      const name = a.split('=')[0];
      if (name === '--command') return 'command';
      if (takes.long.includes(name) && !a.includes('=')) i++;
      continue;
    }
    if (!(syntax === 'fish' ? /^-./ : /^[-+]./).test(a)) break;
    for (let j = 1; j < a.length; j++) {
      const letter = a[j];
      if (letter === 'c' && a[0] === '-') return 'command';
      if (letter === 's' && syntax === 'posix') stdin = true;
      if (!takes.short.includes(letter)) continue;
      if (syntax === 'fish') {
        if (j === a.length - 1) i++;
        break;
      }
      i++;
    }
  }
  // With -s the words left are positional parameters, not a script (commands come from stdin).
  return i < argv.length && !stdin ? 'script' : null;
}
