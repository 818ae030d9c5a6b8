// The examples run as documented, in a real pane.
import path from 'node:path';
import test from 'ava';
import { ROOT, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

const example = (name: string) => path.join(ROOT, 'examples', name);

test('child-records.sh leaves a tree of records under its program', async (t) => {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--', 'sh', '-c', `${example('child-records.sh')}; exec sleep 600`]);
  const pane = await waitUntil(async () => {
    const p = (await env.json(['info'])).panes[0];
    return p.programs[0]?.records.find((r: any) => r.id === 'runner')?.state === 'error' ? p : null;
  }, 'the runner to fail', 15_000);
  t.deepEqual(pane.programs.map((g: any) => g.app), ['tests']);
  t.deepEqual(pane.programs[0].records.map((r: any) => [r.id, r.state, r.title, r.msg]), [
    ['runner', 'error', null, '1 suite failed'],
    ['runner/e2e', 'error', 'E2E', '1 failed'],
    ['runner/unit', 'done', 'Unit', '312 passed'],
  ]);
  t.like(pane.status, { state: 'error', source: 'program-status', text: '1 suite failed', progress: null });
});

test('agent-reporter.mjs reports its lifecycle, waits for input and releases on exit', async (t) => {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--', 'sh']);
  await env.ok(['send', '--enter', `${process.execPath} ${example('agent-reporter.mjs')}`]);
  const info = async () => (await env.json(['info'])).panes[0];
  const asking = await waitUntil(async () => ((await info()).agent?.status === 'needs-input' ? info() : null), 'needs-input', 20_000);
  t.like(asking.agent, { agent: 'reporter', turn: 1, message: 'Approve the file change? (press Enter)' });
  t.is(asking.agent.resume[0], 'node');
  t.like(asking.status, { state: 'blocked', source: 'report', text: 'Approve the file change? (press Enter)', progress: null });
  await env.ok(['send', '--key', 'Enter']);
  await waitUntil(async () => (await info()).agent?.status === 'done', 'done', 20_000);
  await waitUntil(async () => (await info()).agent === null, 'the release', 20_000);
  t.is((await info()).status.source, 'none');
});
