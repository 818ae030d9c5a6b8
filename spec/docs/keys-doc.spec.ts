// The README's table of prefix keys is rendered from BINDINGS and the rows KEY_DOC groups them
// in (lib/ui/key-bindings.ts), and the guide's copy-mode table from COPY_KEYS and COPY_DOC
// (lib/ui/copy-keys.ts), so a key added, moved or removed shows there or fails here.
// THURM_WRITE_DOCS=1 rewrites the tables.
import test from 'ava';
import { DEFAULT_CONFIG } from '../../lib/session/config.js';
import { COPY_DOC, COPY_KEYS, type CopyCommand, MODE_KEYS } from '../../lib/ui/copy-keys.js';
import { BINDINGS, type Binding, KEY_DOC, type KeyDocRow } from '../../lib/ui/key-bindings.js';
import { checkGenerated } from '../helpers/generated-doc.js';

const BEGIN = '<!-- keys: generated from BINDINGS by spec/docs/keys-doc.spec.ts -->';
const END = '<!-- end of generated keys -->';
const COPY_BEGIN = '<!-- copy keys: generated from COPY_KEYS by spec/docs/keys-doc.spec.ts -->';
const COPY_END = '<!-- end of generated copy keys -->';
const ARROWS = ['Left', 'Right', 'Up', 'Down'];

function code(key: string): string {
  return `\`${key.replace(/\|/g, '\\|')}\``;
}

function bindingOf(key: string): Binding {
  const b = BINDINGS.find((binding) => binding.keys[0] === key);
  if (!b) throw new Error(`KEY_DOC names ${key}, which is no binding's first key`);
  return b;
}

/** The modifier ('' for none) when the bindings from `i` on are the four arrows with it (`C-Left` ... `C-Down`), else null. */
function arrowRun(firsts: string[], i: number): string | null {
  const modifier = firsts[i].slice(0, -ARROWS[0].length);
  if (!firsts[i].endsWith(ARROWS[0])) return null;
  return ARROWS.every((a, n) => firsts[i + n] === `${modifier}${a}`) ? modifier : null;
}

/** How many bindings from `i` on are numbered keys counting up (`0`, `1`, `2`... or `M-1`, `M-2`...). */
function numberedRun(firsts: string[], i: number): number {
  const m = /^(.*?)(\d)$/.exec(firsts[i]);
  if (!m) return 1;
  let n = 1;
  while (firsts[i + n] === `${m[1]}${Number(m[2]) + n}`) n++;
  return n;
}

/** A row's keys as the README writes them: a binding's keys joined with `or`, bindings with ` / `. */
function keysCell(row: KeyDocRow): string {
  const bindings = row.keys.map(bindingOf);
  const firsts = bindings.map((b) => b.keys[0]);
  const parts: string[] = [];
  for (let i = 0; i < bindings.length;) {
    const modifier = arrowRun(firsts, i);
    const run = numberedRun(firsts, i);
    if (modifier !== null) {
      parts.push(modifier ? code(`${modifier}arrow`) : 'arrow keys');
      i += ARROWS.length;
    } else if (run >= 3) {
      parts.push(`${code(firsts[i])}...${code(firsts[i + run - 1])}`);
      i += run;
    } else {
      parts.push(bindings[i].keys.map(code).join(' or '));
      i++;
    }
  }
  return parts.join(' / ');
}

function table(): string {
  return [
    '| keys | what they do |',
    '|---|---|',
    ...KEY_DOC.map((row) => `| ${keysCell(row)} | ${row.text.replace(/\|/g, '\\|')} |`),
    `| ${code(DEFAULT_CONFIG.keys.prefix)} | send the prefix key itself to the pane |`,
  ].join('\n');
}

test('every binding is in exactly one row of the README key table, named by its first key', (t) => {
  const named = KEY_DOC.flatMap((row) => row.keys);
  for (const key of named) t.notThrows(() => bindingOf(key));
  const counts = BINDINGS.map((b) => `${b.keys[0]}: ${named.filter((k) => k === b.keys[0]).length}`);
  t.deepEqual(counts, BINDINGS.map((b) => `${b.keys[0]}: 1`));
});

test('the README key table is the bindings as KEY_DOC groups them', (t) => {
  checkGenerated(t, 'README.md', BEGIN, END, table());
});

/** The keys a table binds to `command`, or a dash. */
function copyKeys(table: Record<string, CopyCommand>, command: CopyCommand): string {
  const keys = Object.keys(table).filter((k) => table[k] === command);
  return keys.length ? keys.map(code).join(' ') : '-';
}

function copyTable(): string {
  return [
    '| what | vi | emacs |',
    '|---|---|---|',
    ...COPY_DOC.map((row) => `| ${row.text.replace(/\|/g, '\\|')} | ${MODE_KEYS.map((m) => row.commands.map((c) => copyKeys(COPY_KEYS[m], c)).join(' / ')).join(' | ')} |`),
  ].join('\n');
}

test('every copy-mode command either table binds is in exactly one row of the guide\'s copy-mode table', (t) => {
  const bound = [...new Set(MODE_KEYS.flatMap((m) => Object.values(COPY_KEYS[m])))].sort();
  const rows = COPY_DOC.flatMap((row) => row.commands);
  t.deepEqual([...rows].sort(), bound);
});

test('the guide\'s copy-mode table is the vi and emacs tables as COPY_DOC groups them', (t) => {
  checkGenerated(t, 'docs/guide.md', COPY_BEGIN, COPY_END, copyTable());
});
