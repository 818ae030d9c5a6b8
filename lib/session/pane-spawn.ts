// What a new pane starts with: its program (the shell by default), its folder, its environment
// (thurm's variables, and the tmux shim's when it is on) and the config's settings for panes.
// A pane that comes back (restored, adopted from a handover, respawned) brings what it had.
import fs from 'node:fs';
import { ThurmError } from '../errors.js';
import type { ProcFacts } from '../pty/proc.js';
import { defaultShell, paneEnv, type PanePty } from '../pty/spawn.js';
import { tmuxShimEnv } from '../pty/tmux-shim-env.js';
import type { Config } from './config.js';
import type { PaneLive } from './pane-live.js';
import type { PaneOptions } from './pane.js';
import type { OneTimer } from './one-timer.js';
import type { SessionEnv } from './session-env.js';
import type { TimelineEntry } from './timeline.js';

export interface NewPaneSpec {
  argv?: string[];
  cwd?: string;
  /** NAME=VALUE for this pane's program only, over the session's environment (tmux `-e`). */
  env?: string[];
  /** The index of the window the pane opens in (its tmux-style `$TMUX` says it). */
  window?: number;
}

/** A pane spawned by a restore (its saved id, history, the command typed into its shell), adopted from a handover, or respawned. */
export interface RestoredPane { id: string; history: string[]; typed: string | null; notice: string | null; live?: PaneLive; pty?: PanePty; title?: string | null; timeline?: readonly TimelineEntry[] }

/** What the panes of a session start with alike: the session they are in and how programs are started. */
export interface SpawnContext {
  session: string;
  socketPath: string;
  config: Config;
  spawn: PaneOptions['spawn'];
  proc: ProcFacts;
  now: () => number;
  timer: () => OneTimer;
  /** What set-environment set or removed, over the server's own environment. */
  environment: Pick<SessionEnv, 'apply'>;
}

/** The options pane `id` starts with at `cols` x `rows`; throws when its folder is not one (an adopted pty has no folder to check). */
export function paneOptions(id: string, spec: NewPaneSpec, cols: number, rows: number, ctx: SpawnContext, restored?: RestoredPane): PaneOptions {
  const cwd = spec.cwd ?? process.cwd();
  if (!restored?.pty && !fs.statSync(cwd, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ThurmError('INVALID_ARGUMENT', `not a directory: ${cwd}`);
  }
  const argv = spec.argv?.length ? spec.argv : [defaultShell()];
  const env = tmuxShimEnv(paneEnv(withVariables(ctx.environment.apply(process.env), spec.env), { THURM_PANE_ID: id, THURM_SOCKET: ctx.socketPath, THURM_SESSION: ctx.session }),
    ctx.config.tmux.shim && { socket: ctx.socketPath, pane: id, window: spec.window ?? 0 });
  const pty = restored?.pty;
  return {
    id, argv, cwd, cols: Math.max(cols, 1), rows: Math.max(rows, 1), env,
    scrollback: ctx.config.ui.scrollback, detection: ctx.config.detection,
    history: restored?.history, typeOnStart: restored?.typed ?? undefined, notice: restored?.notice ?? undefined, title: restored?.title, timeline: restored?.timeline,
    live: restored?.live, spawn: pty ? () => pty : ctx.spawn, proc: ctx.proc, now: ctx.now, timer: ctx.timer,
  };
}

/** `base` with each NAME=VALUE of `assignments` set. */
function withVariables(base: NodeJS.ProcessEnv, assignments: readonly string[] = []): NodeJS.ProcessEnv {
  if (!assignments.length) return base;
  const env = { ...base };
  for (const a of assignments) {
    const at = a.indexOf('=');
    env[a.slice(0, at)] = a.slice(at + 1);
  }
  return env;
}
