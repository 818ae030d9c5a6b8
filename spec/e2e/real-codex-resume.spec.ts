// The real Codex (0.171.0, installed outside the project at /opt/real-agents/codex), run offline
// against a fake Responses API on 127.0.0.1: its own notify program (`thurm integration install
// codex`) binds the pane to its thread when a turn completes, and after the server is killed,
// a restore types `codex resume <id>` and Codex carries on in the same thread. Reported as
// skipped where that install is missing.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import type { PaneInfo } from '../../lib/server/protocol.js';
import { readSnapshot } from '../../lib/session/session-file.js';
import { userTexts, type ResponsesRequest } from '../helpers/fake-openai-api.js';
import { CODEX_INSTALLED, codexWorld, promptCodex, SLOW } from '../helpers/real-codex.js';
import { alive } from '../helpers/processes.js';
import { waitForPane as pollPane } from '../helpers/pane-poll.js';
import type { ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

const installed = CODEX_INSTALLED;

const FIRST = 'remember the word first-turn-marker';
const SECOND = 'which word did I ask you to remember';

function answer(r: ResponsesRequest): string {
  const said = userTexts(r).at(-1) ?? '';
  if (said.includes('task title')) return 'Remember a word';
  if (said.includes(SECOND)) return 'recalled-second-answer';
  if (said.includes(FIRST)) return 'noted-first-answer';
  return 'unexpected-prompt';
}

/** Pane 1, polled until `probe` accepts it (see pane-poll.ts). */
const waitForPane = <T>(env: ThurmEnv, probe: (p: PaneInfo) => T, what: string) => pollPane(env, probe, what, SLOW);

(installed ? test.serial : test.serial.skip)(
  installed
    ? 'real Codex bound by its notify program is resumed after kill -9 with codex resume and continues its thread'
    : 'real Codex resume after kill -9 (skipped: real Codex is not installed at /opt/real-agents/codex)',
  async (t) => {
    t.timeout(5 * SLOW);
    const { env, api, project } = await codexWorld(t, answer);
    await env.ok(['new', '-d', '--size', '120x40']);
    await env.ok(['send', '--pane', '1', `cd '${project}' && codex '${FIRST}'`, '--enter']);
    await waitForPane(env, () => api.requests.some((r) => userTexts(r).some((s) => s.includes(FIRST))) || null, 'the first turn at the fake API');
    const done = await waitForPane(env, (p) => (p.hook?.event === 'Stop' && p.hook.sessionId ? p : null), 'the notify with the thread id');
    const threadId = done.hook!.sessionId!;
    t.regex(threadId, /^[0-9a-f-]{36}$/);
    t.is(done.hook!.agent, 'codex');
    t.is(done.hook!.status, 'done');
    t.is(done.hook!.ownerPid, done.foreground!.pid, 'the hook state belongs to the codex in the pane, not to its daemon');
    // The id is the resumable thread's (it has a rollout), not the side thread that names the task.
    const rollouts = fs.readdirSync(path.join(env.env.HOME!, '.codex', 'sessions'), { recursive: true }).map(String);
    t.true(rollouts.some((f) => f.endsWith(`-${threadId}.jsonl`)), rollouts.join(', '));

    await env.ok(['save']);
    const saved = readSnapshot(path.join(env.env.XDG_STATE_HOME!, 'thurm', 'default.json')).panes[0];
    t.like(saved.agent, { agent: 'codex', sessionId: threadId, resume: null });
    // Resumed with the program that ran (node and Codex's script), found again from anywhere.
    t.true(saved.agent!.program!.every((w) => path.isAbsolute(w)), JSON.stringify(saved.agent!.program));
    const oldCodex = done.foreground!.pid;
    const server = await env.serverPid();
    process.kill(server, 'SIGKILL');
    await waitUntil(() => !alive(server), 'the server to die');
    await waitUntil(() => !alive(oldCodex), 'the old codex to exit', SLOW);

    const r = await env.cli(['restore', '-d']);
    t.is(r.code, 0, r.stderr);
    t.true(r.stdout.includes(`pane 1: resumed: ${saved.agent!.program!.join(' ')} resume ${threadId} `), r.stdout);
    const fg = await waitForPane(env, (p) => (p.foreground?.argv.some((a) => a.endsWith('codex')) ? p.foreground : null), 'codex in the foreground again');
    const cmdline = fs.readFileSync(`/proc/${fg.pid}/cmdline`, 'utf8').split('\0').slice(0, -1);
    t.deepEqual(cmdline.slice(-2), ['resume', threadId]);
    t.is(path.basename(cmdline[1] ?? cmdline[0]), 'codex');

    // The resumed Codex talks in the same thread: its next request carries the first exchange.
    const before = api.requests.length;
    // Shown again by Codex, below the history the restore put back: by then Codex has set up its
    // terminal (bracketed paste on), so the prompt is pasted, not typed into a starting program.
    const sinceRestore = (screen: string) => screen.split('--- restored by thurm ---').at(-1)!;
    await waitUntil(async () => sinceRestore(await env.capture('1')).includes('noted-first-answer'), 'the earlier answer shown again by Codex', SLOW);
    await promptCodex(env, '1', SECOND);
    const second = await waitForPane(env, () => api.requests.slice(before).find((q) => userTexts(q).some((s) => s.includes(SECOND))) ?? null, 'the second turn at the fake API');
    t.true(userTexts(second).some((s) => s.includes(FIRST)), 'the first prompt is in the resumed thread');
  },
);
