import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { formatReport, parseOsc7501, queryReply, type StatusReport } from '../../lib/status/osc7501.js';

interface Case { name: string; body: string; expect: 'query' | 'ignored' | StatusReport }

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cases: Case[] = JSON.parse(fs.readFileSync(path.join(root, 'spec/fixtures/osc7501/cases.json'), 'utf8'));

/** What a parse result is, in the fixture's terms. */
function outcome(body: string): Case['expect'] {
  const parsed = parseOsc7501(body);
  return parsed.type === 'report' ? parsed.report : parsed.type;
}

for (const c of cases) {
  test(c.name, (t) => t.deepEqual(outcome(c.body), c.expect));
}

// Regression: an id with a character outside the value alphabet once made the pair skipped,
// so the report landed on the root record; an invalid id must never fall back to the root.
test('an id with a character outside the value alphabet discards the report instead of reporting for the root', (t) => {
  t.is(outcome('state=done:id=a*b'), 'ignored');
  t.is(outcome('state=working:id=a b'), 'ignored');
});

test('the query reply ends with BEL for a BEL query', (t) => {
  t.is(queryReply('bel'), '\x1b]7501;?:states=idle,working,done,blocked,error:kinds=permission,question,auth\x07');
});

test('the query reply ends with ESC backslash for an ST query', (t) => {
  t.is(queryReply('st'), '\x1b]7501;?:states=idle,working,done,blocked,error:kinds=permission,question,auth\x1b\\');
});

const reports: StatusReport[] = [
  { state: 'blocked', id: 'agent/tool', kind: 'permission', progress: 30, app: 'claude-code', title: 'Edit', msg: 'Approve the file change.' },
  { state: 'working', id: null, kind: null, progress: 0, app: 'sync', title: null, msg: null },
  { state: 'done', id: 'photos', kind: null, progress: null, app: null, title: '写真 🚀', msg: 'synced: 12 files' },
  { state: 'clear', id: 'a/b', kind: null, progress: null, app: null, title: null, msg: null },
];
for (const report of reports) {
  test(`a formatted ${report.state} report parses back to the same report`, (t) => {
    const sequence = formatReport(report);
    t.true(sequence.startsWith('\x1b]7501;') && sequence.endsWith('\x1b\\'));
    t.deepEqual(outcome(sequence.slice('\x1b]7501;'.length, -2)), report);
  });
}
