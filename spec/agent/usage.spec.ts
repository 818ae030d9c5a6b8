// What thurm reads of an agent's usage: Claude Code's status-line JSON, Codex's session log as
// it grows, the labels and alerts made of them, and the status-line chain's install and
// uninstall in Claude Code's settings.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { CodexLog, MAX_FIRST_READ } from '../../lib/agent/codex-log.js';
import { claudeStatusLineUsage, codexTokenCountUsage, resetTime, usageAlerts, usageLabel } from '../../lib/agent/usage.js';
import { mergeClaudeHooks, mergeClaudeStatusLine, ownStatusLine, statusLineCommand, withoutCodexNotify, mergeCodexNotify, withoutThurm } from '../../lib/cli/integration.js';

const CLAUDE = {
  model: { id: 'claude-sonnet-4', display_name: 'Sonnet' },
  cost: { total_cost_usd: 0.4567 },
  context_window: { context_window_size: 200000, used_percentage: 12.34 },
  rate_limits: { seven_day: { used_percentage: 70, resets_at: '2026-12-10T00:00:00Z' }, five_hour: { used_percentage: 20, resets_at: 1796000000 } },
};

test('Claude Code\'s status-line JSON gives model, context, cost and limits, the nearest limit first, each with its field', (t) => {
  const u = claudeStatusLineUsage(CLAUDE)!;
  t.deepEqual(u.model, { name: 'Sonnet', from: 'model.display_name' });
  t.deepEqual(u.context, { usedPercent: 12.3, usedTokens: null, size: 200000, from: 'context_window.used_percentage' });
  t.deepEqual(u.cost, { usd: 0.4567, from: 'cost.total_cost_usd' });
  t.deepEqual(u.limits, [
    { window: '7d', usedPercent: 70, resetsAt: '2026-12-10T00:00:00.000Z', from: 'rate_limits.seven_day.used_percentage' },
    { window: '5h', usedPercent: 20, resetsAt: new Date(1796000000_000).toISOString(), from: 'rate_limits.five_hour.used_percentage' },
  ]);
  t.is(usageLabel(u), 'ctx 12% · $0.46 · 7d 70%');
});

test('Claude Code JSON without plan limits (an API key) or without a percentage gives what it has, and no figure is made up', (t) => {
  const u = claudeStatusLineUsage({ model: { id: 'claude-x' }, context_window: { context_window_size: 1000000 } })!;
  t.deepEqual(u.model, { name: 'claude-x', from: 'model.id' });
  t.deepEqual(u.context, { usedPercent: null, usedTokens: null, size: 1000000, from: 'context_window.context_window_size' });
  t.is(u.cost, null);
  t.deepEqual(u.limits, []);
  t.is(usageLabel(u), '');
});

test('JSON that is no usage, or figures of the wrong kind, give nothing; a model name loses its control characters', (t) => {
  for (const bad of [null, 3, 'x', [], {}, { cost: { total_cost_usd: 'a lot' } }, { context_window: { used_percentage: -5 } }, { rate_limits: { five_hour: { used_percentage: 'NaN' } } }]) {
    t.is(claudeStatusLineUsage(bad), null, JSON.stringify(bad));
  }
  t.is(claudeStatusLineUsage({ model: { display_name: 'Op\x1b[2Jus\x07' } })!.model!.name, 'Op[2Jus');
  t.is(claudeStatusLineUsage({ rate_limits: { 'Bad Key': { used_percentage: 5 }, x: { used_percentage: 5 } } })!.limits.length, 1);
  t.is(resetTime('tomorrow'), null);
  t.is(resetTime(-1), null);
  t.is(resetTime(1796000000_000), new Date(1796000000_000).toISOString(), 'milliseconds are read as such');
});

const tokenLine = (primary: number, total: number | null) => ({
  timestamp: '2026-12-07T10:00:00.000Z', type: 'event_msg',
  payload: {
    type: 'token_count',
    info: total === null ? null : { last_token_usage: { total_tokens: total }, model_context_window: 200000 },
    rate_limits: { primary: { used_percent: primary, window_minutes: 300, resets_in_seconds: 60 }, secondary: { used_percent: 5, window_minutes: 90 } },
  },
});

test('a Codex token_count line gives the context as last total tokens over the window, and limits named by their window', (t) => {
  const u = codexTokenCountUsage(tokenLine(30, 50000), 'gpt-5', '/x.jsonl')!;
  t.deepEqual(u.context, { usedPercent: 25, usedTokens: 50000, size: 200000, from: 'info.last_token_usage.total_tokens / info.model_context_window' });
  t.deepEqual(u.limits.map((l) => [l.window, l.usedPercent, l.resetsAt]), [['5h', 30, '2026-12-07T10:01:00.000Z'], ['90m', 5, null]]);
  t.deepEqual(u.model, { name: 'gpt-5', from: 'turn_context.model' });
  t.is(codexTokenCountUsage({ type: 'event_msg', payload: { type: 'agent_message' } }, null, '/x'), null);
  t.is(codexTokenCountUsage({ type: 'event_msg', payload: { type: 'token_count', info: null, rate_limits: null } }, null, '/x'), null);
});

test('a Codex log is read as it grows: whole lines only, a rewritten file afresh, a long one from its newest megabyte', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thurm-codex-log-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'rollout.jsonl');
  const line = (o: object) => `${JSON.stringify(o)}\n`;
  fs.writeFileSync(file, line({ type: 'turn_context', payload: { model: 'gpt-5' } }) + line(tokenLine(10, 1000)));
  const log = new CodexLog(file);
  t.is(log.read()!.limits[0].usedPercent, 10);
  t.is(log.read(), null, 'nothing new');
  const next = line(tokenLine(20, 2000));
  fs.appendFileSync(file, next.slice(0, 30));
  t.is(log.read(), null, 'half a line waits');
  fs.appendFileSync(file, next.slice(30));
  const u = log.read()!;
  t.is(u.limits[0].usedPercent, 20);
  t.is(u.model!.name, 'gpt-5', 'the model of an earlier read');
  fs.writeFileSync(file, line(tokenLine(7, 10)));
  t.is(log.read()!.limits[0].usedPercent, 7, 'a file cut short is read again');
  // Megabytes of messages, the usage at the end.
  const filler = line({ type: 'response_item', payload: { text: 'x'.repeat(1000) } }).repeat(Math.ceil((2 * MAX_FIRST_READ) / 1000));
  fs.writeFileSync(path.join(dir, 'long.jsonl'), line(tokenLine(1, 1)) + filler + line(tokenLine(44, 1)));
  t.is(new CodexLog(path.join(dir, 'long.jsonl')).read()!.limits[0].usedPercent, 44);
  t.is(new CodexLog(path.join(dir, 'missing.jsonl')).read(), null);
});

test('alerts: the context at its threshold, each limit at its own, none at 0', (t) => {
  const u = claudeStatusLineUsage({ ...CLAUDE, context_window: { used_percentage: 90 } })!;
  t.deepEqual(usageAlerts(u, 90, 70).map((a) => a.text), ['context 90% full', '7d limit 70% used']);
  t.deepEqual(usageAlerts(u, 91, 71), []);
  t.deepEqual(usageAlerts(u, 0, 0), []);
});

test('the status-line chain: the user\'s own command (any quotes) comes back exactly from thurm\'s; a line that is not thurm\'s is left', (t) => {
  for (const own of ['~/bin/line.sh', `printf '%s' "it's $(pwd)"`, 'a\nb', `'''`]) {
    t.is(ownStatusLine(statusLineCommand('/opt/thurm bin/thurm', own)), own, own);
  }
  t.is(ownStatusLine(statusLineCommand('/usr/bin/thurm', null)), null);
  t.is(ownStatusLine('bash ~/line.sh'), undefined);
  t.is(ownStatusLine(42), undefined);
});

test('install keeps every key of the user\'s status line and runs its command; uninstall gives back settings equal to the original', (t) => {
  const original = { theme: 'dark', statusLine: { type: 'command', command: 'echo "mine"', padding: 2 }, hooks: { Stop: [{ hooks: [{ type: 'command', command: 'say done' }] }] } };
  const installed = mergeClaudeStatusLine(mergeClaudeHooks(original, '/t/thurm agent hook claude-code'), '/t/thurm');
  t.deepEqual(installed.statusLine, { type: 'command', command: '/t/thurm agent statusline --own \'echo "mine"\'', padding: 2 });
  t.is(mergeClaudeStatusLine(installed, '/t/thurm'), installed, 'installed once');
  t.deepEqual(withoutThurm(installed), original);
  const none = mergeClaudeStatusLine({}, '/t/thurm');
  t.deepEqual(none.statusLine, { type: 'command', command: '/t/thurm agent statusline' });
  t.deepEqual(withoutThurm(mergeClaudeHooks(none, '/t/thurm agent hook claude-code')), {});
  t.throws(() => mergeClaudeStatusLine({ statusLine: { type: 'static' } }, '/t/thurm'), { message: /not a command/ });
  const codex = 'model = "o3"\n[tui]\nx = 1\n';
  t.is(withoutCodexNotify(mergeCodexNotify(codex, '/t/thurm')), codex);
});
