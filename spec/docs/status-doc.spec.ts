// docs/status.md holds the state and source tables as the code declares them
// (lib/status/states.ts, SOURCE_LIFETIMES in lib/session/pane-sources.ts): the tables there are
// rendered from the code, so the doc cannot drift. THURM_WRITE_DOCS=1 rewrites them.
import test from 'ava';
import { SOURCE_LIFETIMES } from '../../lib/session/pane-sources.js';
import { SOURCES } from '../../lib/status/program-status.js';
import { OVERVIEW_ORDER, STATE_TABLE } from '../../lib/status/states.js';
import { checkGenerated } from '../helpers/generated-doc.js';
const BEGIN = '<!-- tables: generated from the code by spec/docs/status-doc.spec.ts -->';
const END = '<!-- end of generated tables -->';

function tables(): string {
  const states = OVERVIEW_ORDER.map((s) => {
    const r = STATE_TABLE[s];
    return `| \`${s}\` | ${r.glyph} | \`${r.style}\` | ${r.paneRank + 1} | ${r.overviewRank + 1} | ${r.needsYou ? 'yes' : 'no'} |`;
  });
  const sources = SOURCES.map((s, i) => `| ${i + 1} | \`${s}\` | ${SOURCE_LIFETIMES[s].starts} | ${SOURCE_LIFETIMES[s].ends} |`);
  return [
    '| state | glyph | style (SGR) | rank in a pane | rank across panes | needs you (notifies, `focus --urgent`, window mark) |',
    '|---|---|---|---|---|---|',
    ...states,
    '',
    '| precedence | source | starts with | ends |',
    '|---|---|---|---|',
    ...sources,
  ].join('\n');
}

test('docs/status.md holds the state and source tables exactly as the code declares them', (t) => {
  checkGenerated(t, 'docs/status.md', BEGIN, END, tables());
});
