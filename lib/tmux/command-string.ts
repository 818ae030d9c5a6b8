// tmux's command syntax, for the commands given as one string (if-shell's, run-shell -C's) and
// for files of commands (source-file): words split at blanks; 'single quotes' keep everything,
// "double quotes" and bare words take backslash escapes and $VARIABLES (${NAME} too) from the
// environment, and ~ at a word's start is the home folder; a `;` ending a word (or alone) ends
// a command, a `#` starting a word comments out the rest of the line, and a backslash at a line's
// end continues it. tmux's {braces} and %if are not read (they fail as an unsupported command).
import os from 'node:os';
import { ShimError } from './errors.js';

/** The commands in `text`, each as its words (a `;` word stays out). */
export function parseCommands(text: string, env: NodeJS.ProcessEnv = process.env): string[][] {
  return parseCommandLines(text, env).map((c) => c.words);
}

/** The commands in `text`, each with the number of the line it starts on (from 1), for a file's errors. */
export function parseCommandLines(text: string, env: NodeJS.ProcessEnv = process.env): { line: number; words: string[] }[] {
  const commands: { line: number; words: string[] }[] = [{ line: 1, words: [] }];
  let line = 1;
  let word: string | null = null;
  let i = 0;
  const end = () => {
    const current = commands[commands.length - 1];
    if (word !== null) {
      if (!current.words.length) current.line = line;
      current.words.push(word);
    }
    word = null;
  };
  const next = () => {
    end();
    if (commands[commands.length - 1].words.length) commands.push({ line, words: [] });
  };
  const variable = (): string => {
    const braced = text[i + 1] === '{';
    const m = (braced ? /^\{([A-Za-z_][A-Za-z0-9_]*)\}/ : /^[A-Za-z_][A-Za-z0-9_]*/).exec(text.slice(i + 1));
    if (!m) {
      i++;
      return '$';
    }
    i += 1 + m[0].length;
    return env[braced ? m[1] : m[0]] ?? '';
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '\n') {
      next();
      line++;
      i++;
    } else if (c === ' ' || c === '\t' || c === '\r') {
      end();
      i++;
    } else if (c === '#' && word === null) {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === ';' && (i + 1 === text.length || /\s/.test(text[i + 1]))) {
      next();
      i++;
    } else if (c === '\\') {
      if (text[i + 1] === '\n') {
        line++;
        i += 2;
      } else {
        word = (word ?? '') + (text[i + 1] ?? '');
        i += 2;
      }
    } else if (c === "'") {
      const close = text.indexOf("'", i + 1);
      if (close < 0) throw new ShimError('syntax error: a quote is not closed');
      word = (word ?? '') + text.slice(i + 1, close);
      i = close + 1;
    } else if (c === '"') {
      let out = '';
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\' && i + 1 < text.length) {
          out += text[i + 1];
          i += 2;
        } else if (text[i] === '$') out += variable();
        else out += text[i++];
      }
      if (i >= text.length) throw new ShimError('syntax error: a quote is not closed');
      word = (word ?? '') + out;
      i++;
    } else if (c === '$') word = (word ?? '') + variable();
    else if (c === '~' && word === null && (i + 1 === text.length || /[/\s;]/.test(text[i + 1]))) {
      word = env.HOME ?? os.homedir();
      i++;
    } else {
      word = (word ?? '') + c;
      i++;
    }
  }
  end();
  return commands.filter((c) => c.words.length);
}

/** Words as one line that parseCommands() reads back as the same words: each quoted unless it is plain. */
export function commandLine(words: readonly string[]): string {
  return words.map((w) => (/^[\w@%:.,/+=^-]+$/.test(w) ? w : `'${w.replace(/'/g, "'\\''")}'`)).join(' ');
}
