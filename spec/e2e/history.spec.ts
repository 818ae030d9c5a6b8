// History through the real binary: what alternate-screen programs showed stays readable with
// `thurm capture --scrollback`, and all panes' history stays within [ui] scrollback-memory.
import test from 'ava';
import { historyLines } from '../../lib/session/history-budget.js';
import { ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

const ALT_ON = String.raw`printf '\033[?1049h\033[H'`;
const ALT_OFF = String.raw`printf '\033[?1049l'`;

async function session(t: { teardown(fn: () => Promise<void> | void): void }, script: string, config?: string) {
  const env = new ThurmEnv(config);
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--size', '80x24', '--', 'sh', '-c', script]);
  return env;
}

const captured = (env: ThurmEnv, pane: string, scrollback: number) =>
  env.json<{ lines: string[] }>(['capture', '--pane', pane, '--scrollback', String(scrollback)]).then((r) => r.lines);

const panes = (env: ThurmEnv) => env.json<{ panes: { id: string; size: { cols: number; rows: number } }[] }>(['list']).then((r) => r.panes);

test('what a program showed on the alternate screen is in capture --scrollback after it leaves', async (t) => {
  const env = await session(t, `echo before; ${ALT_ON}; echo alt-text; ${ALT_OFF}; echo after; exec cat`);
  await waitUntil(async () => (await env.capture('1')).includes('after'), 'the program to leave the alternate screen');
  t.notRegex(await env.capture('1'), /alt-text/, 'the restored screen is the shell\'s');
  const history = await env.ok(['capture', '--pane', '1', '--scrollback', '100']);
  t.regex(history, /alt-text\n(.*\n)*before\nafter/);
});

test('while a program has the alternate screen, capture --scrollback reads the history above it', async (t) => {
  const env = await session(t, `seq 1 40 | sed 's/^/old-/'; ${ALT_ON}; echo on-alt; exec cat`);
  await waitUntil(async () => (await env.capture('1')).includes('on-alt'), 'the alternate screen');
  t.notRegex(await env.capture('1'), /old-/);
  const history = await env.ok(['capture', '--pane', '1', '--scrollback', '100']);
  t.regex(history, /^old-1\n(old-\d+\n)+on-alt\n?$/, 'the lines that scrolled off, then the program\'s screen');
});

test('with scrollback-memory = 1 (MiB) panes keep only the lines it pays for, fewer once there are two', async (t) => {
  const env = await session(t, "seq 1 8000 | sed 's/^/n/'; echo printed; exec cat", '[ui]\nscrollback = 100000\nscrollback-memory = 1\n');
  await waitUntil(async () => (await env.capture('1')).includes('printed'), 'the output');
  const [one] = await panes(env);
  const alone = historyLines(100_000, 2 ** 20, [one.size.cols]);
  t.true(alone < 8000);
  t.is((await captured(env, '1', 100_000)).length, alone + one.size.rows);
  await env.ok(['split', '--right', '--', 'sh']);
  const both = await panes(env);
  t.is(both.length, 2);
  const shared = historyLines(100_000, 2 ** 20, both.map((p) => p.size.cols));
  t.true(shared < alone);
  t.is((await captured(env, '1', 100_000)).length, shared + both.find((p) => p.id === '1')!.size.rows);
});
