// An agent's usage (context, cost, limits) in a real session: Claude Code's status line chained
// by `integration install` (a stand-in `claude` runs the settings' statusLine command as Claude
// Code does), and a stand-in `codex` holding its session log open while the spec appends
// Codex's token_count lines. Shown in info, agents, explain, the border and the overview, as
// `usage-changed` events, with one notification per threshold crossed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { COMMANDS } from '../../lib/commands/index.js';
import { protocolSchema } from '../../lib/commands/request-schema.js';
import { type Schema, validate } from '../helpers/json-schema.js';
import { watchPane, type PaneWatch } from '../helpers/pane-watch.js';
import { alive } from '../helpers/processes.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ROOT, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

/** A session whose pane runs the stand-in agent as `name`, driven through a FIFO. */
async function standIn(t: { teardown(fn: () => Promise<void> | void): void }, name: string, config: string, env: Record<string, string> = {}) {
  const thurm = new ThurmEnv(config);
  t.teardown(() => thurm.cleanup());
  const bin = path.join(thurm.dir, 'bin');
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bin, name), `#!${process.execPath}\nrequire(${JSON.stringify(path.join(ROOT, 'spec', 'fixtures', 'fake-agent.cjs'))});\n`, { mode: 0o755 });
  const fifo = path.join(thurm.dir, 'control');
  execFileSync('mkfifo', [fifo]);
  Object.assign(thurm.env, { FAKE_AGENT_THURM: BIN }, env);
  await thurm.ok(['new', '-d', '--size', '150x30', '--', path.join(bin, name), fifo]);
  await waitUntil(async () => (await thurm.capture('1')).includes('fake agent ready'), 'the stand-in agent');
  return { env: thurm, say: (command: string) => fs.writeFileSync(fifo, `${command}\n`) };
}

const SCHEMA = protocolSchema(COMMANDS);
/** Each usage event the pane had, checked against the published schema. */
function usageEventsValid(t: { deepEqual(a: unknown, b: unknown, m?: string): void }, watch: PaneWatch): void {
  const events = watch.events().filter((e) => e.type === 'usage-changed');
  t.deepEqual(events.flatMap((e) => validate((SCHEMA.$defs as Record<string, Schema>).event, e, SCHEMA)), [], 'usage events valid by the schema');
}

const statusJson = (used: number, cost: number, fiveHour: number) => JSON.stringify({
  hook_event_name: 'Status', session_id: 'abc', model: { id: 'claude-opus-4', display_name: 'Opus' },
  cost: { total_cost_usd: cost, total_duration_ms: 1000 },
  context_window: { context_window_size: 200000, used_percentage: used, total_input_tokens: 1, total_output_tokens: 2 },
  rate_limits: { five_hour: { used_percentage: fiveHour, resets_at: 1796000000 }, seven_day: { used_percentage: 12, resets_at: 1796500000 } },
});

// The user's own status line: escape sequences, no newline at the end, and what it read.
const OWN = `printf '\\033[1m%s\\033[0m in %s' "$(basename "$PWD")" "$(wc -c | tr -d ' ')"; exit 3`;

test.serial('Claude Code\'s status line: thurm\'s runs the user\'s own byte for byte and gets context, cost and limits; a threshold alerts once, over a server upgrade too; uninstall restores the settings exactly', async (t) => {
  const claudeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'thurm-usage-claude-'));
  t.teardown(() => fs.rmSync(claudeDir, { recursive: true, force: true }));
  // The user's formatting (tabs, key order) is theirs; uninstall gives it back.
  const original = `{\n\t"theme": "dark",\n\t"statusLine": {"type": "command", "command": ${JSON.stringify(OWN)}, "padding": 0}\n}\n`;
  const settings = path.join(claudeDir, 'settings.json');
  fs.writeFileSync(settings, original);
  const agent = await standIn(t, 'claude', '[agents]\nusage-in-border = true\ncontext-alert = 90\n', { CLAUDE_CONFIG_DIR: claudeDir });
  t.regex(await agent.env.ok(['integration', 'install', 'claude-code']), /installed thurm hooks and status line/);
  const installed = JSON.parse(fs.readFileSync(settings, 'utf8'));
  t.like(installed.statusLine, { type: 'command', padding: 0 });
  t.regex(installed.statusLine.command, / agent statusline --own '/);

  const watch = await watchPane(agent.env, '1', ['usage-changed', 'notification']);
  t.teardown(() => watch.close());
  const input = path.join(agent.env.dir, 'status.json');
  fs.writeFileSync(input, statusJson(42.5, 1.2345, 61));
  const out = path.join(agent.env.dir, 'out.bin');
  agent.say(`statusline ${input} ${out}`);
  const p = await watch.waitFor((pane, screen) => (pane.usage && screen.includes('statusline-rc=') ? pane : null), 'usage from the status line', 10_000);
  // What the user's own command prints alone, in the same folder with the same stdin.
  const alone = (() => {
    try {
      execFileSync('/bin/sh', ['-c', OWN], { input: fs.readFileSync(input), cwd: p.cwd });
    } catch (err) {
      return { out: (err as { stdout: Buffer }).stdout, status: (err as { status: number }).status };
    }
    throw new Error('the own status line exits 3');
  })();
  t.deepEqual(fs.readFileSync(out), alone.out, 'the user\'s status line, byte for byte');
  t.true((await watch.screen()).includes(`statusline-rc=${alone.status}`), 'and its exit status');
  t.like(p.usage, {
    agent: 'claude-code', source: 'claude-code-statusline', file: null,
    model: { name: 'Opus', from: 'model.display_name' },
    context: { usedPercent: 42.5, size: 200000, from: 'context_window.used_percentage' },
    cost: { usd: 1.2345, from: 'cost.total_cost_usd' },
  });
  t.deepEqual(p.usage!.limits.map((l) => [l.window, l.usedPercent, l.resetsAt, l.from]), [
    ['5h', 61, new Date(1796000000 * 1000).toISOString(), 'rate_limits.five_hour.used_percentage'],
    ['7d', 12, new Date(1796500000 * 1000).toISOString(), 'rate_limits.seven_day.used_percentage'],
  ]);
  const agents = await agent.env.json(['agents']);
  t.like(agents.agents[0].usage, { source: 'claude-code-statusline', cost: { usd: 1.2345 } });
  t.regex(await agent.env.ok(['agents']), /\(ctx 43% · \$1\.23 · 5h 61%\)\s+claude-code/);
  const explained = await agent.env.ok(['agent', 'explain', '--pane', '1']);
  t.regex(explained, /context: 42\.5% of 200000 \s*\(from context_window\.used_percentage\)/);
  t.regex(explained, /limit 5h: 61% used, resets .* \(from rate_limits\.five_hour\.used_percentage\)/);

  // The border and the overview, as a person sees them.
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], agent.env.env, 150, 30);
  t.teardown(() => term.kill());
  await term.waitForText('[ctx 43% · $1.23 · 5h 61%]');
  term.write('\x02a');
  await term.waitForText('(ctx 43% · $1.23 · 5h 61%)');
  term.write('q');
  t.deepEqual(watch.events().filter((e) => e.type === 'notification'), [], 'no alert below the threshold');

  // Past 90%: one notification and the border's notice; again above it, none.
  fs.writeFileSync(input, statusJson(93, 1.5, 61));
  agent.say(`statusline ${input} ${out}`);
  await watch.waitFor((pane) => pane.usage?.context?.usedPercent === 93, 'the context at 93%', 10_000);
  const alert = await waitUntil(() => watch.events().find((e) => e.type === 'notification'), 'the usage notification');
  t.like(alert, { cause: 'usage', title: 'claude-code usage', text: 'context 93% full' });
  fs.writeFileSync(input, statusJson(95, 1.6, 61));
  agent.say(`statusline ${input} ${out}`);
  await watch.waitFor((pane) => pane.usage?.context?.usedPercent === 95, 'the context at 95%', 10_000);
  await waitUntil(() => watch.events().some((e) => e.type === 'usage-changed' && e.usage?.context?.usedPercent === 95), 'the 95% event');
  t.is(watch.events().filter((e) => e.type === 'notification').length, 1, 'one alert while it stays above');
  // Events come at most once a second per pane, the newest figures last.
  const usageEvents = watch.events().filter((e) => e.type === 'usage-changed');
  for (let i = 1; i < usageEvents.length; i++) t.true(Date.parse(usageEvents[i].at) - Date.parse(usageEvents[i - 1].at) >= 950, JSON.stringify(usageEvents));

  usageEventsValid(t, watch);

  // A server upgrade keeps the usage, and the alert already raised stays raised.
  const old = await agent.env.serverPid();
  const up = await agent.env.cli(['server', 'upgrade']);
  t.is(up.code, 0, up.stderr);
  await waitUntil(() => !alive(old), 'the old server to exit');
  const after = await watchPane(agent.env, '1', ['usage-changed', 'notification']);
  t.teardown(() => after.close());
  t.is((await after.info()).usage?.context?.usedPercent, 95, 'handed over');
  fs.writeFileSync(input, statusJson(97, 1.7, 61));
  agent.say(`statusline ${input} ${out}`);
  await waitUntil(() => after.events().some((e) => e.type === 'usage-changed' && e.usage?.context?.usedPercent === 97), 'the 97% event');
  t.deepEqual(after.events().filter((e) => e.type === 'notification'), [], 'no second alert after the upgrade');

  t.regex(await agent.env.ok(['integration', 'uninstall', 'claude-code']), /removed thurm's hooks and status line/);
  t.is(fs.readFileSync(settings, 'utf8'), original, 'the settings as they were, byte for byte');
});

test.serial('Codex\'s session log: the token_count lines its process writes become the pane\'s usage, a limit past 80% alerts, and the usage goes with Codex', async (t) => {
  // The pane stays when Codex ends, so its going is seen.
  const agent = await standIn(t, 'codex', 'remain-on-exit = true\n');
  const day = path.join(agent.env.dir, 'codex-home', 'sessions', '2026', '12', '07');
  fs.mkdirSync(day, { recursive: true });
  const log = path.join(day, 'rollout-2026-12-07T10-00-00-01a232d2-4dcc-79d1-9da5-17637b89d07c.jsonl');
  const line = (o: object) => fs.appendFileSync(log, `${JSON.stringify(o)}\n`);
  line({ timestamp: '2026-12-07T10:00:00.000Z', type: 'session_meta', payload: { id: '01a232d2-4dcc-79d1-9da5-17637b89d07c' } });
  line({ timestamp: '2026-12-07T10:00:01.000Z', type: 'turn_context', payload: { cwd: '/tmp', model: 'gpt-5-codex' } });
  const tokens = (total: number, primary: number) => line({
    timestamp: '2026-12-07T10:00:02.000Z', type: 'event_msg',
    payload: {
      type: 'token_count',
      info: { total_token_usage: { total_tokens: total * 3 }, last_token_usage: { input_tokens: total - 100, output_tokens: 100, total_tokens: total }, model_context_window: 272000 },
      rate_limits: { primary: { used_percent: primary, window_minutes: 300, resets_at: 1796000000 }, secondary: { used_percent: 20, window_minutes: 10080, resets_in_seconds: 3600 } },
    },
  });
  tokens(68000, 40);
  const watch = await watchPane(agent.env, '1', ['usage-changed', 'notification']);
  t.teardown(() => watch.close());
  agent.say(`hold ${log}`);
  const p = await watch.waitFor((pane) => (pane.usage ? pane : null), 'usage from the session log', 10_000);
  t.like(p.usage, {
    agent: 'codex', source: 'codex-session-log', file: log, cost: null,
    model: { name: 'gpt-5-codex', from: 'turn_context.model' },
    context: { usedPercent: 25, usedTokens: 68000, size: 272000, from: 'info.last_token_usage.total_tokens / info.model_context_window' },
  });
  t.deepEqual(p.usage!.limits.map((l) => [l.window, l.usedPercent, l.resetsAt]), [
    ['5h', 40, new Date(1796000000 * 1000).toISOString()],
    ['7d', 20, new Date(Date.parse('2026-12-07T10:00:02.000Z') + 3600_000).toISOString()],
  ]);
  // A line written in two pieces is read once whole.
  const half = `${JSON.stringify({ timestamp: '2026-12-07T10:00:03.000Z', type: 'event_msg', payload: { type: 'token_count', info: null, rate_limits: { primary: { used_percent: 85, window_minutes: 300 } } } })}\n`;
  fs.appendFileSync(log, half.slice(0, 40));
  agent.say('print more output');
  await waitUntil(async () => (await watch.screen()).includes('more output'), 'the output');
  fs.appendFileSync(log, half.slice(40));
  agent.say('print output again');
  await watch.waitFor((pane) => pane.usage?.limits[0]?.usedPercent === 85, 'the primary limit at 85%', 10_000);
  const alert = await waitUntil(() => watch.events().find((e) => e.type === 'notification'), 'the limit notification');
  t.like(alert, { cause: 'usage', title: 'codex usage', text: '5h limit 85% used' });
  t.is((await watch.info()).usage!.context, null, 'a line without token info says nothing of the context');
  // Codex ends: its usage goes with it.
  await agent.env.ok(['send', '--pane', '1', '--key', 'C-c']);
  await waitUntil(() => watch.events().some((e) => e.type === 'usage-changed' && e.usage === null), 'usage gone with Codex');
  t.is((await watch.info()).usage, null);
  usageEventsValid(t, watch);
});
