// The annotated config files in docs/config.md and docs/agents.md (the [detection] tables) are
// rendered from CONFIG_KEYS (lib/session/config-keys.ts), the declarations the parser reads
// every key through, with the defaults of DEFAULT_CONFIG: the docs cannot leave a key out or
// give another default.
import test from 'ava';
import { CONFIG_KEYS, splitKey, TABLE_DOCS, type TableField } from '../../lib/session/config-keys.js';
import { configAt, DEFAULT_CONFIG, parseConfig } from '../../lib/session/config.js';
import { checkGenerated } from '../helpers/generated-doc.js';

/** A line of the file with its comment, the comments in one column where the lines allow. */
const commented = (line: string, doc?: string) => (doc ? `${line.length <= 23 ? line.padEnd(25) : `${line}  `}# ${doc}` : line);

function toml(wanted: (table: string) => boolean): string {
  const lines: string[] = [];
  let current: string | null = null;
  const section = (header: string, doc?: string) => {
    if (lines.length) lines.push('');
    if (header) lines.push(commented(header, doc));
  };
  for (const k of CONFIG_KEYS) {
    const { table, name } = splitKey(k.key);
    if (k.alias || !wanted(k.key)) continue;
    const fields = (k.value as { fields?: Record<string, TableField> }).fields;
    if (fields) {
      section(`[[${k.key}]]`, k.doc);
      for (const [field, f] of Object.entries(fields)) lines.push(commented(`${field} = ${f.example ?? f.value.show(f.default)}`, f.doc));
      current = `${k.key}[]`;
      continue;
    }
    if (table !== current) {
      section(table && `[${table}]`, TABLE_DOCS[table]);
      current = table;
    }
    lines.push(commented(`${name} = ${k.example ?? k.value.show(configAt(DEFAULT_CONFIG, k.at))}`, k.doc));
  }
  return ['```toml', ...lines, '```'].join('\n');
}

const detection = (key: string) => key.startsWith('detection.');

test('docs/config.md shows every key but detection\'s, with its default, as CONFIG_KEYS declares it', (t) => {
  const shown = toml((k) => !detection(k));
  t.notThrows(() => parseConfig(shown.slice('```toml\n'.length, -'```'.length)), 'the file shown is a valid config');
  checkGenerated(t, 'docs/config.md', '<!-- config: generated from CONFIG_KEYS by spec/docs/config-doc.spec.ts -->', '<!-- end of generated config -->', shown);
});

test('docs/agents.md shows every [detection] key, with its default, as CONFIG_KEYS declares it', (t) => {
  const shown = toml(detection);
  t.notThrows(() => parseConfig(shown.slice('```toml\n'.length, -'```'.length)), 'the file shown is a valid config');
  checkGenerated(t, 'docs/agents.md', '<!-- detection config: generated from CONFIG_KEYS by spec/docs/config-doc.spec.ts -->', '<!-- end of generated detection config -->', shown);
});
