// tmux formats (man tmux, FORMATS), the part tools use: `#{name}`, `#{?cond,then,else}`,
// `#{==:a,b}` and `#{!=:a,b}`, `#{=N:name}` / `#{=-N:name}` (first / last N characters),
// `#{b:name}` and `#{d:name}` (basename, dirname), `#{t:name}` (a time, as ctime() prints it),
// the one-letter aliases (`#D`, `#S`...) and `##`.
// Unknown variables expand to nothing, as in tmux. Styles (`#[fg=red]`) are left as they are.
import { strftime } from '../strftime.js';

export type Lookup = (name: string) => string | undefined;

const ALIASES: Record<string, string> = {
  D: 'pane_id', P: 'pane_index', T: 'pane_title', I: 'window_index', W: 'window_name',
  F: 'window_flags', S: 'session_name', H: 'host', h: 'host_short',
};

/** The end of the `#{` opened at `start` (the index of its `}`), counting nested braces. */
function closing(s: string, start: number): number {
  let depth = 0;
  for (let i = start; i < s.length; i++) {
    if (s[i] === '{') depth++;
    else if (s[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** Splits at commas outside nested `#{...}`. */
function topLevel(s: string): string[] {
  const parts: string[] = [];
  let depth = 0, from = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '{') depth++;
    else if (s[i] === '}') depth--;
    else if (s[i] === ',' && depth === 0) {
      parts.push(s.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(s.slice(from));
  return parts;
}

/** tmux's truth of an expanded format (a -f filter, #{?...}, if-shell -F): neither empty nor 0. */
export const truthy = (v: string) => v !== '' && v !== '0';

/** A variable, or a format when it holds `#` (conditions may be either). */
function evaluate(expr: string, lookup: Lookup): string {
  return expr.includes('#') ? expand(expr, lookup) : lookup(expr) ?? '';
}

function inner(body: string, lookup: Lookup): string {
  if (body.startsWith('?')) {
    const [cond = '', yes = '', no = ''] = topLevel(body.slice(1));
    return expand(truthy(evaluate(cond, lookup)) ? yes : no, lookup);
  }
  const cmp = /^(==|!=):/.exec(body);
  if (cmp) {
    const [a = '', b = ''] = topLevel(body.slice(3)).map((p) => expand(p, lookup));
    return String(Number((a === b) === (cmp[1] === '==')));
  }
  const trim = /^=(-?\d+):(.*)$/s.exec(body);
  if (trim) {
    const chars = [...evaluate(trim[2], lookup)], n = Number(trim[1]);
    return (n < 0 ? chars.slice(n) : chars.slice(0, n)).join('');
  }
  const path = /^([bd]):(.*)$/s.exec(body);
  if (path) {
    const v = evaluate(path[2], lookup).replace(/\/+$/, '');
    const at = v.lastIndexOf('/');
    return path[1] === 'b' ? v.slice(at + 1) : at > 0 ? v.slice(0, at) : at === 0 ? '/' : '.';
  }
  const time = /^t:(.*)$/s.exec(body);
  if (time) {
    const seconds = Number(evaluate(time[1], lookup));
    return seconds > 0 ? ctime(new Date(seconds * 1000)) : '';
  }
  return lookup(body) ?? '';
}

/** A time as tmux's `#{t:...}` prints it, C's ctime() without its newline: `Mon Dec  7 00:05:46 2026`, local time. */
const ctime = (d: Date) => strftime('%a %b %e %H:%M:%S %Y', d);

/** `format` with every variable replaced by what `lookup` gives. */
export function expand(format: string, lookup: Lookup): string {
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (c !== '#' || i + 1 >= format.length) {
      out += c;
      continue;
    }
    const next = format[i + 1];
    if (next === '#') {
      out += '#';
      i++;
    } else if (next === '{') {
      const end = closing(format, i + 1);
      if (end < 0) return out + format.slice(i);
      out += inner(format.slice(i + 2, end), lookup);
      i = end;
    } else if (ALIASES[next]) {
      out += lookup(ALIASES[next]) ?? '';
      i++;
    } else out += c;
  }
  return out;
}
