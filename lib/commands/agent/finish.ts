// `thurm agent finish --pane N [--remove-worktree] [--delete-branch] [--force]`: ends an agent
// started in a worktree of its own (`agent new --worktree`): closes its pane and, when asked,
// removes the worktree and deletes the branch, refusing to lose uncommitted work unless forced,
// and says what it kept.
import { ThurmError } from '../../errors.js';
import { field } from '../../fields.js';
import { git, worktreeLabel, worktreeStatus } from '../../session/worktrees.js';
import { defineCommand, paneField, resolvePane } from '../command.js';

export const agentFinish = defineCommand({
  name: 'agent-finish',
  group: 'agent',
  describe: 'End an agent in a worktree of its own: close its pane, and with --remove-worktree and --delete-branch remove them',
  details: '; a worktree with uncommitted changes is not removed, and a branch not merged into its base not deleted, without `--force`: then nothing is done. See [agents.md](agents.md#an-agent-in-its-own-worktree)',
  fields: {
    pane: paneField,
    removeWorktree: field.bool().describe('remove the pane\'s worktree').default(false).cli(),
    deleteBranch: field.bool().describe('delete its branch (with --remove-worktree)').default(false).cli(),
    force: field.bool().describe('even with uncommitted changes, or a branch not merged').default(false).cli(),
  },
  result: {
    pane: field.string({ max: 32 }),
    dir: field.string({ max: 4096 }),
    branch: field.string({ max: 200 }).nullable(),
    removed: field.bool().describe('whether the worktree was removed'),
    branchDeleted: field.bool(),
    kept: field.string({ max: 512 }).nullable().describe('what was kept, and how it stands'),
  },
  run: async (ctx, a) => {
    const id = resolvePane(ctx, a.pane);
    if (a.deleteBranch && !a.removeWorktree) throw new ThurmError('INVALID_ARGUMENT', 'delete-branch: only with remove-worktree (a branch checked out in a worktree cannot be deleted)');
    const s = await worktreeStatus(ctx.mux.pane(id).cwd).catch(() => null) ?? await worktreeStatus(ctx.mux.pane(id).startCwd);
    if (!s) throw new ThurmError('INVALID_ARGUMENT', `pane ${id} is not in a git worktree of its own (agent new --worktree makes one)`);
    if (a.removeWorktree && s.dirty && !a.force) {
      throw new ThurmError('INVALID_ARGUMENT', `${s.dir} has uncommitted changes: nothing was done (commit them, or --force to lose them)`);
    }
    if (a.deleteBranch && s.branch && s.base && s.ahead && !a.force) {
      throw new ThurmError('INVALID_ARGUMENT', `branch ${s.branch} has ${s.ahead} commit${s.ahead === 1 ? '' : 's'} not on ${s.base}: nothing was done (merge it, or --force to delete it)`);
    }
    if (ctx.mux.paneIds().includes(id)) ctx.mux.lifecycle.kill(id);
    let removed = false, branchDeleted = false;
    if (a.removeWorktree) {
      await git(s.repo, ['worktree', 'remove', ...(a.force ? ['--force'] : []), s.dir]);
      removed = true;
      if (a.deleteBranch && s.branch) {
        await git(s.repo, ['branch', a.force ? '-D' : '-d', s.branch]);
        await git(s.repo, ['config', '--remove-section', `branch.${s.branch}`]).catch(() => undefined);
        branchDeleted = true;
      }
    }
    const kept = removed ? (branchDeleted || !s.branch ? null : `branch ${worktreeLabel({ ...s, dirty: false })}`) : `worktree ${s.dir} on ${worktreeLabel(s)}`;
    return { pane: id, dir: s.dir, branch: s.branch, removed, branchDeleted, kept };
  },
  print: (r) => `pane ${r.pane} closed${r.removed ? `; removed ${r.dir}` : ''}${r.branchDeleted ? ` and branch ${r.branch}` : ''}${r.kept ? `; kept ${r.kept}` : ''}`,
});
