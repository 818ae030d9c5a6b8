// The real Claude Code with thurm's hooks installed, as the README recommends, launched into a
// hidden window: its launch is no turn, a turn ends done with one notification, focusing the
// pane clears done, and a turn that fails at the API (no Stop hook) does not stay working.
// Every status change of the pane is watched as an event, so a false state between polls shows.
// Reported as skipped where the install is missing.
import test from 'ava';
import { DEFAULT_CONFIG } from '../../lib/session/config.js';
import type { ApiAnswer, ApiRequest } from '../helpers/fake-anthropic-api.js';
import { watchPane } from '../helpers/pane-watch.js';
import { CLAUDE_INSTALLED, claudeWorld, SLOW, typePrompt } from '../helpers/real-claude.js';
import { waitUntil } from '../helpers/wait.js';

const IDLE_MS = DEFAULT_CONFIG.detection.idleThresholdMs;

(CLAUDE_INSTALLED ? test.serial : test.serial.skip)(
  CLAUDE_INSTALLED
    ? 'real Claude Code with hooks: a launch into a hidden window is no turn, a turn ends done once, focus clears it, and a failed turn does not stay working'
    : 'real Claude Code status with hooks (skipped: real Claude Code is not installed at /opt/real-agents/claude)',
  async (t) => {
    t.timeout(6 * SLOW);
    let failing = false;
    const answer = (r: ApiRequest): ApiAnswer => {
      if (!r.body.tools?.length) return 'Status check';
      return failing ? { status: 400, error: 'invalid_request_error', message: 'offline-failure-marker' } : 'first-answer-marker';
    };
    const { env, project } = await claudeWorld(t, answer);
    await env.ok(['new', '-d', '--size', '100x40']);
    const pane = (await env.ok(['new-window', '-d'])).trim();
    const watch = await watchPane(env, pane);
    t.teardown(() => watch.close());
    const { waitFor, info } = watch;

    await env.ok(['send', '--pane', pane, `cd '${project}' && claude`, '--enter']);
    await waitFor((p, screen) => p.hook?.event === 'SessionStart' && /❯/.test(screen), 'Claude at its prompt, bound by SessionStart', SLOW);
    // A false done came 0.4-1.5 s after the launch; wait until the idle threshold has passed
    // since Claude's last output, so detection had every chance to call its start-up a turn.
    await waitUntil(async () => ((await watch.explain()).lastOutputMs ?? 0) > IDLE_MS + 2000, 'the start-up output to go quiet', SLOW);
    t.deepEqual(watch.events().filter((e) => e.status?.state === 'done' || e.type === 'notification'), [], 'no done and no notification for a launch');
    t.deepEqual(watch.events().filter((e) => e.status?.state === 'working'), [], 'no working either: its start-up is no turn');
    t.not((await info()).status.state, 'done');

    await typePrompt(env, 'say something', pane);
    await waitFor((p, screen) => p.hook?.event === 'Stop' && screen.includes('first-answer-marker'), 'the Stop hook after the answer', SLOW);
    // Claude Code reports over OSC 7501 too (its record beats the hook): either way, done.
    await waitFor((p) => p.status.state === 'done', 'done after the turn', 10_000);
    await waitUntil(() => watch.events().some((e) => e.type === 'notification'), 'the done notification');
    t.deepEqual(watch.events().filter((e) => e.type === 'notification').map((e) => e.cause), ['done'], 'one notification for one turn');

    t.is((await env.json<{ pane: string }>(['focus', '--urgent'])).pane, pane, 'focus --urgent goes to the done pane');
    await waitFor((p) => p.status.state === 'idle', 'done seen: idle', SLOW);
    t.is((await env.cli(['focus', '--urgent'])).code, 3, 'no pane needs you any more (NOT_FOUND)');

    failing = true;
    const before = watch.events().length;
    await typePrompt(env, 'this turn fails', pane);
    await waitFor((_p, screen) => screen.includes('offline-failure-marker'), 'the API error on screen', SLOW);
    await waitFor((p) => p.status.state !== 'working', 'the failed turn to stop showing working', IDLE_MS + SLOW / 2);
    // No Stop hook comes for a failed turn: the hook's working must stop counting by itself.
    const after = await waitUntil(async () => {
      const e = await watch.explain();
      return e.hook?.event === 'Stop' || e.hook?.stale ? e : null;
    }, 'the hook to end with Stop or go stale', IDLE_MS + SLOW / 2);
    t.not(after.state, 'working');
    t.true(after.hook?.event === 'Stop' || /no output/.test(after.hook?.stale ?? ''), JSON.stringify(after.hook));
    t.false(watch.events().slice(before).some((e) => e.status?.state === 'done' && e.status.source === 'screen-and-activity'), 'no detected done for a failed turn');

    // Claude hung up at its error screen: a program leaving is no turn that ended.
    const leaving = watch.events().length;
    const claude = (await info()).foreground!;
    process.kill(claude.pid, 'SIGHUP');
    await waitFor((p) => p.foreground?.pid !== claude.pid && p.foreground?.pid === p.pid, 'the shell back in the foreground', SLOW);
    await waitUntil(async () => ((await watch.explain()).lastOutputMs ?? 0) > IDLE_MS + 2000, 'the pane quiet past the idle threshold', SLOW);
    t.deepEqual(watch.events().slice(leaving).filter((e) => e.type === 'notification' || ['working', 'done'].includes(e.status?.state ?? '')), [],
      'no working, no done and no notification for a program that left');
  },
);
