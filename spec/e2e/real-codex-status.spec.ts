// The real Codex with thurm's notify program installed, launched into a hidden window: its
// launch is no turn, a turn ends done with one notification whose text does not repeat the
// state, focusing the pane clears done, and its spinner title reaches subscribers coalesced.
// Every status, notification and title event of the pane is watched. Reported as skipped
// where the install is missing.
import test from 'ava';
import { DEFAULT_CONFIG } from '../../lib/session/config.js';
import { userTexts, type ResponsesRequest } from '../helpers/fake-openai-api.js';
import { watchPane } from '../helpers/pane-watch.js';
import { CODEX_INSTALLED, codexWorld, promptCodex, SLOW } from '../helpers/real-codex.js';
import { waitUntil } from '../helpers/wait.js';

const IDLE_MS = DEFAULT_CONFIG.detection.idleThresholdMs;
const PROMPT = 'say the status word';

const answer = (r: ResponsesRequest) => ((userTexts(r).at(-1) ?? '').includes(PROMPT) ? 'codex-answer-marker' : 'A title');

(CODEX_INSTALLED ? test.serial : test.serial.skip)(
  CODEX_INSTALLED
    ? 'real Codex with its notify: a launch into a hidden window is no turn, a turn ends done with one notification, focus clears it, and its title events are coalesced'
    : 'real Codex status with notify (skipped: real Codex is not installed at /opt/real-agents/codex)',
  async (t) => {
    t.timeout(5 * SLOW);
    // The model thinks for 3 s, so the turn shows Codex's spinner (in its title too).
    const { env, project } = await codexWorld(t, answer, 3000);
    await env.ok(['new', '-d', '--size', '120x40']);
    const pane = (await env.ok(['new-window', '-d'])).trim();
    const watch = await watchPane(env, pane);
    t.teardown(() => watch.close());

    await env.ok(['send', '--pane', pane, `cd '${project}' && codex`, '--enter']);
    await watch.waitFor((p, screen) => p.foreground?.argv.some((a) => a.endsWith('codex')) && /Ask Codex|›/.test(screen), 'Codex at its composer', SLOW);
    await waitUntil(async () => ((await watch.explain()).lastOutputMs ?? 0) > IDLE_MS + 2000, 'the start-up output to go quiet', SLOW);
    const launch = watch.events().filter((e) => e.status?.state === 'done' || e.type === 'notification');
    t.deepEqual(launch, [], 'no done and no notification for a launch');

    const turnStart = watch.events().length;
    await promptCodex(env, pane, PROMPT);
    await watch.waitFor((p, screen) => screen.includes('codex-answer-marker') && p.status.state === 'done', 'the answer, and the turn done', SLOW);
    await waitUntil(() => watch.events().some((e) => e.type === 'notification'), 'the done notification', SLOW);
    const notes = watch.events().filter((e) => e.type === 'notification') as unknown as { cause: string; title: string; text: string }[];
    t.deepEqual(notes.map((n) => n.cause), ['done'], 'one notification for one turn');
    t.not(notes[0].text, 'done', 'the text does not repeat the state');

    // Codex's spinner in its title changes it many times a second: at most four events a second reach subscribers.
    const titles = watch.events().slice(turnStart).filter((e) => e.type === 'title-changed').map((e) => Date.parse(e.at));
    const busiest = Math.max(0, ...titles.map((at) => titles.filter((x) => x >= at && x < at + 1000).length));
    t.true(busiest <= 5, `${busiest} title events in one second`);

    t.is((await env.json<{ pane: string }>(['focus', '--urgent'])).pane, pane);
    await watch.waitFor((p) => p.status.state === 'idle', 'done seen: idle', SLOW);
    // Its notify comes from its daemon, after its own record: the same turn, no second done.
    await waitUntil(async () => ((await watch.info()).hook?.event ?? '') !== '', 'the notify hook', SLOW);
    t.is((await watch.info()).status.state, 'idle');
    t.is(watch.events().filter((e) => e.type === 'notification').length, 1);
  },
);
