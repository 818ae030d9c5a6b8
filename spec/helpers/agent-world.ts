// What every real-agent spec starts from: its fake model API serving on 127.0.0.1, a thurm
// environment of its own and a project folder in it; all go when the test ends.
import fs from 'node:fs';
import path from 'node:path';
import type { ExecutionContext } from 'ava';
import { ThurmEnv } from './thurm-env.js';

export async function agentWorld(t: ExecutionContext, api: { start(): Promise<string>; close(): Promise<void> }): Promise<{ env: ThurmEnv; url: string; project: string }> {
  const url = await api.start();
  t.teardown(() => api.close());
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  const project = path.join(env.dir, 'project');
  fs.mkdirSync(project);
  return { env, url, project };
}
