// Reaping closed panes: a real `sleep` stands for a program that ignored the hang-up, and the
// made-up /proc facts say it holds the pane's terminal, started when they say. Whether it was
// killed is read from how it ended: SIGKILL from the reaper, or the spec's own SIGTERM after.
import { spawn, type ChildProcess } from 'node:child_process';
import test, { type ExecutionContext } from 'ava';
import { Pane, type PaneHooks, type PaneOptions } from '../../lib/session/pane.js';
import { Reaper } from '../../lib/session/reaper.js';
import { FakeProcesses } from '../helpers/fake-proc.js';
import { FakePty } from '../helpers/fake-pty.js';

const hooks: PaneHooks = { output() {}, title() {}, exit() {}, statusChanged() {}, notify() {}, watched: () => false, clipboard() {} };

interface World { fake: FakePty; procs: FakeProcesses; pane: Pane; reaper: Reaper; child: ChildProcess; ended: Promise<NodeJS.Signals | null> }

/** A pane (shell faked) whose terminal a real `sleep 30` holds, started at `start` by the facts. */
function world(t: ExecutionContext, start: number): World {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  const ended = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, 'SIGKILL');
  });
  const fake = new FakePty();
  const procs = new FakeProcesses(process.pid, ['sh']);
  procs.holdTerminal(child.pid!, ['sleep', '30'], start);
  const opts: PaneOptions = {
    id: '1', argv: ['sh'], cwd: '/', cols: 80, rows: 24, env: {}, scrollback: 100,
    detection: {} as PaneOptions['detection'], spawn: fake.spawn, proc: procs.facts,
  };
  return { fake, procs, pane: new Pane(opts, hooks), reaper: new Reaper(), child, ended };
}

/** How the child ends once the spec sends it SIGTERM: SIGKILL if the reaper got there first. */
async function endOf(w: World): Promise<NodeJS.Signals | null> {
  w.child.kill('SIGTERM');
  return w.ended;
}

test('a program that ignored the hang-up and still holds the closed pane\'s terminal is killed', async (t) => {
  const w = world(t, 4242);
  w.reaper.close(w.pane);
  t.true(w.fake.destroyed, 'hung up at once');
  w.reaper.reap(w.pane);
  t.is(await w.ended, 'SIGKILL');
});

test('a pid reused since the pane closed (another start time) is never killed, though it holds the terminal', async (t) => {
  const w = world(t, 4242);
  w.reaper.close(w.pane);
  // The program exited and a new process got its pid; it holds a terminal with the same number.
  w.procs.reusePid(w.child.pid!, 4243);
  w.reaper.reap(w.pane);
  t.is(await endOf(w), 'SIGTERM');
});

test('a program that let go of the terminal after the hang-up (nohup, a daemon) lives on', async (t) => {
  const w = world(t, 4242);
  w.reaper.close(w.pane);
  w.procs.letGo(w.child.pid!);
  w.reaper.reap(w.pane);
  t.is(await endOf(w), 'SIGTERM');
});

test('the programs of a pane whose program exited are not reaped, though they hold its terminal', async (t) => {
  const w = world(t, 4242);
  w.fake.exit(0);
  w.reaper.close(w.pane);
  w.reaper.reap();
  t.is(await endOf(w), 'SIGTERM');
});
