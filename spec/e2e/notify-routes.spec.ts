// `[[notify.route]]` against a local HTTP receiver: one POST per blocked cause, its repeat while
// unanswered, its resolved call once the pane is focused; a hung route holds nothing up.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

interface Received { path: string; event: { route: string; kind: string; pane: string; cause: string; text: string; at: string } }

/** A receiver on localhost that keeps every POST's JSON body. */
async function receiver(t: ExecutionContext): Promise<{ url: string; got: Received[] }> {
  const got: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (d) => { body += d; }).on('end', () => {
      got.push({ path: req.url ?? '', event: JSON.parse(body) });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => server.close());
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, got };
}

/** A route command as a user would write one: it POSTs the event it reads on stdin to its URL. */
function poster(dir: string): string {
  const file = path.join(dir, 'post.cjs');
  fs.writeFileSync(file, `let body = '';
process.stdin.setEncoding('utf8').on('data', (d) => { body += d; }).on('end', () => {
  const req = require('http').request(process.argv[2], { method: 'POST' }, (res) => { res.resume(); res.on('end', () => process.exit(res.statusCode === 200 ? 0 : 1)); });
  req.on('error', (e) => { console.error(e.message); process.exit(1); });
  req.end(body);
});
`);
  return file;
}

const toml = (argv: string[]) => `[${argv.map((a) => JSON.stringify(a)).join(', ')}]`;

/**
 * The pane's program: it runs `thurm status ARGS` for each line written to its FIFO. Typing into
 * the pane (`thurm send`) would count as the user answering it, so nothing is typed.
 */
function reporter(dir: string, name = 'reports'): { argv: string[]; report: (...args: string[]) => Promise<void> } {
  const fifo = path.join(dir, name);
  execFileSync('mkfifo', [fifo]);
  const script = path.join(dir, `${name}.cjs`);
  fs.writeFileSync(script, `const { readFileSync } = require('fs');
const { spawnSync } = require('child_process');
for (;;) {
  for (const line of readFileSync(${JSON.stringify(fifo)}, 'utf8').split('\\n').filter(Boolean)) {
    spawnSync(process.execPath, [${JSON.stringify(BIN)}, 'status', ...JSON.parse(line)], { stdio: 'inherit' });
  }
}
`);
  return { argv: [process.execPath, script], report: (...args) => fs.promises.writeFile(fifo, `${JSON.stringify(args)}\n`) };
}

test.serial('a route POSTs once per blocked cause, repeats while unanswered, and calls its resolved command once the pane is focused', async (t) => {
  const { url, got } = await receiver(t);
  const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'thurm-route-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const post = poster(dir);
  const env = new ThurmEnv(`[[notify.route]]
name = "webhook"
states = ["blocked"]
command = ${toml([process.execPath, post, `${url}/notify`])}
repeat = 0.4
resolved = ${toml([process.execPath, post, `${url}/resolved`])}
`);
  t.teardown(() => env.cleanup());
  const { argv, report } = reporter(dir);
  await env.ok(['new', '-d', '--size', '100x30', '--', ...argv]);
  const of = (text: string, kind?: string) => got.filter((g) => g.event.text === text && (kind === undefined || g.event.kind === kind));

  await report('blocked', '--msg', 'first', '--kind', 'question');
  await waitUntil(() => of('first', 'repeat').length >= 1, 'the first POST and its repeat');
  t.like(of('first', 'notify')[0], { path: '/notify', event: { route: 'webhook', pane: '1', cause: 'blocked' } });
  // The same question told again is the same cause: no second POST of its own.
  await report('blocked', '--msg', 'first', '--kind', 'question');
  await waitUntil(() => of('first', 'repeat').length >= 2, 'a second repeat');
  t.is(of('first', 'notify').length, 1, 'one POST for the cause, and its repeats');

  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
  t.teardown(() => term.kill());
  await term.waitForText('first');
  await env.ok(['focus', '--pane', '1']);
  await waitUntil(() => got.some((g) => g.path === '/resolved'), 'the resolved call');
  const resolvedAt = got.findIndex((g) => g.path === '/resolved');
  t.like(got[resolvedAt].event, { kind: 'resolved', pane: '1', text: 'first' });
  // Another pane's cause, and its own repeat: by then the first would have repeated too, had it not been answered.
  const other = reporter(dir, 'other');
  await env.ok(['split', '-d', '--', ...other.argv]);
  await other.report('blocked', '--msg', 'second', '--kind', 'question');
  await waitUntil(() => of('second', 'repeat').length >= 1, 'the second pane\'s cause and its repeat');
  t.is(of('second')[0].event.pane, '2');
  const resolved = Date.parse(got[resolvedAt].event.at);
  t.deepEqual(of('first').filter((g) => g.path === '/notify' && Date.parse(g.event.at) > resolved), [], 'the first cause ran no more once resolved');
  const events = await env.json<{ notifyRoutes: { name: string; delivered: number; failed: number }[] }>(['info']);
  t.like(events.notifyRoutes[0], { name: 'webhook', failed: 0 });
});

test.serial('a hung route command does not hold up the server; it is killed at its timeout, and notify test says how each route went', async (t) => {
  const env = new ThurmEnv(`[[notify.route]]
name = "hung"
command = ${toml([process.execPath, '-e', 'setTimeout(() => {}, 60000)', 'hung-route-of-the-spec'])}
timeout = 3

[[notify.route]]
name = "fails"
command = ${toml([process.execPath, '-e', 'console.error("no network"); process.exit(7)'])}
`);
  t.teardown(() => env.cleanup());
  const { argv, report } = reporter(env.dir);
  await env.ok(['new', '-d', '--size', '100x30', '--', ...argv]);
  const hung = () => fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p)).filter((p) => {
    try {
      return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('hung-route-of-the-spec');
    } catch {
      return false;
    }
  });
  await report('error', '--msg', 'crashed');
  await waitUntil(() => hung().length === 1, 'the hung route to run');
  await env.request('list');
  t.is(hung().length, 1, 'list was answered while the route still ran');
  const stats = await waitUntil(async () => {
    const r = await env.json<{ routes: { name: string; failed: number; lastError: string | null }[] }>(['notify']);
    return r.routes.find((x) => x.name === 'hung')?.failed === 1 ? r.routes : null;
  }, 'the hung route to be killed at its timeout');
  t.regex(stats.find((r) => r.name === 'hung')!.lastError ?? '', /^timed out after 3 s/);
  t.regex(stats.find((r) => r.name === 'fails')!.lastError ?? '', /^exited 7: no network$/);
  const tested = await env.cli(['notify', 'test', '--route', 'fails']);
  t.is(tested.code, 0);
  t.is(tested.stdout.trim(), 'fails: failed: exited 7: no network');
  t.regex((await env.cli(['notify', 'test', '--route', 'nope'])).stderr, /no route nope \(the config has hung, fails\)/);
});
