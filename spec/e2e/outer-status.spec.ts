// Status that leaves thurm: a thurm whose terminal speaks OSC 7501 (here, a pane of another
// thurm) reports its most pressing state to it, and the outer title carries its glyph.
import test from 'ava';
import type { SessionInfo } from '../../lib/server/protocol.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

const blocked = (msg: string) => `printf '\\033]7501;state=blocked:kind=question:msg=${Buffer.from(msg).toString('base64')}\\007'`;

test.serial('a thurm inside a thurm pane shows its most pressing state in the outer border, and clears it on detach', async (t) => {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  t.teardown(async () => { await env.cli(['-s', 'inner', 'kill-server']); });
  await env.ok(['new', '-d', '--size', '120x40']);
  // The inner session's client runs in outer pane 1; its terminal is that pane.
  await env.ok(['send', '--pane', '1', `"${process.execPath}" "${BIN}" -s inner`, '--enter']);
  await waitUntil(async () => (await env.cli(['-s', 'inner', 'info'])).code === 0, 'the inner session');
  await env.ok(['-s', 'inner', 'send', '--pane', '1', blocked('Pick one'), '--enter']);
  const outer = async () => (await env.json<SessionInfo>(['info'])).panes[0].status;
  const status = await waitUntil(async () => ((await outer()).state === 'blocked' ? outer() : null), 'the outer pane blocked');
  t.is(status.source, 'program-status');
  t.regex(status.text, /^inner pane 1: Pick one$/);
  await env.ok(['-s', 'inner', 'detach']);
  await waitUntil(async () => (await outer()).source !== 'program-status', 'the record cleared on detach');
});

test.serial('the outer title carries the glyph of the state that needs you', async (t) => {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d']);
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
  t.teardown(() => term.kill());
  await waitUntil(() => term.raw.includes('\x1b]2;default: 1 sh\x07'), 'the plain title');
  await env.ok(['send', '--pane', '1', blocked('Sure?'), '--enter']);
  await waitUntil(() => term.raw.includes('\x1b]2;◆ default: 1 sh\x07'), 'the blocked glyph in the title');
  const titles = [...term.raw.matchAll(/\x1b\]2;([^\x07]*)\x07/g)].map((m) => m[1]);
  t.is(titles.at(-1), '◆ default: 1 sh', 'the title it set last');
});
