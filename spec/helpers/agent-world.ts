// What every real-agent spec starts from: its fake model API serving on 127.0.0.1, a thurm
// environment of its own and a project folder in it; all go when the test ends. The agents
// run as a person runs them: a CI runner's variables (CI, CONTINUOUS_INTEGRATION, CI_*) are
// left out, since Gemini CLI takes them to mean "not interactive" and exits at start-up.
import fs from 'node:fs';
import path from 'node:path';
import type { ExecutionContext } from 'ava';
import { ThurmEnv } from './thurm-env.js';

export async function agentWorld(t: ExecutionContext, api: { start(): Promise<string>; close(): Promise<void> }): Promise<{ env: ThurmEnv; url: string; project: string }> {
  const url = await api.start();
  t.teardown(() => api.close());
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  for (const name of Object.keys(env.env)) {
    if (name === 'CI' || name === 'CONTINUOUS_INTEGRATION' || name.startsWith('CI_')) delete env.env[name];
  }
  const project = path.join(env.dir, 'project');
  fs.mkdirSync(project);
  return { env, url, project };
}
