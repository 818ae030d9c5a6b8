// The server as its clients find it: frozen (SIGSTOP), or with its socket file deleted. No
// command may hang on it, and a deleted socket comes back.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import test from 'ava';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { n, trial } from '../helpers/trials.js';
import { waitUntil } from '../helpers/wait.js';

async function session(t: { teardown(fn: () => Promise<void>): void }, args: string[] = []) {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--size', '80x24', ...args]);
  // A spec that deletes the socket must not leave the server behind when it fails.
  const pid = await env.serverPid();
  t.teardown(async () => {
    try {
      process.kill(pid, 'SIGCONT');
      if (!fs.existsSync(env.socket)) process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  });
  return env;
}

/** Stops the server; teardown lets it run again so cleanup can end it. */
async function freeze(t: { teardown(fn: () => void): void }, env: ThurmEnv): Promise<number> {
  const pid = await env.serverPid();
  process.kill(pid, 'SIGSTOP');
  t.teardown(() => {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // already gone
    }
  });
  return pid;
}

/**
 * Runs `thurm agent hook claude-code` from a process named `claude`, as Claude Code's hooks do,
 * and times the hook itself (from its spawn to its exit, as seen by that `claude`).
 */
function hookFromClaude(env: ThurmEnv, payload: object): Promise<{ code: number | null; killed: boolean; ms: number }> {
  const claude = path.join(env.dir, 'claude');
  const timing = path.join(env.dir, 'hook-ms');
  fs.writeFileSync(claude, `#!${process.execPath}
const { spawnSync } = require('node:child_process');
const started = performance.now();
const r = spawnSync(process.execPath, [${JSON.stringify(BIN)}, 'agent', 'hook', 'claude-code'], { input: process.argv[2], stdio: ['pipe', 'inherit', 'inherit'] });
require('node:fs').writeFileSync(${JSON.stringify(timing)}, String(performance.now() - started));
process.exit(r.status ?? 99);
`, { mode: 0o755 });
  return new Promise((resolve) => {
    const env2 = { ...env.env, THURM_SOCKET: env.socket, THURM_PANE_ID: '1' };
    execFile(claude, [JSON.stringify(payload)], { env: env2, timeout: 15_000 }, (err) => {
      const ms = fs.existsSync(timing) ? Number(fs.readFileSync(timing, 'utf8')) : NaN;
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, killed: err?.killed ?? false, ms });
    });
  });
}

test.serial('a hook with a real payload gives up on a frozen server after its 1 s bound and exits 0', async (t) => {
  const env = await session(t);
  await freeze(t, env);
  const r = await hookFromClaude(env, {
    session_id: '9d1f', transcript_path: '/home/u/.claude/projects/x/9d1f.jsonl', cwd: '/work/app',
    hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'npm test' },
  });
  // The server never answers, so exiting 0 without being killed (hookFromClaude's 15 s guard) is
  // the hook's own bound firing: SERVER_TIMEOUT_MS (1 s) in lib/cli/agent-hook.ts. How soon
  // after it node exits depends on the machine's load, so no test bounds it.
  t.deepEqual({ code: r.code, killed: r.killed }, { code: 0, killed: false });
  // And it did wait on the frozen server for that second, rather than giving up before it tried
  // (no agent process found, no payload): this is the path the title is about.
  t.true(r.ms >= 1000, `the hook took only ${Math.round(r.ms)} ms, so it never waited on the server`);
});

trial({
  id: 'server-frozen',
  what: 'list, kill-server, new and a bounded wait fail with TIMEOUT on a frozen (SIGSTOPped) server instead of hanging, and start no second server',
  async run(t) {
    const env = await session(t);
    const pid = await freeze(t, env);
    const commands = [['list'], ['kill-server'], ['new', '-d'], ['wait', '--state', 'done', '--timeout', '1']];
    const started = performance.now();
    const results = await Promise.all(commands.map(async (args) => ({ ...await env.spawnCli(args), ms: performance.now() - started })));
    t.deepEqual(results.map((r) => r.code), [11, 11, 11, 11]);
    t.true(results.every((r) => /^thurm: /.test(r.stderr)));
    // Each waits REQUEST_TIMEOUT_MS (lib/cli/connection.ts) for the handshake a stopped server
    // never finishes, then gives up: exit 11 says its own timer fired, where env.cli's 20 s guard
    // would have killed a command that hung. How long node took to start does not matter.
    process.kill(pid, 'SIGCONT');
    // Nothing was started beside the frozen server, which serves on.
    t.is(await env.serverPid(), pid);
    return {
      done: `the server stopped with SIGSTOP; ${commands.map((c) => `\`${c.join(' ')}\``).join(', ')} run at once`,
      figure: `each gave up with TIMEOUT (exit 11) within ${n(Math.max(...results.map((r) => r.ms)) / 1000, 1)} s; the same server served on after SIGCONT`,
    };
  },
});

test.serial('a frozen server whose listen queue is full makes the CLI say at once that the server is busy (exit 20)', async (t) => {
  const env = await session(t);
  await freeze(t, env);
  // The kernel queues connections for a stopped server until its listen queue is full, then
  // refuses the next with EAGAIN.
  const queued: net.Socket[] = [];
  t.teardown(() => { for (const s of queued) s.destroy(); });
  const full = async () => {
    for (let i = 0; i < 10_000; i++) {
      const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
        const s = net.connect(env.socket, () => resolve(null)).once('error', resolve);
        queued.push(s);
      });
      if (err) return err.code;
    }
    return 'never full';
  };
  t.is(await full(), 'EAGAIN');
  const r = await env.spawnCli(['list']);
  t.is(r.code, 20, r.stderr);
  t.regex(r.stderr, /^thurm: server busy/);
});

test.serial('wait without --timeout keeps waiting past the usual request timeout', async (t) => {
  const env = await session(t, ['--', 'sh', '-c', 'sleep 7; printf "\\033]7501;state=done\\033\\\\"; exec cat']);
  const r = await env.spawnCli(['wait', '--pane', '1', '--state', 'done']);
  t.is(r.code, 0, r.stderr);
});

trial({
  id: 'socket-deleted',
  what: 'a socket file deleted under a running server comes back by itself, so commands reach the same server again',
  async run(t) {
    const env = await session(t);
    const pid = await env.serverPid();
    fs.rmSync(env.socket);
    const deleted = performance.now();
    await waitUntil(() => fs.existsSync(env.socket), 'the socket to be back');
    const back = performance.now() - deleted;
    t.is(await env.serverPid(), pid);
    t.is(fs.statSync(env.socket).mode & 0o777, 0o600);
    return { done: 'the socket file of a running server deleted', figure: `back after ${n(back)} ms, mode 0600, the same server answering` };
  },
});

test.serial('a deleted socket folder comes back with the socket, twice over, so its new folder is watched too', async (t) => {
  const env = await session(t);
  const pid = await env.serverPid();
  const dir = path.dirname(env.socket);
  for (let i = 0; i < 2; i++) {
    // Moved away whole, then removed: `rm -r` in place can lose the race with the server, which
    // puts its socket back as soon as the first file goes (rmdir then fails, the folder stays).
    fs.renameSync(dir, `${dir}.gone`);
    fs.rmSync(`${dir}.gone`, { recursive: true, force: true });
    await waitUntil(() => fs.existsSync(env.socket), `the socket to be back (${i + 1})`);
    t.is(await env.serverPid(), pid);
  }
  t.is(fs.statSync(dir).mode & 0o777, 0o700);
});

test.serial('with the socket and the lock secret deleted, starting thurm finds the running server instead of a second one', async (t) => {
  const env = await session(t, ['--', 'sh']);
  const pid = await env.serverPid();
  fs.rmSync(env.socket);
  fs.rmSync(path.join(path.dirname(env.socket), '.lock-secret'));
  // A start right away either waits for the socket to come back or its own server loses the lock.
  const r = await env.cli(['new', '-d']);
  t.is(r.code, 7, r.stderr);
  t.is(await env.serverPid(), pid);
});

test.serial('SIGUSR1 asks the server to put its socket back, and nothing else', async (t) => {
  const env = await session(t);
  const pid = await env.serverPid();
  fs.rmSync(env.socket);
  process.kill(pid, 'SIGUSR1');
  await waitUntil(() => fs.existsSync(env.socket), 'the socket to be back');
  t.is(await env.serverPid(), pid);
  t.is((await env.json(['list'])).panes.length, 1);
});

test.serial('new -d and restore -d at once after kill-server start the session again while the old server is still ending', async (t) => {
  const env = await session(t);
  const pids = new Set([await env.serverPid()]);
  // kill-server answers before its process has ended and let go of the session's lock.
  for (const start of [['new', '-d'], ['restore', '-d'], ['new', '-d']]) {
    await env.ok(['kill-server']);
    const r = await env.cli(start);
    t.is(r.code, 0, `${start.join(' ')}: ${r.stderr}`);
    const pid = await env.serverPid();
    t.false(pids.has(pid), `${start.join(' ')} reached a new server`);
    pids.add(pid);
  }
});
