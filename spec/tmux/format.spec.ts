// tmux formats as the shim expands them, from the table in spec/fixtures/tmux/formats.json.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { expand } from '../../lib/tmux/format.js';
import { ROOT } from '../helpers/thurm-env.js';

const table = JSON.parse(fs.readFileSync(path.join(ROOT, 'spec', 'fixtures', 'tmux', 'formats.json'), 'utf8')) as {
  variables: Record<string, string>;
  cases: { format: string; expect: string; why: string }[];
};

for (const c of table.cases) {
  test(`${JSON.stringify(c.format)} expands to ${JSON.stringify(c.expect)}: ${c.why}`, (t) => {
    t.is(expand(c.format, (name) => table.variables[name]), c.expect);
  });
}
