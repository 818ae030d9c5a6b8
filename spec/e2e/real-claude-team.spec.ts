// The real Claude Code (2.1.332, installed outside the project at /opt/real-agents/claude) as the
// lead of an Agent Team in a thurm pane, offline against a fake Messages API whose model spawns
// a teammate: Claude Code finds tmux through the shim and opens the teammate as a thurm pane,
// named after it, running a second Claude Code that answers in its own pane. Skipped, and says
// so, where that install is missing.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import type { SessionInfo } from '../../lib/server/protocol.js';
import type { ApiRequest } from '../helpers/fake-anthropic-api.js';
import { CLAUDE_INSTALLED, claudeWorld } from '../helpers/real-claude.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

const installed = CLAUDE_INSTALLED;
/** Two Claude Codes start on a shared, often loaded machine. */
const SLOW = 90_000;
const PROMPT = 'start the team now';

/** The lead's model spawns the teammate once; the teammate's model answers its instructions. */
function answers(): (r: ApiRequest) => string | { tool: string; input: Record<string, unknown> } {
  let spawned = false;
  return (r) => {
    if (!r.body.tools?.length) return 'Team check';
    const conversation = JSON.stringify(r.body.messages ?? []);
    if (conversation.includes('teammate-message teammate_id=\\"team-lead\\"')) return 'researcher-was-here';
    if (!spawned && conversation.includes(PROMPT)) {
      spawned = true;
      return { tool: 'Agent', input: { description: 'look around', prompt: 'say researcher-was-here', name: 'researcher' } };
    }
    return 'lead-is-done';
  };
}

(installed ? test.serial : test.serial.skip)(
  installed
    ? 'real Claude Code Agent Teams open the teammate as a thurm pane named after it, where a second Claude Code answers'
    : 'real Claude Code Agent Teams in thurm panes (skipped: real Claude Code is not installed at /opt/real-agents/claude)',
  async (t) => {
    t.timeout(4 * SLOW);
    const { env, project } = await claudeWorld(t, answers(), { hooks: false });
    const log = path.join(env.dir, 'tmux-calls.jsonl');
    Object.assign(env.env, {
      CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: '1',
      TMUX_SHIM_LOG: log,
    });
    await env.ok(['new', '-d', '--size', '160x45']);
    const client = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 160, 45);
    t.teardown(() => client.kill());
    await client.waitForText('[default]');
    // `default` permissions: the auto mode of 2.1.332 stops at a billing notice for a local API.
    await env.ok(['send', '--pane', '1', `cd '${project}' && claude --teammate-mode tmux --permission-mode default`, '--enter']);
    await waitUntil(async () => /❯/.test(await env.capture('1')), "the lead's prompt box", SLOW);
    // Text and Enter apart: Claude Code takes a burst that ends in Enter as a paste.
    await env.ok(['send', '--pane', '1', PROMPT]);
    await waitUntil(async () => (await env.capture('1')).includes(PROMPT), 'the prompt typed', SLOW);
    await env.ok(['send', '--pane', '1', '--key', 'Enter']);

    let screen = '';
    const teammate = await waitUntil(async () => {
      const panes = (await env.json<SessionInfo>(['info'])).panes;
      screen = panes.length > 1 ? await env.capture('2') : await env.capture('1');
      return panes.length === 2 && screen.includes('researcher-was-here') ? panes[1] : null;
    }, () => `the teammate's answer in pane 2:\n${screen}`, SLOW);
    t.is(teammate.title, 'researcher');
    t.is(teammate.cwd, project);
    t.regex(teammate.command.join(' '), / --agent-name researcher --team-name \S+ --agent-color \S+ /);
    await waitUntil(async () => (await env.capture('1')).includes('Teammate @researcher finished'), 'the lead told the teammate finished', SLOW);
    // The teammate's own Claude Code reports its state (OSC 7501) into the border under its name.
    await client.waitFor((s) => /2 researcher ─ (✔ done|○ idle) claude-code/.test(s), "the teammate's status in its border", SLOW);
    t.is((await env.json<SessionInfo>(['info'])).panes[1].status.source, 'program-status');

    const calls = fs.readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { argv: string[]; code: number });
    t.true(calls.every((c) => c.code === 0), JSON.stringify(calls.filter((c) => c.code !== 0)));
    const made = calls.map((c) => c.argv.filter((a, i, all) => a !== '-S' && all[i - 1] !== '-S').join(' '));
    t.true(made.includes('split-window -d -t %1 -h -l 70% -P -F #{pane_id} -- cat'), made.join('\n'));
    t.true(made.includes('select-pane -t %2 -T researcher'));
    t.true(made.some((m) => m.startsWith(`respawn-pane -k -t %2 -- cd ${project} && env CLAUDECODE=1 `)));
  },
);
