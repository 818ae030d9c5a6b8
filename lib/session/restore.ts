// Restoring a saved session into a new server: load the file (or its `.bak`), plan each pane
// (resume.ts) and let the Mux start them. What could not be used is reported, never run.
import fs from 'node:fs';
import os from 'node:os';
import { defaultShell } from '../pty/spawn.js';
import type { Config } from './config.js';
import type { Mux } from './mux.js';
import { panesOf } from './layout.js';
import type { NewPaneSpec, RestoredPane } from './pane-spawn.js';
import type { RestoreReport } from './restore-report.js';
import { planPane, type PanePlan } from './resume.js';
import { loadSession, type LoadedSession } from './session-file.js';
import type { SessionSnapshot } from './snapshot.js';

/** The shells /etc/shells lists (none when it cannot be read: then only a shell found on PATH is one). */
function listedShells(): Set<string> {
  try {
    return new Set(fs.readFileSync('/etc/shells', 'utf8').split('\n').map((l) => l.trim()).filter((l) => l.startsWith('/')));
  } catch {
    return new Set();
  }
}

export function planRestore(snapshot: SessionSnapshot, config: Config): PanePlan[] {
  const shells = listedShells();
  const realPath = (p: string) => {
    try {
      return fs.realpathSync(p);
    } catch {
      return null;
    }
  };
  return snapshot.panes.map((p) => planPane(p, {
    resumeAgents: config.session.resumeAgents,
    rules: config.session.resume,
    shell: defaultShell(),
    isListedShell: (file) => shells.has(file) || shells.has(realPath(file) ?? ''),
    isDirectory: (dir) => fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory() ?? false,
    home: os.homedir(),
  }));
}

/**
 * Starts each saved pane as its plan says, under its saved id, with its history and size; a pane
 * that cannot start (`start` throws) is reported failed and left out. Returns what happened to each.
 */
export function startSavedPanes(
  snapshot: SessionSnapshot, plans: PanePlan[], start: (spec: NewPaneSpec, cols: number, rows: number, restored: RestoredPane) => void,
): RestoreReport['panes'] {
  const saved = new Map(snapshot.panes.map((p) => [p.id, p]));
  return plans.map((plan) => {
    const p = saved.get(plan.id)!;
    try {
      const notice = plan.outcome === 'skipped' ? 'resume skipped' : null;
      const window = snapshot.windows.find((w) => panesOf(w.layout).includes(plan.id))?.index;
      start({ argv: plan.argv, cwd: plan.cwd, window }, p.size.cols, p.size.rows, { id: plan.id, history: p.history, typed: plan.typed, notice, title: p.givenTitle, timeline: p.timeline });
      return { id: plan.id, outcome: plan.outcome, detail: plan.detail };
    } catch (err) {
      return { id: plan.id, outcome: 'failed', detail: (err as Error).message };
    }
  });
}

export function problemLines(loaded: LoadedSession): string[] {
  return loaded.problems.map((p) => `${p.error}${p.movedTo ? ` (moved to ${p.movedTo})` : ''}`);
}

/**
 * Restores the session saved in `file` into an empty Mux: `always` (`thurm restore`) even one
 * that ended on purpose. False when nothing was restored: the caller starts a fresh session.
 */
export function restoreSession(mux: Mux, file: string, config: Config, always: boolean): boolean {
  const loaded = loadSession(file);
  const problems = problemLines(loaded);
  for (const p of problems) console.error(`thurm: ${p}`);
  const snapshot = loaded.snapshot;
  if (!snapshot || (snapshot.ended && !always)) {
    if (problems.length) mux.persistence.setRestoreReport({ from: file, savedAt: '', panes: [], problems });
    return false;
  }
  return mux.persistence.restore(snapshot, planRestore(snapshot, config), { from: loaded.from!, savedAt: snapshot.savedAt, problems });
}
