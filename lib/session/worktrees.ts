// Agents in git worktrees of their own (`thurm agent new --worktree`, `agent finish`): what is
// asked of git, run as a child process, never through a shell and never blocking the server.
// What thurm needs later is kept in the repository itself, so it survives a restore or another
// thurm: a worktree is a pane's folder that git calls a linked worktree, and the ref it was made
// from is its branch's `thurm-base` (`git config branch.NAME.thurm-base`).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { ThurmError } from '../errors.js';

/** git answers in this long or is given up on (a hung network filesystem must not hang a request). */
const GIT_TIMEOUT_MS = 10_000;
/** How long a worktree's status shown in the overview may be old. */
const STATUS_MS = 5000;

/** Runs git in `cwd`; its stdout, or a ThurmError with what git said. */
export function git(cwd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, timeout: GIT_TIMEOUT_MS, maxBuffer: 4 * 2 ** 20 }, (err, stdout, stderr) => {
      if (!err) return resolve(stdout);
      const said = String(stderr).trim().split('\n').pop() || err.message;
      reject(new ThurmError((err as NodeJS.ErrnoException).code === 'ENOENT' ? 'NOT_FOUND' : 'INVALID_ARGUMENT', `git ${args[0]}: ${said}`));
    });
  });
}

/** A branch name git takes, as a folder name: slashes become dashes. */
export function folderOf(branch: string): string {
  return branch.replace(/[/\\]+/g, '-').replace(/^\.+/, '');
}

export interface NewWorktree { repo: string; dir: string; branch: string; base: string }

/**
 * Makes a worktree of the repository at `cwd` on `branch` (made from `base`, HEAD by default,
 * unless it exists), in `under` (default: `REPO-worktrees` beside the repository).
 */
export async function createWorktree(cwd: string, branch: string, base: string | undefined, under: string | null): Promise<NewWorktree> {
  // The main repository, also when `cwd` is in one of its worktrees: new worktrees go beside it.
  // Never an option to git: a name or ref is an argument of its own.
  for (const [what, v] of [['worktree', branch], ['base', base ?? '']] as const) {
    if (v.startsWith('-')) throw new ThurmError('INVALID_ARGUMENT', `${what}: a branch or ref does not start with "-": ${v}`);
  }
  const repo = path.dirname((await git(cwd, ['rev-parse', '--path-format=absolute', '--git-common-dir'])).trim());
  await git(repo, ['check-ref-format', '--branch', branch]).catch(() => {
    throw new ThurmError('INVALID_ARGUMENT', `worktree: not a branch name git takes: ${branch}`);
  });
  const dir = path.join(under ?? path.join(path.dirname(repo), `${path.basename(repo)}-worktrees`), folderOf(branch));
  const exists = await git(repo, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`]).then(() => true, () => false);
  const from = base ?? 'HEAD';
  await git(repo, exists ? ['worktree', 'add', dir, branch] : ['worktree', 'add', '-b', branch, dir, from]);
  if (!exists) await git(repo, ['config', `branch.${branch}.thurm-base`, from === 'HEAD' ? (await git(repo, ['rev-parse', '--abbrev-ref', 'HEAD'])).trim() : from]);
  return { repo, dir, branch, base: from };
}

export interface WorktreeStatus {
  /** The worktree's top folder and its main repository's. */
  dir: string;
  repo: string;
  branch: string | null;
  base: string | null;
  /** Uncommitted changes, untracked files included. */
  dirty: boolean;
  /** Commits on the branch not on its base (null: no base known). */
  ahead: number | null;
}

/** The linked worktree `cwd` is in, and how it stands; null when it is in none (or in a main one). */
export async function worktreeStatus(cwd: string): Promise<WorktreeStatus | null> {
  const top = await git(cwd, ['rev-parse', '--show-toplevel', '--git-dir', '--git-common-dir', '--abbrev-ref', 'HEAD']).catch(() => null);
  if (!top) return null;
  const [dir, gitDir, commonDir, head] = top.trim().split('\n');
  if (path.resolve(cwd, gitDir) === path.resolve(cwd, commonDir)) return null;
  const repo = path.dirname(path.resolve(cwd, commonDir));
  const branch = head === 'HEAD' ? null : head;
  const base = branch ? (await git(dir, ['config', `branch.${branch}.thurm-base`]).catch(() => '')).trim() || null : null;
  const dirty = (await git(dir, ['status', '--porcelain'])).trim().length > 0;
  const ahead = base ? Number((await git(dir, ['rev-list', '--count', `${base}..HEAD`]).catch(() => '')).trim()) : Number.NaN;
  return { dir, repo, branch, base, dirty, ahead: Number.isFinite(ahead) ? ahead : null };
}

/** `branch*+2`: the branch, `*` with uncommitted changes, `+N` commits ahead of its base. */
export function worktreeLabel(s: Pick<WorktreeStatus, 'branch' | 'dirty' | 'ahead'>): string {
  return `${s.branch ?? '(detached)'}${s.dirty ? '*' : ''}${s.ahead ? `+${s.ahead}` : ''}`;
}

/**
 * Each pane folder's worktree status for the overview, which is drawn every second: what git
 * last said, asked again in the background once it is STATUS_MS old.
 */
export class WorktreeStatuses {
  private readonly known = new Map<string, { at: number; status: WorktreeStatus | null; asking: boolean }>();

  /** What is known of `cwd` (undefined: not yet), and asks again when it is old. */
  of(cwd: string, now = Date.now()): WorktreeStatus | null | undefined {
    let k = this.known.get(cwd);
    if (!k) this.known.set(cwd, (k = { at: 0, status: null, asking: false }));
    if (!k.asking && now - k.at >= STATUS_MS) {
      k.asking = true;
      const entry = k;
      void worktreeStatus(cwd).catch(() => null).then((status) => Object.assign(entry, { at: Date.now(), status, asking: false }));
    }
    return k.at ? k.status : undefined;
  }

  /** Forgets the folders no pane is in. */
  keep(cwds: readonly string[]): void {
    for (const cwd of this.known.keys()) if (!cwds.includes(cwd)) this.known.delete(cwd);
  }
}
