// A block of a document that the code renders (tables of states, events...): a spec checks the
// block is what the code gives now, and THURM_WRITE_DOCS=1 writes it instead.
import fs from 'node:fs';
import path from 'node:path';
import type { ExecutionContext } from 'ava';
import { ROOT } from './thurm-env.js';

/** Checks that the block of `doc` (relative to the repository) between `begin` and `end` is `rendered`. */
export function checkGenerated(t: ExecutionContext, doc: string, begin: string, end: string, rendered: string): void {
  const file = path.join(ROOT, doc);
  const text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf(begin);
  const stop = text.indexOf(end);
  t.true(start >= 0 && stop > start, `${doc} has its generated section`);
  const now = text.slice(start, stop + end.length);
  const wanted = [begin, '', rendered, '', end].join('\n');
  // A function, not a string: `$` in the rendered text (a key named `$`) is no replacement pattern.
  if (process.env.THURM_WRITE_DOCS === '1') fs.writeFileSync(file, text.replace(now, () => wanted));
  else t.is(now, wanted, `run the spec with THURM_WRITE_DOCS=1 to regenerate ${doc}`);
}
