// An outer terminal's terminfo entry as the server machine has it, read with `infocmp -x`
// (so extended capabilities such as Tc, RGB and XT come too, and $TERMINFO is honoured as
// ncurses does). One lookup per TERM name, cached; no entry (or no infocmp) is null.
import { execFileSync } from 'node:child_process';

export interface Terminfo {
  bools: Set<string>;
  numbers: Map<string, number>;
  strings: Map<string, string>;
}

/** TERM names passed to infocmp: what terminfo file names look like, never an option. */
const TERM_NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/;
const MAX_CACHED = 32;
const cache = new Map<string, Terminfo | null>();

/** The entry for `term`, or null; infocmp runs once per name (a few ms, at attach). */
export function terminfo(term: string): Terminfo | null {
  if (!TERM_NAME.test(term)) return null;
  let info = cache.get(term);
  if (info !== undefined) return info;
  try {
    const text = execFileSync('infocmp', ['-x', '-1', term], { encoding: 'utf8', timeout: 2000, stdio: ['ignore', 'pipe', 'ignore'] });
    info = parseInfocmp(text);
  } catch {
    info = null;
  }
  // TERM comes from clients: the cache must not grow with every name one sends.
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(term, info);
  return info;
}

/** Capabilities from `infocmp -1` output: one per line after the names, each ending in `,`. */
export function parseInfocmp(text: string): Terminfo {
  const info: Terminfo = { bools: new Set(), numbers: new Map(), strings: new Map() };
  const lines = text.split('\n').filter((l) => l.startsWith('\t'));
  for (const raw of lines) {
    const cap = raw.trim().replace(/,$/, '');
    const eq = cap.indexOf('=');
    const hash = cap.indexOf('#');
    if (eq > 0 && (hash < 0 || eq < hash)) info.strings.set(cap.slice(0, eq), decodeString(cap.slice(eq + 1)));
    else if (hash > 0) info.numbers.set(cap.slice(0, hash), Number(cap.slice(hash + 1)));
    else if (cap && !cap.endsWith('@')) info.bools.add(cap);
  }
  return info;
}

const ESCAPES: Record<string, string> = {
  E: '\x1b', e: '\x1b', n: '\n', l: '\n', r: '\r', t: '\t', b: '\b', f: '\f', s: ' ', '^': '^', '\\': '\\', ',': ',', ':': ':',
};

/** A string capability's bytes, from terminfo's notation (`\E`, `^N`, `\,`, octal `\200`). */
export function decodeString(value: string): string {
  return value.replace(/\\([0-7]{1,3}|.)|\^(.)/g, (_m, esc: string | undefined, ctrl: string | undefined) => {
    if (ctrl !== undefined) return ctrl === '?' ? '\x7f' : String.fromCharCode(ctrl.charCodeAt(0) & 0x1f);
    if (/^[0-7]+$/.test(esc!)) return String.fromCharCode(parseInt(esc!, 8) || 0x80);
    return ESCAPES[esc!] ?? esc!;
  });
}
