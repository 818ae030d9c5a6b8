// What a pane's programs leave behind as they come and go: the title follows the foreground
// program, records end with the program that set them, and closing a pane kills only what
// still holds its terminal.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ROOT, ThurmEnv } from '../helpers/thurm-env.js';
import { alive } from '../helpers/processes.js';
import { waitUntil } from '../helpers/wait.js';
import { serverLogPath } from '../../lib/session/paths.js';

const BASH = ['bash', '--norc', '--noprofile'];

async function attached(t: { teardown(fn: () => Promise<void> | void): void }, argv = BASH) {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--', ...argv]);
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
  t.teardown(() => term.kill());
  await term.waitForText('[default]');
  return { env, term };
}

/** The pid a pane's program wrote to `file` in the test's directory. */
async function pidFrom(env: ThurmEnv, file: string): Promise<number> {
  const f = path.join(env.dir, file);
  const pid = Number(await waitUntil(() => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8').trim() : ''), file));
  return pid;
}

function killLater(t: { teardown(fn: () => void): void }, pid: number): void {
  t.teardown(() => {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  });
}

const border = (term: TestTerminal) => term.lines()[0];

test.serial('the border title follows the foreground program as it starts and ends', async (t) => {
  const { env, term } = await attached(t);
  await term.waitFor(() => /^━ 1 bash ━/.test(border(term)), 'bash in the border');
  await env.ok(['send', '--pane', '1', '--enter', 'sleep 30']);
  await term.waitFor(() => /^━ 1 sleep ━/.test(border(term)), 'sleep in the border while it runs without output');
  await env.ok(['send', '--pane', '1', '--key', 'C-c']);
  const screen = await term.waitFor(() => /^━ 1 bash ━/.test(border(term)), 'bash again once sleep is gone');
  t.notRegex(screen.split('\n')[0], /sleep/);
});

test.serial('a title a program set (OSC 2) goes with that program', async (t) => {
  const { env, term } = await attached(t);
  await env.ok(['send', '--pane', '1', '--enter', `sh -c 'printf "\\033]2;my editor\\007"; sleep 30'`]);
  await term.waitFor(() => /^━ 1 my editor ━/.test(border(term)), 'the program title');
  await env.ok(['send', '--pane', '1', '--key', 'C-c']);
  const screen = await term.waitFor(() => /^━ 1 bash ━/.test(border(term)), 'the shell name once the program left');
  t.notRegex(screen.split('\n')[0], /my editor/);
});

test.serial('records of a script interrupted with C-c end when the shell is back, without OSC 133', async (t) => {
  const { env, term } = await attached(t);
  await env.ok(['send', '--pane', '1', '--enter', `printf '\\033]7501;state=idle:id=shell:msg=%s\\007' "$(printf mine | base64)"`]);
  await term.waitForText('○ idle mine');
  await env.ok(['send', '--pane', '1', '--enter', `sh ${path.join(ROOT, 'examples', 'build-progress.sh')}`]);
  await term.waitForText('▶ working build: fetch');
  await env.ok(['send', '--pane', '1', '--key', 'C-c']);
  const info = await waitUntil(async () => {
    const pane = (await env.json(['info'])).panes[0];
    return pane.status.state !== 'working' && pane;
  }, 'the working record gone');
  t.deepEqual(info.programs.flatMap((g: any) => g.records.map((r: any) => r.id)), ['shell'], 'the shell\'s own record stays');
  await term.waitFor(() => !border(term).includes('working'), 'no working in the border');
});

test.serial('a pane that exits leaves its background programs running; closing a pane spares nohup', async (t) => {
  const { env } = await attached(t, ['sh']);
  const dir = env.dir;
  // Pane 2 exits normally and leaves a program that ignores SIGHUP and still holds the terminal.
  await env.ok(['split', '--', 'sh', '-c', `trap "" HUP; sleep 601 & echo $! > ${dir}/left.pid; exit 0`]);
  const left = await pidFrom(env, 'left.pid');
  killLater(t, left);
  await waitUntil(async () => (await env.json(['list'])).panes.length === 1, 'pane 2 closed');
  // Pane 3 is closed while it runs: nohup's program let go of the terminal, the stubborn one did not.
  await env.ok(['split', '--', 'sh']);
  await env.ok(['send', '--pane', '3', '--enter', `nohup sleep 602 >/dev/null 2>&1 & echo $! > ${dir}/nohup.pid`]);
  const nohup = await pidFrom(env, 'nohup.pid');
  killLater(t, nohup);
  // Until nohup has run sleep, the job is a shell still on the terminal, which closing the pane rightly kills.
  await waitUntil(() => fs.readFileSync(`/proc/${nohup}/comm`, 'utf8').trim() === 'sleep' && !ttyOf(nohup).startsWith('/dev/pts/'), 'nohup to let go of the terminal and run sleep');
  await env.ok(['send', '--pane', '3', '--enter', `sh -c 'trap "" HUP; echo $$ > ${dir}/stubborn.pid; exec sleep 603'`]);
  const stubborn = await pidFrom(env, 'stubborn.pid');
  killLater(t, stubborn);
  await env.ok(['kill-pane', '--pane', '3']);
  await waitUntil(() => !alive(stubborn), 'the program still holding pane 3\'s terminal killed');
  t.true(alive(nohup), 'nohup sleep survives its pane being closed');
  t.true(alive(left), 'a program left by a pane that exited is never killed');
});

/** The terminal device a process has on its stdin (its pane's pty), as /dev/pts/N. */
const ttyOf = (pid: number) => fs.readlinkSync(`/proc/${pid}/fd/0`);

test.serial('reaping a closed pane never kills a new pane that got its terminal number', async (t) => {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--', 'sh']);
  const log = serverLogPath('default', env.env);
  let reused: { pane: string; pid: number; tty: string } | null = null;
  for (let attempt = 0; attempt < 10 && !reused; attempt++) {
    // It ignores the hang-up but lets go of the terminal, so the terminal number is freed.
    const file = `drops-${attempt}.pid`;
    const pane = (await env.ok(['split', '--', 'sh', '-c', `trap 'exec </dev/null >/dev/null 2>&1' HUP; echo $$ > ${env.dir}/${file}; while :; do sleep 0.1; done`])).trim();
    const drops = await pidFrom(env, file);
    killLater(t, drops);
    const tty = ttyOf(drops);
    await env.ok(['kill-pane', '--pane', pane]);
    await waitUntil(() => !fs.readdirSync(`/proc/${drops}/fd`).some((fd) => fs.readlinkSync(`/proc/${drops}/fd/${fd}`).startsWith(tty)), 'the terminal let go');
    const next = (await env.ok(['split', '--', 'sh'])).trim();
    const pid = (await env.json(['list'])).panes.find((p: any) => p.id === next).pid;
    if (ttyOf(pid) === tty) reused = { pane: next, pid, tty };
    else await env.ok(['kill-pane', '--pane', next]);
  }
  if (!reused) return t.fail('no new pane got the closed pane\'s terminal number in ten tries');
  await waitUntil(() => fs.existsSync(log) && /pane \d+ closed: killed \d+ of the/.test(fs.readFileSync(log, 'utf8')), 'the closed pane reaped');
  t.true(alive(reused.pid), `the new pane on ${reused.tty} lives`);
  t.true((await env.json(['list'])).panes.some((p: any) => p.id === reused!.pane));
});
