// The real Claude Code and Codex, offline against fake APIs that state token usage and send
// rate-limit headers, set up as the README says: their context, cost and limits reach the
// pane's usage (info, `agents --json`, `agents`), each the agent's own figure, and the user's own
// Claude Code status line still shows under thurm's. Reported as skipped where an install is
// missing (real-agents.md's installs, see docs/testing.md).
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { watchPane } from '../helpers/pane-watch.js';
import { CLAUDE_INSTALLED, claudeWorld, SLOW as CLAUDE_SLOW, typePrompt } from '../helpers/real-claude.js';
import { CODEX_INSTALLED, codexWorld, promptCodex, SLOW as CODEX_SLOW } from '../helpers/real-codex.js';
import { waitUntil } from '../helpers/wait.js';

const RESET = Math.floor(Date.now() / 1000) + 3 * 3600;

(CLAUDE_INSTALLED ? test.serial : test.serial.skip)(
  CLAUDE_INSTALLED
    ? 'real Claude Code on a plan: its status line hands thurm context, cost, model and limits, and the user\'s own status line still shows'
    : 'real Claude Code usage (skipped: real Claude Code is not installed at /opt/real-agents/claude)',
  async (t) => {
    t.timeout(4 * CLAUDE_SLOW);
    const capture = path.join(fs.mkdtempSync('/tmp/thurm-real-usage-'), 'status.json');
    t.teardown(() => fs.rmSync(path.dirname(capture), { recursive: true, force: true }));
    const own = `cat > '${capture}'; printf 'own-status-line-marker'`;
    // A plan's login (an OAuth token, not an API key): Claude Code gives its status line the plan's limits only then.
    const { env, api, project } = await claudeWorld(t, (r) => (r.body.tools?.length ? 'usage-answer-marker' : 'A title'), { settings: { apiKeyHelper: undefined, statusLine: { type: 'command', command: own } } });
    env.env.CLAUDE_CODE_OAUTH_TOKEN = 'sk-ant-oat01-offline-dummy';
    api.usage = { input_tokens: 50000, output_tokens: 400, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
    api.headers = {
      'anthropic-ratelimit-unified-status': 'allowed',
      'anthropic-ratelimit-unified-5h-utilization': '0.42', 'anthropic-ratelimit-unified-5h-reset': String(RESET),
      'anthropic-ratelimit-unified-7d-utilization': '0.15', 'anthropic-ratelimit-unified-7d-reset': String(RESET + 86400),
    };
    await env.ok(['new', '-d', '--size', '120x40']);
    const pane = (await env.ok(['new-window', '-d'])).trim();
    const watch = await watchPane(env, pane, ['usage-changed', 'notification', 'status-changed']);
    t.teardown(() => watch.close());
    await env.ok(['send', '--pane', pane, `cd '${project}' && claude`, '--enter']);
    await watch.waitFor((_p, screen) => /❯/.test(screen) && screen.includes('own-status-line-marker'), 'Claude at its prompt, the user\'s status line under it', CLAUDE_SLOW);
    await typePrompt(env, 'say something', pane);
    const p = await watch.waitFor((i, screen) => (screen.includes('usage-answer-marker') && i.usage?.cost && i.usage.cost.usd > 0 ? i : null), 'usage after the turn', CLAUDE_SLOW);
    // What thurm shows is what Claude Code handed its status line, and that is what the API said.
    const given = JSON.parse(fs.readFileSync(capture, 'utf8'));
    t.like(p.usage, {
      agent: 'claude-code', source: 'claude-code-statusline', file: null,
      model: { name: given.model.display_name, from: 'model.display_name' },
      context: { usedPercent: given.context_window.used_percentage, size: given.context_window.context_window_size, from: 'context_window.used_percentage' },
      cost: { usd: given.cost.total_cost_usd, from: 'cost.total_cost_usd' },
    });
    t.true(p.usage!.context!.usedPercent! > 0 && p.usage!.cost!.usd > 0, JSON.stringify(p.usage));
    t.deepEqual(p.usage!.limits.map((l) => [l.window, l.usedPercent, l.resetsAt]), [
      ['5h', 42, new Date(RESET * 1000).toISOString()], ['7d', 15, new Date((RESET + 86400) * 1000).toISOString()],
    ]);
    const row = (await env.json<{ agents: { pane: string; usage?: unknown }[] }>(['agents'])).agents.find((a) => a.pane === pane);
    t.deepEqual(row?.usage, p.usage);
    t.regex(await env.ok(['agents']), new RegExp(`pane ${pane} .*\\(ctx ${Math.round(given.context_window.used_percentage)}% · \\$${given.cost.total_cost_usd.toFixed(2)} · 5h 42%\\)`));
  },
);

(CODEX_INSTALLED ? test.serial : test.serial.skip)(
  CODEX_INSTALLED
    ? 'real Codex: the token_count lines of its session log give thurm its context and its plan\'s limits, and a limit past 80% notifies'
    : 'real Codex usage (skipped: real Codex is not installed at /opt/real-agents/codex)',
  async (t) => {
    t.timeout(4 * CODEX_SLOW);
    const { env, api, project } = await codexWorld(t, () => 'usage-answer-marker');
    api.usage = { input_tokens: 30000, output_tokens: 2000, total_tokens: 32000 };
    api.headers = {
      'x-codex-primary-used-percent': '42.0', 'x-codex-primary-window-minutes': '300', 'x-codex-primary-reset-at': String(RESET),
      'x-codex-secondary-used-percent': '85.0', 'x-codex-secondary-window-minutes': '10080', 'x-codex-secondary-reset-at': String(RESET + 86400),
    };
    await env.ok(['new', '-d', '--size', '120x40']);
    const pane = (await env.ok(['new-window', '-d'])).trim();
    const watch = await watchPane(env, pane, ['usage-changed', 'notification', 'status-changed']);
    t.teardown(() => watch.close());
    await env.ok(['send', '--pane', pane, `cd '${project}' && codex`, '--enter']);
    // Typed before its composer is drawn, the prompt was lost once in a loaded full run (the screen
    // stayed at Codex's header): real-codex-status.spec waits for it the same way.
    await watch.waitFor((p, screen) => p.foreground?.argv.some((a) => a.endsWith('codex')) && /Ask Codex|›/.test(screen), 'Codex at its composer', CODEX_SLOW);
    await promptCodex(env, pane, 'say something');
    const p = await watch.waitFor((i, screen) => (screen.includes('usage-answer-marker') && i.usage ? i : null), 'usage after the turn', CODEX_SLOW);
    const size = p.usage!.context!.size!;
    t.like(p.usage, {
      agent: 'codex', source: 'codex-session-log', cost: null, model: { name: 'fake-model', from: 'turn_context.model' },
      context: { usedTokens: 32000, usedPercent: Math.round((32000 / size) * 1000) / 10, from: 'info.last_token_usage.total_tokens / info.model_context_window' },
    });
    t.regex(p.usage!.file ?? '', /\/\.codex\/sessions\/\d{4}\/\d\d\/\d\d\/rollout-[^/]+\.jsonl$/);
    t.deepEqual(p.usage!.limits.map((l) => [l.window, l.usedPercent, l.resetsAt]), [
      ['7d', 85, new Date((RESET + 86400) * 1000).toISOString()], ['5h', 42, new Date(RESET * 1000).toISOString()],
    ]);
    // The weekly limit is past 80%: one notification says so.
    const alert = await waitUntil(() => watch.events().find((e) => e.type === 'notification' && e.cause === 'usage'), 'the usage notification');
    t.like(alert, { title: 'codex usage', text: '7d limit 85% used' });
    const row = (await env.json<{ agents: { pane: string; usage?: unknown }[] }>(['agents'])).agents.find((a) => a.pane === pane);
    t.deepEqual(row?.usage, (await watch.info()).usage);
  },
);
