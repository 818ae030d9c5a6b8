// thurm beside a real tmux: inside it, tmux types the keys (send-keys) and reads the screen back
// (capture-pane), as a person running thurm in tmux over ssh would; and the tmux shim's list
// lines, which scripts parse, against tmux's own for the same session.
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

(hasTmux ? test : test.skip)('the tmux shim\'s default list-sessions, list-windows and list-panes lines are tmux 3.3a\'s, field for field, for the same session', async (t) => {
  const env = new ThurmEnv();
  const socket = `thurm-spec-lists-${process.pid}`;
  const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { env: env.env }).toString();
  const shim = async (...args: string[]) => {
    const r = await env.spawnCli(['tmux', ...args]);
    if (r.code !== 0) throw new Error(`thurm tmux ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  t.teardown(async () => {
    try { tmux('kill-server'); } catch { /* already gone */ }
    await env.cli(['-s', 'cmp', 'kill-server']);
    await env.cleanup();
  });
  // One session, a window split side by side and a second window, in each.
  for (const args of [['new-session', '-d', '-s', 'cmp', '-x', '120', '-y', '40'], ['split-window', '-h', '-t', 'cmp'], ['new-window', '-d', '-t', 'cmp', '-n', 'logs']]) {
    tmux(...args);
    await shim(...args);
  }
  // Sizes, ids, times and the layout's checksum differ by design (thurm gives each pane a header
  // row): every number is compared as a number, everything else as it is.
  const shape = (text: string) => text.replace(/\[layout [0-9a-f]{4},/g, '[layout C,').replace(/\d+/g, 'N');
  for (const list of [['list-sessions'], ['list-windows', '-t', 'cmp'], ['list-windows', '-a'], ['list-panes', '-t', 'cmp'], ['list-panes', '-s', '-t', 'cmp'], ['list-panes', '-a']]) {
    const theirs = tmux(...list);
    t.true(theirs.length > 0);
    t.is(shape(await shim(...list)), shape(theirs), list.join(' '));
  }
});
