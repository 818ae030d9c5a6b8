// Several sessions at once: thurm ls, attach -t, and a client moving between sessions with
// prefix ( ), L and the s chooser.
import test from 'ava';
import type { SessionInfo } from '../../lib/server/protocol.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

async function twoSessions(t: { teardown(fn: () => Promise<void> | void): void }): Promise<ThurmEnv> {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  t.teardown(async () => { await env.cli(['-s', 'work', 'kill-server']); });
  await env.ok(['new', '-d']);
  await env.ok(['new', '-d', '-s', 'work']);
  await env.ok(['-s', 'work', 'new-window']);
  return env;
}

const clients = async (env: ThurmEnv, session: string) => (await env.json<SessionInfo>(['-s', session, 'info'])).clients;

test.serial('thurm ls lists every running session; attach -t attaches one by name', async (t) => {
  const env = await twoSessions(t);
  await env.ok(['-s', 'work', 'send', '--pane', '2', `printf '\\033]7501;state=blocked\\007'`, '--enter']);
  await waitUntil(async () => (await env.ok(['ls'])).includes('work: 2 windows, 2 panes, 0 clients, blocked'), 'ls shows the blocked session');
  t.regex(await env.ok(['ls']), /^default: 1 window, 1 pane, 0 clients\nwork: 2 windows/);
  const json = await env.json<{ sessions: { name: string }[] }>(['ls']);
  t.deepEqual(json.sessions.map((s) => s.name), ['default', 'work']);
  const term = new TestTerminal(process.execPath, [BIN, 'attach', '-t', 'work'], env.env, 100, 30);
  t.teardown(() => term.kill());
  await term.waitForText('[work]');
  t.is(await clients(env, 'work'), 1);
});

test.serial('prefix ) and ( move the client to the next and previous session, prefix s chooses one, prefix L goes back to the last one', async (t) => {
  const env = await twoSessions(t);
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
  t.teardown(() => term.kill());
  await term.waitForText('[default]');
  term.write('\x02L');
  await term.waitForText('no last session');
  term.write('\x02)');
  await term.waitForText('[work]');
  await waitUntil(async () => (await clients(env, 'work')) === 1 && (await clients(env, 'default')) === 0, 'the client moved to work');
  term.write('\x02(');
  await term.waitForText('[default]');
  term.write('\x02s');
  await term.waitFor((s) => /> default \(this one\)/.test(s) && /  work/.test(s), 'the session chooser');
  term.write('j\r');
  await term.waitForText('[work]');
  t.is(await clients(env, 'default'), 0);
  term.write('\x02L');
  await term.waitForText('[default]');
  term.write('\x02L');
  await term.waitForText('[work]');
  t.is(await clients(env, 'work'), 1);
});

test.serial('a pane that needs you in another session is flashed, then shows in the status line and the session chooser, and goes when it is seen', async (t) => {
  const env = await twoSessions(t);
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
  t.teardown(() => term.kill());
  await term.waitForText('[default]');
  const status = () => term.lines()[29];
  t.false(status().includes('work'), status());
  // What presses at this server's first answer from work is no news: wait for that answer (work
  // working, in the session chooser) before the news, as a loaded machine may ask late.
  await env.ok(['-s', 'work', 'send', '--pane', '2', `printf '\\033]7501;state=working\\007'`, '--enter']);
  term.write('\x02s');
  await term.waitFor((s) => / {2}work {2}\S working/.test(s), 'work known here, working');
  term.write('q');
  await env.ok(['-s', 'work', 'send', '--pane', '2', `printf '\\033]7501;state=blocked\\007'`, '--enter']);
  // News first (a flash, as this session's own notifications), then the mark that stays.
  await term.waitFor(() => status().includes('session work: ◆ blocked (1 pane needs you; prefix s to go there)'), 'the flash of work\'s news');
  await term.waitFor(() => / work◆1 │/.test(status()), 'work blocked, in default\'s status line');
  term.write('\x02s');
  await term.waitFor((s) => / {2}work {2}◆ blocked \(1 needs you\)/.test(s), 'the chooser says what presses in work');
  term.write('q');
  // Seen and answered there: nothing presses in work any more.
  await env.ok(['-s', 'work', 'send', '--pane', '2', `printf '\\033]7501;state=clear\\007'`, '--enter']);
  await term.waitFor(() => !status().includes('work'), 'work gone from the status line');
});
