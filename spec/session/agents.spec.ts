import test from 'ava';
import { type AgentRow, agentLines } from '../../lib/session/agents.js';

const row = (pane: string, window: number, state: AgentRow['state'], app: string | null, text: string): AgentRow =>
  ({ pane, window, state, source: 'report', app, text, since: 0 });

test('the overview\'s columns line up whatever the width of window indexes and pane ids, and name each pane\'s window', (t) => {
  const lines = agentLines([
    row('2', 0, 'blocked', 'claude-code', 'Allow?'),
    row('12', 10, 'working', 'codex', ''),
    row('7', 3, 'idle', null, ''),
  ], 65_000);
  t.deepEqual(lines, [
    '◆ window 0   pane 2   blocked  1m 05s  claude-code: Allow?',
    '▶ window 10  pane 12  working  1m 05s  codex',
    '○ window 3   pane 7   idle     1m 05s  -',
  ]);
});
