// `thurm agent log` and the overview's `l`: a pane's status changes with their times, sources and
// messages, kept over a server upgrade, a respawn and a crash with its restore.
import test, { type ExecutionContext } from 'ava';
import { alive } from '../helpers/processes.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

interface Entry { at: string; state: string; source: string; app: string | null; text: string; progress: number | null }

async function world(t: ExecutionContext): Promise<ThurmEnv> {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--size', '120x40', '--', 'sh']);
  return env;
}

/** Types into pane 1 a line that reports through `thurm status` (OSC 7501), as a build script would. */
async function report(env: ThurmEnv, args: string): Promise<void> {
  await env.ok(['send', '--pane', '1', `node ${BIN} status ${args}`, '--enter']);
}

async function entries(env: ThurmEnv, ...args: string[]): Promise<Entry[]> {
  return (await env.json<{ entries: Entry[] }>(['agent', 'log', '--pane', '1', ...args])).entries;
}

/** The entries a program's reports made, as state and message. */
const said = (list: Entry[]) => list.filter((e) => e.source === 'program-status').map((e) => `${e.state} ${e.text}`);

async function reported(env: ThurmEnv, expected: string[]): Promise<Entry[]> {
  let seen: Entry[] = [];
  return waitUntil(async () => {
    seen = await entries(env);
    return JSON.stringify(said(seen)) === JSON.stringify(expected) ? seen : null;
  }, () => `the log to hold ${expected.join(', ')} (it held ${seen.map((e) => `${e.state} ${e.source} ${e.text}`).join(', ')})`);
}

test.serial('agent log lists each status change with its time, source, app and message; progress alone updates its entry; --since keeps the recent ones', async (t) => {
  const env = await world(t);
  const started = Date.now();
  await report(env, 'working --app make --msg Building --progress 10');
  await report(env, 'working --app make --msg Building --progress 60');
  await report(env, 'blocked --app make --msg "Overwrite dist?" --kind question');
  const list = await reported(env, ['working Building', 'blocked Overwrite dist?']);
  const building = list.find((e) => e.text === 'Building')!;
  t.like(building, { app: 'make', progress: 60 });
  t.true(Date.parse(building.at) >= started - 1000 && Date.parse(building.at) <= Date.now());
  const text = await env.ok(['agent', 'log', '--pane', '1']);
  t.regex(text, /^\d\d:\d\d:\d\d {2}working program-status {6}\(make\) Building 60%$/m);
  t.regex(text, /^\d\d:\d\d:\d\d {2}blocked program-status {6}question \(make\) Overwrite dist\?$/m);
  t.deepEqual(said(await entries(env, '--since', new Date(Date.now() + 60_000).toISOString())), [], 'nothing after a time to come');
  t.deepEqual(said(await entries(env, '--since', '1h')), ['working Building', 'blocked Overwrite dist?']);
  const bad = await env.cli(['agent', 'log', '--since', 'yesterday']);
  t.is(bad.code, 2);
  t.regex(bad.stderr, /since: expected a duration \(30s, 10m, 2h, 1d\) or an ISO 8601 time/);
});

test.serial('the log is kept over a server upgrade, a respawn, and a crash with its restore', async (t) => {
  const env = await world(t);
  await report(env, 'working --msg first');
  await report(env, 'done --msg second');
  const expected = ['working first', 'done second'];
  const before = await reported(env, expected);
  const old = await env.serverPid();
  const up = await env.cli(['server', 'upgrade']);
  t.is(up.code, 0, up.stderr);
  await waitUntil(() => !alive(old), 'the old server to exit');
  t.deepEqual(said(await entries(env)), expected, 'handed over');
  t.deepEqual((await entries(env)).filter((e) => e.source === 'program-status').map((e) => e.at), before.filter((e) => e.source === 'program-status').map((e) => e.at));
  await env.ok(['respawn-pane', '-k', '--pane', '1', '--', 'sh']);
  await waitUntil(async () => (await env.capture('1')).includes('$'), 'the new shell\'s prompt');
  await report(env, 'working --msg third');
  await reported(env, [...expected, 'working third']);
  await env.ok(['save']);
  await env.crash();
  const r = await env.cli(['restore', '-d']);
  t.is(r.code, 0, r.stderr);
  t.deepEqual(said(await entries(env)), [...expected, 'working third'], 'restored from the session file');
});

test.serial('l on an overview row shows that pane\'s status log in the TUI, newest last', async (t) => {
  const env = await world(t);
  await report(env, 'working --app build --msg compiling');
  await report(env, 'error --app build --msg "3 tests failed"');
  await reported(env, ['working compiling', 'error 3 tests failed']);
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 120, 40);
  t.teardown(() => term.kill());
  await term.waitForText('3 tests failed');
  term.write('\x02a');
  await term.waitForText('l shows its log');
  term.write('l');
  const shown = await term.waitFor((s) => s.includes('pane 1: status log') && /error +program-status +\(build\) 3 tests failed/.test(s), 'the log over the layout');
  const rows = shown.split('\n');
  const row = (re: RegExp) => rows.findIndex((r) => re.test(r));
  t.true(row(/working +program-status +\(build\) compiling/) >= 0);
  t.true(row(/working +program-status +\(build\) compiling/) < row(/error +program-status +\(build\) 3 tests failed/), 'oldest first');
  term.write('q');
  await term.waitFor((s) => !s.includes('status log'), 'the log to close');
});
