// The real Gemini CLI (0.61.0, installed outside the project at /opt/real-agents/gemini), run
// offline against a fake Gemini API: it neither reports nor has hooks, so detection alone gives
// its state. Launched into a hidden window it stays idle (its start-up is no turn: it used to end
// `done` with a notification); a prompt typed to it is a turn that ends done, once, until seen.
// Every status event of the pane is watched. Reported as skipped where the install is missing.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { DEFAULT_CONFIG } from '../../lib/session/config.js';
import { agentWorld } from '../helpers/agent-world.js';
import { FakeGeminiApi } from '../helpers/fake-gemini-api.js';
import { watchPane } from '../helpers/pane-watch.js';
import { waitUntil } from '../helpers/wait.js';

const GEMINI_BIN_DIR = '/opt/real-agents/gemini/node_modules/.bin';
const installed = fs.existsSync(path.join(GEMINI_BIN_DIR, 'gemini'));
const IDLE_MS = DEFAULT_CONFIG.detection.idleThresholdMs;
const SLOW = 60_000;

(installed ? test.serial : test.serial.skip)(
  installed
    ? 'real Gemini CLI launched into a hidden window stays idle with no notification; a prompt typed to it ends done once, and focus clears it'
    : 'real Gemini CLI launch and turn status (skipped: real Gemini CLI is not installed at /opt/real-agents/gemini)',
  async (t) => {
    t.timeout(5 * SLOW);
    // The model thinks for 3 s, so the turn shows as working as a real one does.
    const { env, url, project } = await agentWorld(t, new FakeGeminiApi(() => 'gemini-answer-marker', 3000));
    fs.mkdirSync(path.join(env.env.HOME!, '.gemini'));
    fs.writeFileSync(path.join(env.env.HOME!, '.gemini', 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' }, folderTrust: { enabled: false } } }));
    Object.assign(env.env, {
      PATH: `${process.env.PATH ?? '/usr/bin:/bin'}${path.delimiter}${GEMINI_BIN_DIR}`,
      GEMINI_API_KEY: 'offline-dummy', GOOGLE_GEMINI_BASE_URL: url,
    });
    await env.ok(['new', '-d', '--size', '100x40']);
    const pane = (await env.ok(['new-window', '-d'])).trim();
    const watch = await watchPane(env, pane);
    t.teardown(() => watch.close());
    const { waitFor } = watch;

    await env.ok(['send', '--pane', pane, `cd '${project}' && gemini`, '--enter']);
    await waitFor((_p, screen) => screen.includes('Type your message'), 'Gemini at its prompt', SLOW);
    // The false done came within seconds of the launch: wait until the idle threshold has
    // passed since Gemini's last output, so detection had every chance to call it a turn.
    await waitUntil(async () => ((await watch.explain()).lastOutputMs ?? 0) > IDLE_MS + 2000, 'the start-up output to go quiet', SLOW);
    t.like((await watch.info()).status, { state: 'idle', source: 'screen-and-activity' });
    t.deepEqual(watch.events().filter((e) => e.status?.state === 'done' || e.type === 'notification'), [], 'no done and no notification for a launch');

    // Text and Enter apart, as a person types.
    await env.ok(['send', '--pane', pane, 'say hi']);
    await waitFor((_p, screen) => screen.includes('say hi'), 'the prompt typed', SLOW);
    await env.ok(['send', '--pane', pane, '--key', 'Enter']);
    await waitFor((_p, screen) => screen.includes('gemini-answer-marker'), 'the answer on screen', SLOW);
    await waitFor((p) => p.status.state === 'done', 'the turn to end done while nobody looks', SLOW);
    t.like((await watch.info()).status, { state: 'done', source: 'screen-and-activity' });
    await waitUntil(() => watch.events().some((e) => e.type === 'notification'), 'the done notification');
    t.deepEqual(watch.events().filter((e) => e.type === 'notification').map((e) => e.cause), ['done'], 'one notification for one turn');

    t.is((await env.json<{ pane: string }>(['focus', '--urgent'])).pane, pane);
    await waitFor((p) => p.status.state === 'idle', 'done seen: idle', SLOW);
  },
);
