// The real Codex for the specs that drive it (0.171.0, installed outside the project at
// /opt/real-agents/codex), run offline against a fake Responses API on 127.0.0.1 in a temporary
// HOME that trusts its project and runs this checkout's notify program.
import fs from 'node:fs';
import path from 'node:path';
import type { ExecutionContext } from 'ava';
import { FakeOpenAiApi, type ResponsesRequest } from './fake-openai-api.js';
import { agentWorld } from './agent-world.js';
import type { ThurmEnv } from './thurm-env.js';
import { waitUntil } from './wait.js';

export const CODEX_BIN_DIR = '/opt/real-agents/codex/node_modules/.bin';
export const CODEX_INSTALLED = fs.existsSync(path.join(CODEX_BIN_DIR, 'codex'));
/** Codex takes over ten seconds to start on these shared machines. */
export const SLOW = 90_000;

/** Codex's app-server daemons started under this HOME (they outlive Codex), by pid. */
function daemons(home: string): number[] {
  return fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e)).map(Number).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(path.join(home, '.codex', 'packages'));
    } catch {
      return false;
    }
  });
}

/** A session's environment with `codex` on PATH, trusting a project folder, talking to a fake Responses API, with thurm's notify installed. */
export async function codexWorld(t: ExecutionContext, answer: (r: ResponsesRequest) => string, thinkMs = 0): Promise<{ env: ThurmEnv; api: FakeOpenAiApi; project: string }> {
  const api = new FakeOpenAiApi(answer, thinkMs);
  const { env, url, project } = await agentWorld(t, api);
  const home = env.env.HOME!;
  // Registered after cleanup, so it runs first: the daemons go before their folder does.
  t.teardown(() => {
    for (const pid of daemons(home)) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // gone between the listing and the signal (seen once in a full run: ESRCH)
      }
    }
  });
  fs.mkdirSync(path.join(home, '.codex'));
  fs.writeFileSync(path.join(home, '.codex', 'auth.json'), JSON.stringify({ OPENAI_API_KEY: 'sk-offline-dummy' }));
  fs.writeFileSync(path.join(home, '.codex', 'config.toml'), [
    'model = "fake-model"', 'model_provider = "fake"', '',
    '[model_providers.fake]', 'name = "fake"', `base_url = "${url}"`, 'wire_api = "responses"', 'env_key = "FAKE_OPENAI_KEY"', '',
    `[projects."${project}"]`, 'trust_level = "trusted"', '',
  ].join('\n'));
  Object.assign(env.env, { PATH: `${process.env.PATH ?? '/usr/bin:/bin'}${path.delimiter}${CODEX_BIN_DIR}`, FAKE_OPENAI_KEY: 'dummy' });
  // The real installer of this checkout, so the notify runs this checkout's bin/thurm.
  const out = await env.ok(['integration', 'install', 'codex']);
  if (!out.includes('notify program')) throw new Error(`integration install: ${out}`);
  return { env, api, project };
}

/**
 * Types `text` into Codex in `pane` and submits it, as `thurm agent prompt` does: pasted and
 * submitted in one write (Codex takes an Enter within 120 ms of typed text for a newline, its
 * paste-burst guard). A Codex that reports itself working for a moment (a resumed one loading its
 * thread) is refused with AGENT_BUSY (exit 18): asked again until Codex takes the prompt.
 */
export async function promptCodex(env: ThurmEnv, pane: string, text: string): Promise<void> {
  await waitUntil(async () => {
    const r = await env.cli(['agent', 'prompt', '--pane', pane, text]);
    if (r.code !== 0 && r.code !== 18) throw new Error(`agent prompt exited ${r.code}: ${r.stderr}`);
    return r.code === 0;
  }, `Codex in pane ${pane} to take the prompt`, SLOW, 250);
}
