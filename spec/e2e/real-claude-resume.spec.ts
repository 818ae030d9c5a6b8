// The real Claude Code (2.1.332, installed outside the project at /opt/real-agents/claude), run
// offline against a fake Messages API on 127.0.0.1: its own hooks bind the pane to its session,
// and after the server is killed, a restore types `<claude, by its path> --resume <id>` and Claude
// carries on with the same conversation. Reported as skipped where that install is missing.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import type { PaneInfo } from '../../lib/server/protocol.js';
import { readSnapshot } from '../../lib/session/session-file.js';
import { messageText, type ApiRequest } from '../helpers/fake-anthropic-api.js';
import { CLAUDE_INSTALLED, claudeWorld, SLOW, typePrompt } from '../helpers/real-claude.js';
import { alive } from '../helpers/processes.js';
import { waitForPane as pollPane } from '../helpers/pane-poll.js';
import type { ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

const installed = CLAUDE_INSTALLED;

const FIRST = 'remember the word first-turn-marker';
const SECOND = 'which word did I ask you to remember';

/**
 * What the user said last in a request of the conversation (one that offers Claude its tools),
 * or null for a side request such as the session title. Claude Code 2.1.332 sends its
 * environment as a `system` message after the user's, so the user's is not always the last.
 */
function promptOf(r: ApiRequest): string | null {
  if (!r.body.tools?.length) return null;
  const said = r.body.messages?.filter((m) => m.role === 'user').at(-1);
  return said ? messageText(said) : null;
}

/** Each answer names the prompt it answers; a side request gets a fixed text. */
function answer(r: ApiRequest): string {
  const said = promptOf(r);
  if (said === null) return 'Resume check';
  if (said.includes(FIRST)) return 'noted-first-answer';
  if (said.includes(SECOND)) return 'recalled-second-answer';
  return 'unexpected-prompt';
}

/** Pane 1, polled until `probe` accepts it (see pane-poll.ts). */
const waitForPane = <T>(env: ThurmEnv, probe: (p: PaneInfo) => T, what: string) => pollPane(env, probe, what, SLOW);

/** Waits for `probe`, with pane 1's screen in the message when it times out. */
async function waitShowing<T>(env: ThurmEnv, probe: () => T, what: string): Promise<NonNullable<T>> {
  let screen = '';
  return waitUntil(async () => {
    screen = await env.capture('1');
    return probe();
  }, () => `${what}; pane 1:\n${screen}`, SLOW);
}

(installed ? test.serial : test.serial.skip)(
  installed
    ? 'real Claude Code bound by its hooks is resumed after kill -9 with claude --resume and continues its conversation'
    : 'real Claude Code resume after kill -9 (skipped: real Claude Code is not installed at /opt/real-agents/claude)',
  async (t) => {
    t.timeout(5 * SLOW);
    const { env, api, project } = await claudeWorld(t, answer);
    await env.ok(['new', '-d', '--size', '100x40']);
    await env.ok(['send', '--pane', '1', `cd '${project}' && claude`, '--enter']);
    // The SessionStart hook comes before the first prompt, when the session has no transcript to
    // resume yet: it binds no session.
    const started = await waitForPane(env, (p) => (p.hook?.event === 'SessionStart' ? p.hook : null), 'the SessionStart hook');
    t.is(started.agent, 'claude-code');
    t.is(started.sessionId, null);
    await waitUntil(async () => /❯/.test(await env.capture('1')), "Claude's prompt box", SLOW);

    await typePrompt(env, FIRST);
    const first = await waitShowing(env, () => api.requests.find((r) => promptOf(r)?.includes(FIRST)), 'the first turn at the fake API');
    await waitUntil(async () => (await env.capture('1')).includes('noted-first-answer'), 'the first answer on screen', SLOW);
    const done = await waitForPane(env, (p) => (p.hook?.event === 'Stop' ? p : null), 'the Stop hook');
    const sessionId = done.hook!.sessionId!;
    t.regex(sessionId, /^[0-9a-f-]{36}$/);
    t.is(first.headers['x-claude-code-session-id'], sessionId, 'the hook reported the session Claude talks to the API in');
    t.is(done.hook!.status, 'done');
    t.is(done.hook!.ownerPid, done.foreground!.pid, 'the hook state belongs to the claude process itself');

    await env.ok(['save']);
    const saved = readSnapshot(path.join(env.env.XDG_STATE_HOME!, 'thurm', 'default.json')).panes[0];
    t.like(saved.agent, { agent: 'claude-code', sessionId, resume: null });
    // Resumed with the program that ran, by its path: found from anywhere, whatever the PATH.
    t.true(saved.agent!.program!.every((w) => path.isAbsolute(w)), JSON.stringify(saved.agent!.program));
    const oldClaude = done.foreground!.pid;
    const server = await env.serverPid();
    process.kill(server, 'SIGKILL');
    await waitUntil(() => !alive(server), 'the server to die');
    // With its terminal gone Claude exits by itself: the one resumed is a new process.
    await waitUntil(() => !alive(oldClaude), 'the old claude to exit', SLOW);

    const r = await env.cli(['restore', '-d']);
    t.is(r.code, 0, r.stderr);
    t.true(r.stdout.includes(`pane 1: resumed: ${saved.agent!.program!.join(' ')} --resume ${sessionId} `), r.stdout);
    const fg = await waitForPane(env, (p) => (p.foreground && path.basename(p.foreground.argv[0]) === 'claude' ? p.foreground : null), 'claude in the foreground again');
    const cmdline = fs.readFileSync(`/proc/${fg.pid}/cmdline`, 'utf8').split('\0').slice(0, -1);
    t.deepEqual(cmdline.slice(-2), ['--resume', sessionId]);
    t.is(fs.readlinkSync(`/proc/${fg.pid}/cwd`), project);
    // The resumed Claude's SessionStart hook names the same session again.
    await waitForPane(env, (p) => p.hook?.ownerPid === fg.pid && p.hook.sessionId === sessionId, 'the resumed session in the hook state');

    const before = api.requests.length;
    await typePrompt(env, SECOND);
    const second = await waitShowing(env, () => api.requests.slice(before).find((r) => promptOf(r)?.includes(SECOND)), 'the second turn at the fake API');
    // The strongest evidence: the request Claude sends after the resume carries the whole earlier
    // exchange, read back from its transcript, in the same session.
    const conversation = second.body.messages!.map((m) => ({ role: m.role, text: messageText(m) }));
    const asked = conversation.findIndex((m) => m.role === 'user' && m.text.includes(FIRST));
    const answered = conversation.findIndex((m) => m.role === 'assistant' && m.text.includes('noted-first-answer'));
    t.true(asked >= 0 && answered > asked, JSON.stringify(conversation.map((m) => [m.role, m.text.slice(-80)])));
    t.is(second.headers['x-claude-code-session-id'], sessionId);
    await waitUntil(async () => (await env.capture('1')).includes('recalled-second-answer'), 'the second answer on screen', SLOW);
  },
);
