// tmux's argument syntax (its arguments.c): flags after the command name, combinable (`-dh`),
// a flag's value glued on (`-t%1`) or in the next word, `--` or the first plain word ending
// them. Each command declares its flags as tmux's getopt strings do: `dhvPl:t:` (`:` takes a value).
import { ShimError } from './errors.js';

export interface Parsed {
  flags: Map<string, string | true>;
  /** Every value of a flag given more than once (`-e A=1 -e B=2`), in order; flags keeps the last. */
  repeated: Map<string, string[]>;
  /** The words after the flags (a command to run, keys to send, an option and its value). */
  rest: string[];
}

/** Parses `words` by `spec`; a flag the spec lacks is unsupported (`split-window -b`). */
export function parseArgs(command: string, spec: string, words: readonly string[]): Parsed {
  const flags = new Map<string, string | true>();
  const repeated = new Map<string, string[]>();
  let i = 0;
  for (; i < words.length; i++) {
    const word = words[i];
    if (word === '--') {
      i++;
      break;
    }
    if (!word.startsWith('-') || word === '-') break;
    for (let j = 1; j < word.length; j++) {
      const flag = word[j];
      const at = spec.indexOf(flag);
      if (at < 0 || flag === ':') throw new ShimError(`unsupported: ${command} -${flag}`);
      if (spec[at + 1] !== ':') {
        flags.set(flag, true);
        continue;
      }
      const value = j + 1 < word.length ? word.slice(j + 1) : words[++i];
      if (value === undefined) throw new ShimError(`${command}: -${flag} expects an argument`);
      flags.set(flag, value);
      repeated.set(flag, [...(repeated.get(flag) ?? []), value]);
      break;
    }
  }
  return { flags, repeated, rest: words.slice(i) };
}

/** A flag's value, when it has one. */
export function value(p: Parsed, flag: string): string | undefined {
  const v = p.flags.get(flag);
  return typeof v === 'string' ? v : undefined;
}
