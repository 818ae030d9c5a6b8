// `thurm agent new --worktree` and `agent finish`: an agent in a git worktree of its own, shown
// with its branch, saved, killed with its server, restored in its worktree, then finished.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.email=spec@thurm', '-c', 'user.name=spec', ...args], { cwd, encoding: 'utf8' });
/** What `git config --get-regexp` finds (it exits 1 when nothing matches). */
const configMatching = (cwd: string, pattern: string) => {
  try {
    return git(cwd, 'config', '--get-regexp', pattern).trim();
  } catch {
    return '';
  }
};

/** A session started in a new git repository with one commit on main. */
async function project(t: ExecutionContext): Promise<{ env: ThurmEnv; repo: string }> {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  const repo = path.join(env.dir, 'project');
  fs.mkdirSync(repo);
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'commit', '-q', '--allow-empty', '-m', 'start');
  await env.ok(['new', '-d', '--size', '120x40', '--cwd', repo]);
  return { env, repo };
}

interface AgentRow { pane: string; worktree?: { branch: string | null; base: string | null; dir: string; dirty: boolean; ahead: number | null } | null }

test.serial('an agent in its own worktree: made on a new branch and named after it, shown with how its branch stands, restored in it after a crash, and finished safely', async (t) => {
  const { env, repo } = await project(t);

  const made = await env.ok(['agent', 'new', '--worktree', '--name', 'fix-login', '--cwd', repo, '--', 'sh']);
  const dir = path.join(env.dir, 'project-worktrees', 'fix-login');
  t.is(made.trim(), `2: on branch fix-login in ${dir}`);
  t.is(git(dir, 'rev-parse', '--abbrev-ref', 'HEAD').trim(), 'fix-login');
  const windows = await env.json<{ windows: { name: string; panes: string[] }[] }>(['list-windows']);
  t.like(windows.windows[1], { name: 'fix-login', panes: ['2'] });
  t.is((await env.json<{ panes: { id: string; title: string; cwd: string }[] }>(['info'])).panes.find((p) => p.id === '2')?.title, 'fix-login');

  // The agent works and commits; the overview shows its branch one commit ahead of main.
  // The shell's own printf reports, so the status stays (a record of a program that ended would end with it).
  await env.ok(['send', '--pane', '2', 'git -c user.email=a@b -c user.name=a commit -q --allow-empty -m work && printf \'\\033]7501;state=working:msg=Y29kaW5n\\007\'', '--enter']);
  const row = await waitUntil(async () => (await env.json<{ agents: AgentRow[] }>(['agents'])).agents.find((a) => a.pane === '2' && a.worktree?.ahead === 1), 'the commit in the overview');
  t.deepEqual(row.worktree, { branch: 'fix-login', base: 'main', dir, dirty: false, ahead: 1 });
  t.regex(await env.ok(['agents']), /pane 2 +working .*\[fix-login\+1\] +-: coding/);
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 120, 40);
  t.teardown(() => term.kill());
  await term.waitForText('coding');
  term.write('\x02a');
  await term.waitFor((s) => /pane 2 +working .*\[fix-login\+1\] +-: coding/.test(s), 'the branch in the overview (prefix a)');
  term.write('q');
  term.kill();

  // Saved, killed with the server, restored: the pane comes back in its worktree.
  await env.ok(['save']);
  await env.crash();
  const restored = await env.cli(['restore', '-d']);
  t.is(restored.code, 0, restored.stderr);
  await waitUntil(async () => (await env.json<{ panes: { id: string; cwd: string }[] }>(['info'])).panes.find((p) => p.id === '2')?.cwd === dir, 'pane 2 back in its worktree');

  // Finished safely: uncommitted work, then an unmerged branch, stop it; --force goes on.
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'half done');
  const dirty = await env.cli(['agent', 'finish', '--pane', '2', '--remove-worktree']);
  t.is(dirty.code, 2);
  t.regex(dirty.stderr, /fix-login has uncommitted changes: nothing was done/);
  t.true(fs.existsSync(path.join(dir, 'notes.txt')));
  fs.rmSync(path.join(dir, 'notes.txt'));
  const unmerged = await env.cli(['agent', 'finish', '--pane', '2', '--remove-worktree', '--delete-branch']);
  t.regex(unmerged.stderr, /branch fix-login has 1 commit not on main: nothing was done/);
  t.true((await env.json<{ panes: { id: string }[] }>(['list'])).panes.some((p) => p.id === '2'), 'the pane is still there');
  t.is((await env.ok(['agent', 'finish', '--pane', '2', '--remove-worktree'])).trim(), `pane 2 closed; removed ${dir}; kept branch fix-login+1`);
  t.false(fs.existsSync(dir));
  t.is(git(repo, 'branch', '--list', 'fix-login').trim(), 'fix-login', 'the branch and its commit are kept');
  t.false((await env.json<{ panes: { id: string }[] }>(['list'])).panes.some((p) => p.id === '2'));
});

test.serial('agent finish deletes a merged branch with its worktree, and refuses a pane that is in no worktree of its own', async (t) => {
  const { env, repo } = await project(t);
  const made = JSON.parse(await env.ok(['agent', 'new', '--worktree=feat/search', '--split', '--cwd', repo, '--json', '--', 'sh'])) as { pane: string; branch: string; dir: string };
  t.like(made, { branch: 'feat/search', dir: path.join(env.dir, 'project-worktrees', 'feat-search') });
  t.is(configMatching(repo, 'thurm'), 'branch.feat/search.thurm-base main');
  t.regex((await env.cli(['agent', 'finish', '--pane', '1'])).stderr, /pane 1 is not in a git worktree of its own/);
  t.regex((await env.cli(['agent', 'new', '--worktree=x', '--base=--orphan', '--cwd', repo, '--', 'sh'])).stderr, /base: a branch or ref does not start with "-": --orphan/);
  t.regex((await env.cli(['agent', 'finish', '--pane', made.pane, '--delete-branch'])).stderr, /delete-branch: only with remove-worktree/);
  t.is((await env.ok(['agent', 'finish', '--pane', made.pane, '--remove-worktree', '--delete-branch'])).trim(), `pane ${made.pane} closed; removed ${made.dir} and branch feat/search`);
  t.is(git(repo, 'branch', '--list', 'feat/search').trim(), '');
  t.is(configMatching(repo, 'thurm'), '', 'no thurm-base left behind');
});
