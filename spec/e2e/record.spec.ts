// `thurm record` writes a pane's output as an asciicast v2 file with its status changes as
// markers; `thurm replay` plays one back in a pane.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { Schedule } from '../../lib/cli/replay.js';
import { alive } from '../helpers/processes.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

type CastEvent = [number, string, string];

async function world(t: ExecutionContext): Promise<ThurmEnv> {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--size', '100x30', '--', 'sh']);
  await waitUntil(async () => (await env.capture('1')).includes('$'), 'the prompt');
  return env;
}

/** The header and events of an asciicast v2 file, every line checked to be JSON. */
function readCast(file: string): { header: Record<string, unknown>; events: CastEvent[] } {
  const [head, ...rest] = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  return { header: JSON.parse(head), events: rest.map((l) => JSON.parse(l) as CastEvent) };
}

test.serial('record writes an asciicast v2 file: the pane\'s size, output in order with times that never go back, status changes as markers, a resize, a respawned program; --stop ends it', async (t) => {
  const env = await world(t);
  const file = path.join(env.dir, 'session.cast');
  const size = async () => (await env.json<{ panes: { size: { cols: number; rows: number } }[] }>(['list'])).panes[0].size;
  const before = await size();
  t.regex(await env.ok(['record', '--pane', '1', file]), /^pane 1 recording to .*session\.cast$/m);
  const again = await env.cli(['record', '--pane', '1', path.join(env.dir, 'other.cast')]);
  t.is(again.code, 2, 'one recording a pane');
  t.is((await env.json<{ panes: { id: string; recording: { file: string } | null }[] }>(['info'])).panes[0].recording?.file, file);
  // Split characters across reads are joined: a 2-byte character printed one byte at a time.
  await env.ok(['send', '--pane', '1', `printf 'caf\\303'; sleep 0.2; printf '\\251 ok\\n'; node ${BIN} status working --msg Building; node ${BIN} status done --msg Built`, '--enter']);
  await waitUntil(async () => (await env.capture('1')).includes('café ok'), 'the output');
  await waitUntil(() => readCast(file).events.some((e) => e[1] === 'm' && e[2] === 'done (program-status): Built'), 'the done marker');
  await env.ok(['resize-window', '--cols', '90', '--rows', '20']);
  const after = await size();
  await env.ok(['respawn-pane', '-k', '--pane', '1', '--', 'sh', '-c', 'echo from-the-new-program; exec sleep 600']);
  await waitUntil(async () => (await env.capture('1')).includes('from-the-new-program'), 'the respawned program');
  t.regex(await env.ok(['record', '--stop', '--pane', '1']), /recording stopped, .*session\.cast/);
  t.regex(await env.ok(['record', '--stop', '--pane', '1']), /no recording/);

  const { header, events } = readCast(file);
  t.like(header, { version: 2, width: before.cols, height: before.rows });
  t.is(typeof header.timestamp, 'number');
  t.true(events.every((e, i) => typeof e[0] === 'number' && (i === 0 || e[0] >= events[i - 1][0])), 'times never go back');
  const output = events.filter((e) => e[1] === 'o').map((e) => e[2]).join('');
  t.true(output.includes('café ok'), 'the character split across reads is whole');
  t.true(output.indexOf('café ok') < output.indexOf('from-the-new-program'));
  const markers = events.filter((e) => e[1] === 'm').map((e) => e[2]);
  t.true(markers.indexOf('working (program-status): Building') < markers.indexOf('done (program-status): Built'), markers.join(' | '));
  const resize = events.findIndex((e) => e[1] === 'r');
  t.is(events[resize]?.[2], `${after.cols}x${after.rows}`);
  t.notDeepEqual(after, before);
  t.true(resize < events.findIndex((e) => e[1] === 'o' && e[2].includes('from-the-new-program')), 'the resize before what came after it');
  t.is(fs.statSync(file).mode & 0o777, 0o600);
});

test.serial('a recording goes on in the same file over a server upgrade', async (t) => {
  const env = await world(t);
  const file = path.join(env.dir, 'upgrade.cast');
  await env.ok(['record', file]);
  await env.ok(['send', '--pane', '1', 'echo before-$((1+1))', '--enter']);
  await waitUntil(async () => (await env.capture('1')).includes('before-2'), 'the output before');
  const old = await env.serverPid();
  const up = await env.cli(['server', 'upgrade']);
  t.is(up.code, 0, up.stderr);
  await waitUntil(() => !alive(old), 'the old server to exit');
  t.is((await env.json<{ panes: { recording: { file: string } | null }[] }>(['info'])).panes[0].recording?.file, file);
  await env.ok(['send', '--pane', '1', 'echo after-$((2+2))', '--enter']);
  await waitUntil(async () => (await env.capture('1')).includes('after-4'), 'the output after');
  await env.ok(['record', '--stop']);
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  t.is(lines.filter((l) => l.startsWith('{')).length, 1, 'one header');
  const { events } = readCast(file);
  const output = events.filter((e) => e[1] === 'o').map((e) => e[2]).join('');
  t.true(output.indexOf('before-2') >= 0 && output.indexOf('before-2') < output.indexOf('after-4'), output);
  t.true(events.every((e, i) => i === 0 || e[0] >= events[i - 1][0]), 'times go on from the same start');
});

test.serial('record never overwrites a file unless forced, says why it cannot write, and a closed pane ends its recording with the file whole', async (t) => {
  const env = await world(t);
  const file = path.join(env.dir, 'kept.cast');
  fs.writeFileSync(file, 'mine');
  const refused = await env.cli(['record', file]);
  t.is(refused.code, 2);
  t.regex(refused.stderr, /kept\.cast exists \(--force overwrites it\)/);
  t.is(fs.readFileSync(file, 'utf8'), 'mine');
  const nowhere = await env.cli(['record', path.join(env.dir, 'no-such-dir', 'x.cast')]);
  t.regex(nowhere.stderr, /cannot write .*x\.cast: ENOENT/);
  // A FIFO nobody reads would block an open for writing: refused at once, the server still answering.
  const fifo = path.join(env.dir, 'fifo.cast');
  execFileSync('mkfifo', [fifo]);
  t.regex((await env.cli(['record', '--force', fifo])).stderr, /cannot write .*fifo\.cast: ENXIO/);
  t.regex((await env.cli(['record', '--force', '/dev/null'])).stderr, /cannot write \/dev\/null: not a plain file/);
  await env.ok(['split', '--', 'sh', '-c', 'echo short-lived; sleep 2']);
  await env.ok(['record', '--pane', '2', '--force', file]);
  await waitUntil(async () => !(await env.json<{ panes: { id: string }[] }>(['list'])).panes.some((p) => p.id === '2'), 'pane 2 to close');
  await waitUntil(() => fs.readFileSync(file, 'utf8').endsWith('\n'), 'the file to be written');
  t.is(readCast(file).header.version, 2);
});

test.serial('replay plays a recording in a pane: what the pane shows is what was recorded', async (t) => {
  const env = await world(t);
  const file = path.join(env.dir, 'made.cast');
  fs.writeFileSync(file, [
    JSON.stringify({ version: 2, width: 100, height: 29 }),
    JSON.stringify([0.1, 'o', 'first \u001b[1mbold\u001b[0m line\r\n']),
    JSON.stringify([0.2, 'm', 'a marker']),
    JSON.stringify([5, 'o', 'second line after a long pause\r\n']),
  ].join('\n'));
  await env.ok(['send', '--pane', '1', `node ${BIN} replay --idle-limit 0.2 ${file}; echo replay-exit-$?`, '--enter']);
  const shown = await waitUntil(async () => {
    const text = await env.capture('1');
    return text.includes('replay-exit-0') ? text : null;
  }, 'the replay to end');
  t.regex(shown, /^first bold line$/m);
  t.true(shown.indexOf('first bold line') < shown.indexOf('second line after a long pause'));
  fs.writeFileSync(path.join(env.dir, 'bad.cast'), '{"version":2}\n[1,"o"]\n');
  const bad = await env.cli(['replay', path.join(env.dir, 'bad.cast')]);
  t.is(bad.code, 2);
  t.regex(bad.stderr, /bad\.cast:2: not an asciicast v2 recording: an event is not \[time, code, data\]/);
});

const ASCIINEMA = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v asciinema'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const withAsciinema = ASCIINEMA ? test.serial : test.serial.skip;

withAsciinema(`a recording plays in asciinema's own player${ASCIINEMA ? '' : ' (skipped: asciinema is not installed; .ci/run installs it)'}`, async (t) => {
  const env = await world(t);
  const file = path.join(env.dir, 'player.cast');
  await env.ok(['record', file]);
  await env.ok(['send', '--pane', '1', `echo played-by-$((6*7)); node ${BIN} status done --msg finished`, '--enter']);
  await waitUntil(() => readCast(file).events.some((e) => e[1] === 'm' && e[2].startsWith('done')), 'the done marker');
  await env.ok(['record', '--stop']);
  const player = new TestTerminal('asciinema', ['play', '-s', '20', file], env.env, 100, 30);
  t.teardown(() => player.kill());
  const shown = await player.waitForText('played-by-42');
  t.regex(shown, /^played-by-42\s*$/m, 'the recorded output line, as the pane showed it');
});

test('replay keeps the recorded timing over --speed, and cuts every pause to the idle limit', (t) => {
  const times = (s: Schedule, ats: number[]) => ats.map((at) => Math.round(s.next(at)));
  t.deepEqual(times(new Schedule(1), [0.5, 1, 4]), [500, 1000, 4000]);
  t.deepEqual(times(new Schedule(2), [0.5, 1, 4]), [250, 500, 2000]);
  t.deepEqual(times(new Schedule(1, 0.25), [0.5, 1, 4, 4.1]), [250, 500, 750, 850]);
});
