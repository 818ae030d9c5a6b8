// Runs a shell script inside a thurm pane, as a program there would (with the pane's
// THURM_SOCKET, TMUX and PATH), and reads back what it printed and its exit status.
import fs from 'node:fs';
import path from 'node:path';
import type { ThurmEnv } from './thurm-env.js';
import { waitUntil } from './wait.js';

let scripts = 0;

/** Resolves with the script's stdout, stderr and status; `session` picks the session to type into. */
export async function inPane(env: ThurmEnv, script: string, pane = '1', session?: string): Promise<{ out: string; err: string; code: number }> {
  const base = path.join(env.dir, `script-${++scripts}`);
  fs.writeFileSync(`${base}.sh`, script);
  await env.ok([...session ? ['-s', session] : [], 'send', '--pane', pane, '--enter', `sh ${base}.sh > ${base}.out 2> ${base}.err; echo $? > ${base}.rc`]);
  const rc = await waitUntil(() => {
    const text = fs.readFileSync(`${base}.rc`, { encoding: 'utf8', flag: 'a+' });
    return text.endsWith('\n') && text;
  }, `the script in pane ${pane} to finish`, 30_000);
  return { out: fs.readFileSync(`${base}.out`, 'utf8'), err: fs.readFileSync(`${base}.err`, 'utf8'), code: Number(rc) };
}
