// The real Claude Code for the specs that drive it (2.1.332, installed outside the project at
// /opt/real-agents/claude), run offline against a fake Messages API on 127.0.0.1 in a temporary
// HOME where it is onboarded, trusts its project and runs this checkout's hooks.
import fs from 'node:fs';
import path from 'node:path';
import type { ExecutionContext } from 'ava';
import { FakeAnthropicApi, type ApiAnswer, type ApiRequest } from './fake-anthropic-api.js';
import { agentWorld } from './agent-world.js';
import type { ThurmEnv } from './thurm-env.js';
import { waitUntil } from './wait.js';

export const CLAUDE_BIN_DIR = '/opt/real-agents/claude/node_modules/.bin';
export const CLAUDE_INSTALLED = fs.existsSync(path.join(CLAUDE_BIN_DIR, 'claude'));
/** Claude starts in about a second, but these machines are shared and often loaded. */
export const SLOW = 60_000;

/** A temporary HOME where Claude Code is onboarded, trusts `project`, gets a dummy key and (with `hooks`) runs thurm's hooks. */
async function claudeHome(env: ThurmEnv, project: string, hooks: boolean, own: Record<string, unknown>): Promise<void> {
  const home = env.env.HOME!;
  fs.writeFileSync(path.join(home, '.claude.json'), JSON.stringify({ hasCompletedOnboarding: true, projects: { [project]: { hasTrustDialogAccepted: true } } }));
  const settings = path.join(home, '.claude', 'settings.json');
  fs.mkdirSync(path.dirname(settings), { recursive: true });
  fs.writeFileSync(settings, JSON.stringify({ apiKeyHelper: 'echo sk-ant-offline-dummy-key', ...own }));
  if (!hooks) return;
  // The real installer of this checkout, so the hooks run this checkout's bin/thurm.
  const out = await env.ok(['integration', 'install', 'claude-code', '--settings', settings]);
  if (!out.includes('installed thurm hooks')) throw new Error(`integration install: ${out}`);
}

/**
 * A session's environment with `claude` on PATH, a fake API answering with `answer`, a trusted
 * project folder and, unless told otherwise, thurm's hooks; `settings` are the user's own
 * (a status line) before thurm's install.
 */
export async function claudeWorld(t: ExecutionContext, answer: (r: ApiRequest) => ApiAnswer, { hooks = true, settings = {} as Record<string, unknown> } = {}): Promise<{ env: ThurmEnv; api: FakeAnthropicApi; project: string }> {
  const api = new FakeAnthropicApi(answer);
  const { env, url, project } = await agentWorld(t, api);
  Object.assign(env.env, {
    // `claude` on the user's PATH, so the shell of a pane finds it (after what npm put in front,
    // when this spec runs under npm: thurm leaves only npm's own folders out of a pane's PATH).
    PATH: `${process.env.PATH ?? '/usr/bin:/bin'}${path.delimiter}${CLAUDE_BIN_DIR}`,
    ANTHROPIC_BASE_URL: url,
    // Else each start asks the npm registry for a newer Claude Code (`npm view`, 1-2 s of CPU
    // and a wait on the network), which is not what these specs look at.
    DISABLE_AUTOUPDATER: '1',
  });
  await claudeHome(env, project, hooks, settings);
  return { env, api, project };
}

/** Types a prompt into Claude in `pane` and submits it. */
export async function typePrompt(env: ThurmEnv, text: string, pane = '1'): Promise<void> {
  // Text and Enter apart: Claude Code takes a burst that ends in Enter as a paste, not a submit.
  await env.ok(['send', '--pane', pane, text]);
  await waitUntil(async () => (await env.capture(pane)).includes(text), `"${text}" in Claude's prompt box`, SLOW);
  await env.ok(['send', '--pane', pane, '--key', 'Enter']);
}
