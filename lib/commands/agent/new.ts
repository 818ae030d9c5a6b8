// `thurm agent new [--worktree[=BRANCH]] [--base REF] [--name NAME] [--split] -- CMD...`: an
// agent in a window (or a pane) of its own, with `--worktree` in a git worktree of its own on a
// branch of its own, named after it; `thurm agent finish` ends one (session/worktrees.ts).
import path from 'node:path';
import { ThurmError } from '../../errors.js';
import { field } from '../../fields.js';
import { sanitizeText } from '../../sanitize.js';
import { createWorktree } from '../../session/worktrees.js';
import { argvField, cwdField, defineCommand } from '../command.js';

/** `agent-20261207-1405`: a branch name for a worktree asked for without one. */
function stamped(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `agent-${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
}

export const agentNew = defineCommand({
  name: 'agent-new',
  group: 'agent',
  describe: 'Start an agent in a window of its own (--split: a pane), with --worktree in a git worktree on a branch of its own',
  details: '; `--worktree` alone names the branch after --name (else `agent-DATE-TIME`), `--worktree=BRANCH` names it; a new branch starts at --base (default HEAD) and the worktree goes under `[agents] worktree-dir` (default `REPO-worktrees` beside the repository). The window and the pane are named after the branch. See [agents.md](agents.md#an-agent-in-its-own-worktree)',
  fields: {
    argv: argvField.describe('the agent\'s command and its arguments (default: your shell)'),
    worktree: field.string({ max: 200 }).describe('make a git worktree for it on this branch (empty: named after --name, else agent-DATE-TIME)').optional()
      .cli({ placeholder: 'BRANCH', read: (v) => (v === undefined || v === false ? undefined : v === true ? '' : String(v)) }),
    base: field.string({ min: 1, max: 200 }).describe('the ref a new branch starts at (default HEAD)').optional().cli({ placeholder: 'REF' }),
    name: field.string({ min: 1, max: 64 }).describe('the window\'s and pane\'s name (default: the branch, else the command)').optional().cli({ placeholder: 'NAME' }),
    split: field.bool().describe('a pane beside the focused one instead of a window').default(false).cli(),
    // The CLI sends its own folder: the repository is where the command was typed, not the focused pane's.
    cwd: cwdField.cli({ describe: 'the repository, or where the agent starts (default: here)', read: (v) => path.resolve(v === undefined ? '.' : String(v)) }),
  },
  result: {
    pane: field.string({ max: 32 }),
    branch: field.string({ max: 200 }).nullable().describe('the worktree\'s branch (null: no worktree)'),
    dir: field.string({ max: 4096 }).describe('where the agent started'),
  },
  run: async (ctx, a) => {
    const cwd = a.cwd ?? (ctx.mux.focused ? ctx.mux.pane(ctx.mux.focused).cwd : process.cwd());
    if (a.base !== undefined && a.worktree === undefined) throw new ThurmError('INVALID_ARGUMENT', 'base: only with worktree');
    const made = a.worktree === undefined ? null
      : await createWorktree(cwd, a.worktree || a.name || stamped(), a.base, ctx.mux.config.agents.worktreeDir);
    const dir = made?.dir ?? cwd;
    const name = sanitizeText(a.name ?? made?.branch ?? a.argv?.[0] ?? 'agent', 64);
    const spec = { argv: a.argv, cwd: dir };
    const focused = ctx.mux.focused;
    const pane = a.split && focused ? ctx.mux.split(focused, 'right', spec) : ctx.mux.newWindow(spec, name);
    ctx.mux.setPaneTitle(pane, name);
    return { pane, branch: made?.branch ?? null, dir };
  },
  print: (r) => `${r.pane}${r.branch ? `: on branch ${r.branch} in ${r.dir}` : ''}`,
});
