// Preset layouts with exact pane sizes, and the tmux ways to rearrange panes: swap, rotate,
// break out into a window, join another window, and typing into every pane at once.
import test, { type ExecutionContext } from 'ava';
import type { SessionInfo } from '../../lib/server/protocol.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

async function fourPanes(t: ExecutionContext): Promise<ThurmEnv> {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--size', '101x31']);
  for (let i = 0; i < 3; i++) await env.ok(['split', '--pane', '1']);
  return env;
}

const sizes = async (env: ThurmEnv) => (await env.json<SessionInfo>(['info'])).panes.map((p) => [p.id, p.size.cols, p.size.rows]);

test.serial('each preset lays the panes out with exact sizes (101x31: 30 rows for panes)', async (t) => {
  const env = await fourPanes(t);
  await env.ok(['select-layout', 'even-horizontal']);
  // 101 columns: three separators, 98 for four panes; every pane has a header row.
  t.deepEqual(await sizes(env), [['1', 25, 29], ['4', 24, 29], ['3', 25, 29], ['2', 24, 29]]);
  await env.ok(['select-layout', 'even-vertical']);
  t.deepEqual((await sizes(env)).map(([, c, r]) => [c, r]), [[101, 7], [101, 6], [101, 7], [101, 6]]);
  await env.ok(['select-layout', 'main-vertical']);
  t.deepEqual(await sizes(env), [['1', 60, 29], ['4', 40, 9], ['3', 40, 9], ['2', 40, 9]]);
  await env.ok(['select-layout', 'main-horizontal']);
  t.deepEqual((await sizes(env)).map(([, c, r]) => [c, r]), [[101, 17], [33, 11], [33, 11], [33, 11]]);
  await env.ok(['select-layout', 'tiled']);
  t.deepEqual((await sizes(env)).map(([, c, r]) => [c, r]), [[50, 14], [50, 14], [50, 14], [50, 14]]);
  const bad = await env.cli(['select-layout', 'diagonal']);
  t.is(bad.code, 2);
});

test.serial('prefix M-1..M-5 and Space pick layouts; { } swap, C-o rotates panes and M-o back; ! breaks a pane out', async (t) => {
  const env = await fourPanes(t);
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 101, 31);
  t.teardown(() => term.kill());
  await term.waitForText('[default]');
  const order = async () => (await env.json<SessionInfo>(['info'])).windows[0].panes;
  term.write('\x02\x1b4');
  await waitUntil(async () => (await sizes(env))[0][1] === 60, 'main-vertical from M-4');
  term.write('\x02 ');
  // The preset after main-vertical is tiled: four equal quarters.
  await waitUntil(async () => (await sizes(env)).every(([, c, r]) => c === 50 && r === 14), 'Space: the next preset, tiled');
  t.deepEqual(await order(), ['1', '4', '3', '2']);
  await env.ok(['focus', '--pane', '1']);
  term.write('\x02}');
  await waitUntil(async () => (await order()).join() === '4,1,3,2', 'pane 1 swapped with the next');
  term.write('\x02{');
  await waitUntil(async () => (await order()).join() === '1,4,3,2', 'and back');
  // As tmux's rotate-window (-U): each pane moves a place up, the first to the last place.
  term.write('\x02\x0f');
  await waitUntil(async () => (await order()).join() === '4,3,2,1', 'rotated one place');
  term.write('\x02\x1bo');
  await waitUntil(async () => (await order()).join() === '1,4,3,2', 'M-o: rotated back');
  term.write('\x02\x0f');
  await waitUntil(async () => (await order()).join() === '4,3,2,1', 'and on again');
  term.write('\x02!');
  await waitUntil(async () => (await env.json<SessionInfo>(['info'])).windows.length === 2, 'pane 1 in a window of its own');
  const info = await env.json<SessionInfo>(['info']);
  t.deepEqual(info.windows.map((w) => [w.index, w.panes, w.current]), [[0, ['4', '3', '2'], false], [1, ['1'], true]]);
});

test.serial('join-pane moves a pane into another window; synchronize-panes types into all of them', async (t) => {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--size', '100x30']);
  await env.ok(['new-window']);
  await env.ok(['join-pane', '--pane', '2', '--target', '1', '--down']);
  const info = await env.json<SessionInfo>(['info']);
  t.deepEqual(info.windows.map((w) => [w.index, w.panes]), [[0, ['1', '2']]], 'the emptied window is gone');
  t.is(info.panes.find((p) => p.focused)?.id, '2');
  await env.ok(['synchronize-panes']);
  await env.ok(['send', '--pane', '2', 'echo both-$((3*3))', '--enter']);
  await waitUntil(async () => (await env.capture('1')).includes('both-9') && (await env.capture('2')).includes('both-9'), 'typed into both panes');
  await env.ok(['synchronize-panes', '--off']);
  await env.ok(['send', '--pane', '2', 'echo only-$((2*2))', '--enter']);
  await waitUntil(async () => (await env.capture('2')).includes('only-4'), 'typed into pane 2');
  t.false((await env.capture('1')).includes('only-4'));
  t.is((await env.cli(['join-pane', '--pane', '1', '--target', '1'])).code, 2);
});
