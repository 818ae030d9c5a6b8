// How every server process starts, whether a client starts it or `thurm server upgrade` does:
// Node's flags, and the settings its C allocator reads from the environment, which the panes it
// starts must not inherit (docs/performance.md, "Memory").

/**
 * Node's flags. Under load V8 lets each half of the young generation grow to 16 MB. Halves of 8
 * MB kept a flood's server CPU the same and its peak RSS 15 MB lower, and halved the RSS growth of
 * pane create/kill cycles and of a stalled client beside four flooding panes (bench/, issue 12).
 * 2 MB saved CPU more but promoted a flood's queued chunks to the old generation early: that
 * stalled client's growth went from 28 to 74 MB. One V8 helper thread instead of four: the
 * server's heap is small, and a flood, the echo and the busy panes measured the same with one.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--v8-pool-size=1'];

/**
 * glibc gives each thread that allocates an arena of its own (V8's helpers, libuv's pool,
 * node-pty's exit watchers); one arena for them all held 1-1.3 MB less private memory with one
 * pane, a flood and the echo unchanged.
 */
const ALLOCATOR_ENV: Record<string, string> = { MALLOC_ARENA_MAX: '1' };

/** Names the server's environment got from serverEnv(), so that the server can take them out again. */
const ADDED = 'THURM_SERVER_ONLY_ENV';

/** The environment to start a server with: `env`, with the allocator settings it does not set itself. */
export function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const added = Object.keys(ALLOCATOR_ENV).filter((name) => env[name] === undefined);
  if (!added.length) return env;
  return { ...env, ...Object.fromEntries(added.map((name) => [name, ALLOCATOR_ENV[name]])), [ADDED]: added.join(',') };
}

/** Run first in a server: what serverEnv() added (read by the allocator at start) is not for its panes. */
export function forgetServerOnlyEnv(env: NodeJS.ProcessEnv = process.env): void {
  for (const name of env[ADDED]?.split(',') ?? []) delete env[name];
  delete env[ADDED];
}
