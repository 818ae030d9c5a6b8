// thurm inside another multiplexer: a real tmux types the keys (send-keys) and reads the
// screen back (capture-pane), as a person running thurm in tmux over ssh would.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import test from 'ava';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

const hasTmux = (() => {
  try {
    execFileSync('tmux', ['-V']);
    return true;
  } catch {
    return false;
  }
})();

// .ci/run installs tmux; on a machine without it this one spec says so instead of failing.
(hasTmux ? test : test.skip)('thurm runs inside tmux: it draws, splits, and detaches back to the shell', async (t) => {
  const env = new ThurmEnv();
  const socket = `thurm-spec-${process.pid}`;
  const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { env: env.env }).toString();
  t.teardown(async () => {
    try { tmux('kill-server'); } catch { /* already gone */ }
    await env.cleanup();
  });
  tmux('new-session', '-d', '-x', '90', '-y', '25', 'sh');
  const screen = () => tmux('capture-pane', '-p');
  const command = `${process.execPath} ${BIN}`;
  tmux('send-keys', `cd ${path.dirname(BIN)} && ${command}`, 'Enter');
  await waitUntil(() => /^\[default\] %1:sh\*/m.test(screen()), 'thurm status line inside tmux');
  t.regex(screen().split('\n')[0], /^━ 1 sh ━+$/);
  tmux('send-keys', 'C-b', '%');
  await waitUntil(() => screen().includes('│━ 2 sh'), 'a split inside tmux');
  tmux('send-keys', 'echo inside-$((6*7))', 'Enter');
  await waitUntil(() => /│.*inside-42/.test(screen()), 'output in the right pane');
  tmux('send-keys', 'C-b', 'd');
  await waitUntil(() => screen().includes('[detached (from session default)]'), 'back at the tmux shell');
  t.is((await env.json(['list'])).panes.length, 2);
});
