// Program status in real panes: OSC 7501 printed by programs, read back from the border as a
// person sees it, from `thurm info`, and from what reaches the outer terminal.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { Connection } from '../../lib/cli/connection.js';
import type { PublicEvent } from '../../lib/server/events.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ROOT, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

const b64 = (s: string) => Buffer.from(s).toString('base64');

async function attached(t: { teardown(fn: () => Promise<void> | void): void }, config?: string, args: string[] = ['--', 'sh']) {
  const env = new ThurmEnv(config);
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', ...args]);
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 120, 30);
  t.teardown(() => term.kill());
  await term.waitForText('[default]');
  return { env, term };
}

/**
 * Makes the shell in `pane` print OSC 7501 reports (bodies of safe characters only), all from
 * one command line: typing the command clears done and error records, the output comes after.
 */
async function report(env: ThurmEnv, pane: string, bodies: string | string[], st = false, then?: string): Promise<void> {
  const end = st ? '\\033\\\\' : '\\007';
  const printfs = [bodies].flat().map((body) => `printf '\\033]7501;%s${end}' '${body}'`);
  await env.ok(['send', '--pane', pane, '--enter', [...printfs, ...(then ? [then] : [])].join('; ')]);
}

async function status(env: ThurmEnv, pane = '1') {
  return (await env.json(['info'])).panes.find((p: any) => p.id === pane);
}

test.serial('a report shows in the border with its glyph, state, app, message and progress bar', async (t) => {
  const { env, term } = await attached(t);
  await report(env, '1', `state=working:app=sync:progress=42:msg=${b64('Syncing photos')}`);
  const text = await term.waitForText('▶ working sync: Syncing photos');
  t.regex(text.split('\n')[0], /^━ 1 sh ━ ▶ working sync: Syncing photos ━+ \[████░░░░░░\] 42% ━$/);
  await report(env, '1', `state=blocked:kind=permission:app=claude:msg=${b64('Approve the file change?')}`, true);
  await term.waitForText('◆ blocked (permission) claude: Approve the file change?');
  const p = await status(env);
  t.like(p.status, { state: 'blocked', source: 'program-status', text: 'Approve the file change?', progress: null });
});

test.serial('info lists records grouped under their programs, with ids, titles and inheritance', async (t) => {
  const { env } = await attached(t);
  await report(env, '1', [
    `state=working:app=build:msg=${b64('Building')}`,
    `state=done:id=build/test:title=${b64('Tests')}:msg=${b64('312 passed')}`,
    `state=error:id=lint:app=eslint:msg=${b64('3 problems')}`,
  ]);
  await waitUntil(async () => (await status(env)).programs.length === 2, 'two programs');
  const p = await status(env);
  t.deepEqual(p.programs.map((g: any) => [g.app, g.records.map((r: any) => [r.id, r.state, r.title, r.msg])]), [
    ['build', [[null, 'working', null, 'Building'], ['build/test', 'done', 'Tests', '312 passed']]],
    ['eslint', [['lint', 'error', null, '3 problems']]],
  ]);
  t.regex(p.programs[0].records[0].updatedAt, /^\d{4}-\d\d-\d\dT/);
  t.like(p.status, { state: 'error', source: 'program-status', text: '3 problems', progress: null });
  t.regex(await env.ok(['info']), /program build\n {4}\(root\): working Building\n {4}build\/test: done "Tests" 312 passed/);
});

for (const terminator of ['bel', 'st'] as const) {
  test.serial(`the feature query (${terminator}) is answered with the same terminator before the DA1 reply`, async (t) => {
    const env = new ThurmEnv();
    t.teardown(() => env.cleanup());
    await env.ok(['new', '-d', '--', process.execPath, path.join(ROOT, 'spec', 'fixtures', 'reply-probe.cjs'), terminator]);
    const screen = await waitUntil(async () => {
      const s = (await env.capture('1')).replace(/\n/g, '');
      return s.includes('REPLIES') ? s : '';
    }, 'the probe replies');
    const replies = JSON.parse(/REPLIES (".*")/.exec(screen)![1]) as string;
    const end = terminator === 'bel' ? '\x07' : '\x1b\\';
    const answer = `\x1b]7501;?:states=idle,working,done,blocked,error:kinds=permission,question,auth${end}`;
    t.true(replies.startsWith(answer), JSON.stringify(replies));
    t.regex(replies.slice(answer.length), /^\x1b\[\?[\d;]*c$/);
  });
}

test.serial('focusing or typing into a pane clears its done and error records, not working ones', async (t) => {
  const { env } = await attached(t);
  await env.ok(['split', '--', 'sh']);
  await report(env, '1', [`state=done:id=a:msg=${b64('finished')}`, 'state=working:id=b']);
  await waitUntil(async () => (await status(env)).programs[0]?.records.length === 2, 'two records');
  await env.ok(['focus', '--pane', '1']);
  t.deepEqual((await status(env)).programs[0].records.map((r: any) => r.id), ['b']);
  await report(env, '1', `state=error:id=c`);
  await waitUntil(async () => (await status(env)).status.state === 'error', 'error record');
  await env.ok(['send', '--pane', '1', 'x']);
  t.deepEqual((await status(env)).programs[0].records.map((r: any) => r.id), ['b']);
});

test.serial('a shell prompt (OSC 133;A) ends working, blocked and idle records, and done stays', async (t) => {
  const { env } = await attached(t);
  const fifo = path.join(env.dir, 'go');
  execFileSync('mkfifo', [fifo]);
  // The records come from the command's own output, after the typing that ran it.
  const records = ['state=working:id=w', 'state=blocked:id=b', 'state=idle:id=i', 'state=done:id=d']
    .map((body) => `printf '\\033]7501;${body}\\007'`).join('; ');
  await env.ok(['send', '--pane', '1', '--enter', `sh -c "${records}; read x < ${fifo}; printf '\\033]133;A\\007'; exec sleep 600"`]);
  await waitUntil(async () => (await status(env)).programs[0]?.records.length === 4, 'four records');
  fs.writeFileSync(fifo, 'go\n');
  const left = await waitUntil(async () => {
    const ids = (await status(env)).programs.flatMap((g: any) => g.records.map((r: any) => r.id));
    return ids.length < 4 && ids;
  }, 'the prompt mark to end records');
  t.deepEqual(left, ['d']);
});

test.serial('a full reset (RIS) removes every record', async (t) => {
  const { env, term } = await attached(t);
  await report(env, '1', `state=working:msg=${b64('busy')}`);
  await term.waitForText('▶ working busy');
  await env.ok(['send', '--pane', '1', '--enter', "printf '\\033c'"]);
  await term.waitFor((s) => !s.includes('▶ working'), 'status gone');
  t.is((await status(env)).status.state, 'none');
});

test.serial('when the pane process exits its working records end', async (t) => {
  const { env, term } = await attached(t, 'remain-on-exit = true\n');
  await report(env, '1', `state=working:msg=${b64('busy')}`);
  await term.waitForText('▶ working busy');
  await env.ok(['send', '--pane', '1', '--enter', 'exit']);
  await term.waitForText('[exited 0]');
  t.is((await status(env)).status.state, 'none');
});

test.serial('OSC 9;4 progress drives the bar and wins over record progress until removed', async (t) => {
  const { env, term } = await attached(t);
  await report(env, '1', 'state=working:progress=10');
  await term.waitForText('10%');
  await env.ok(['send', '--pane', '1', '--enter', "printf '\\033]9;4;1;75\\007'"]);
  await term.waitForText('[████████░░] 75%');
  t.is((await status(env)).status.progress, 75);
  await env.ok(['send', '--pane', '1', '--enter', "printf '\\033]9;4;2;75\\007'"]);
  await term.waitForText('75% error');
  await env.ok(['send', '--pane', '1', '--enter', "printf '\\033]9;4;0\\007'"]);
  await term.waitForText('] 10%');
  t.is((await status(env)).status.progress, 10);
});

test.serial('entering done raises a notification: a status line flash and OSC 9 to the outer terminal', async (t) => {
  const { env, term } = await attached(t);
  await report(env, '1', `state=done:app=sync:msg=${b64('Photos synced')}`);
  await term.waitForText('pane 1: sync done - Photos synced');
  t.true(term.raw.includes('\x1b]9;thurm pane 1: Photos synced\x07'));
});

test.serial('notifications are limited to three per pane in ten seconds, without duplicates', async (t) => {
  const { env, term } = await attached(t);
  // The echo's output comes after the reports, so its frame after their notifications (the
  // typed line shows `$((6*7))`, not 42, so its echo cannot stand in for it).
  await report(env, '1', [
    `state=done:id=same:msg=${b64('one')}`,
    `state=done:id=same:msg=${b64('one')}`,
    ...['two', 'three', 'four', 'five'].map((n) => `state=error:id=${n}:msg=${b64(n)}`),
  ], false, 'echo all-parsed-$((6*7))');
  await term.waitFor(() => term.raw.includes('all-parsed-42'), 'a frame after the reports');
  const sent = term.raw.match(/\x1b\]9;thurm pane 1: [a-z]+\x07/g) ?? [];
  t.deepEqual(sent, ['\x1b]9;thurm pane 1: one\x07', '\x1b]9;thurm pane 1: two\x07', '\x1b]9;thurm pane 1: three\x07']);
});

test.serial('a bell in the pane an attached client has focused raises nothing; one elsewhere notifies', async (t) => {
  const { env, term } = await attached(t);
  await env.ok(['split', '--', 'sh']);
  await env.ok(['focus', '--pane', '1']);
  await env.ok(['send', '--pane', '1', '--enter', "printf '\\007'; echo rang-one"]);
  await waitUntil(async () => /^rang-one$/m.test(await env.capture('1')), 'the bell of pane 1 parsed');
  await env.ok(['send', '--pane', '2', '--enter', "printf '\\007'"]);
  await term.waitForText('pane 2: bell');
  t.false(term.raw.includes('thurm pane 1: bell'), 'no notification for the focused pane');
  t.is((await status(env, '1')).status.source, 'none');
});

/**
 * A pane command running the stand-in agent as `claude` (spec/fixtures/fake-agent.cjs), so
 * thurm detects it as Claude Code; `say` gives it a command through its own FIFO.
 */
function fakeClaude(env: ThurmEnv, name: string): { argv: string[]; say(command: string): void } {
  const bin = path.join(env.dir, 'bin');
  const claude = path.join(bin, 'claude');
  if (!fs.existsSync(claude)) {
    fs.mkdirSync(bin, { recursive: true });
    fs.writeFileSync(claude, `#!${process.execPath}\nrequire(${JSON.stringify(path.join(ROOT, 'spec', 'fixtures', 'fake-agent.cjs'))});\n`, { mode: 0o755 });
  }
  const fifo = path.join(env.dir, `control-${name}`);
  execFileSync('mkfifo', [fifo]);
  return { argv: [claude, fifo], say: (command) => fs.writeFileSync(fifo, `${command}\n`) };
}

test.serial('a bell in the agent pane an attached client has focused neither notifies nor makes it blocked; unfocused it does both', async (t) => {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  const one = fakeClaude(env, 'one');
  const two = fakeClaude(env, 'two');
  await env.ok(['new', '-d', '--', ...one.argv]);
  await env.ok(['split', '--', ...two.argv]);
  for (const pane of ['1', '2']) {
    await waitUntil(async () => (await env.capture(pane)).includes('fake agent ready'), `the agent in pane ${pane}`);
    await waitUntil(async () => (await env.json(['agent', 'explain', '--pane', pane])).foreground?.agent === 'claude-code', `pane ${pane} detected as claude-code`);
  }
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 120, 30);
  t.teardown(() => term.kill());
  await term.waitForText('[default]');
  const connection = await Connection.open(env.socket);
  t.teardown(() => connection.close());
  const notified: PublicEvent[] = [];
  connection.ws.on('message', (data, isBinary) => {
    const msg = JSON.parse(data.toString());
    if (!isBinary && msg.type === 'event' && msg.event.type === 'notification') notified.push(msg.event);
  });
  await connection.request('subscribe', { types: ['notification'] });
  await env.ok(['focus', '--pane', '1']);
  await term.waitFor((s) => /\b1:\S*\*/.test(s.split('\n').at(-1)!), 'pane 1 focused in the status line');

  // The agent writes the BEL itself (no typing into the pane, which would be attention).
  one.say('print \x07rang-one');
  await waitUntil(async () => /^rang-one$/m.test(await env.capture('1')), 'the bell of pane 1 parsed');
  two.say('print \x07rang-two');
  const p2 = await waitUntil(async () => { const p = await status(env, '2'); return p.status.source === 'notification' ? p : null; }, 'pane 2 blocked by its bell');
  t.like(p2.status, { state: 'blocked', source: 'notification', text: 'bell', progress: null });
  await waitUntil(() => notified.some((e) => e.pane === '2'), 'the notification event of pane 2');
  await term.waitForText('pane 2: bell');
  t.true(term.raw.includes('\x1b]9;thurm pane 2: bell\x07'), 'OSC 9 to the client for the unfocused pane');
  // The flash (three seconds) gives the status line back, with pane 2 marked as having rung.
  const statusLine = (await term.waitFor((s) => /\b2:\S*! /.test(s.split('\n').at(-1)!), 'the bell mark of pane 2')).split('\n').at(-1)!;

  // Pane 1 rang first; its notification, had there been one, would have come before pane 2's.
  t.like((await status(env, '1')).status, { source: 'screen-and-activity' });
  t.not((await status(env, '1')).status.state, 'blocked');
  t.deepEqual(notified.map((e) => e.pane), ['2']);
  t.false(term.raw.includes('thurm pane 1: bell'), 'no OSC 9 for the focused pane');
  t.regex(statusLine, /\b1:\S*\* /, 'the focused pane has no bell mark');

  // Looking at pane 2 is seeing its bell: the notification ends and so does blocked.
  await env.ok(['focus', '--pane', '2']);
  await waitUntil(async () => (await status(env, '2')).status.source === 'screen-and-activity', 'pane 2 back to its screen once seen');
  await term.waitFor((s) => /\b2:\S*\* /.test(s.split('\n').at(-1)!), 'the bell mark of pane 2 cleared');
});

test.serial('bells, OSC 9 texts and records share the one limit of three notifications', async (t) => {
  const { env, term } = await attached(t);
  await env.ok(['split', '--', 'sh']);
  await env.ok(['send', '--pane', '1', '--enter', [
    "printf '\\007'", "printf '\\033]9;%s\\007' text", ...['one', 'two'].map((n) => `printf '\\033]7501;state=error:id=${n}:msg=%s\\007' ${b64(n)}`),
    `printf '\\033]7501;state=working:id=marker\\007'`,
  ].join('; ')]);
  await waitUntil(async () => (await status(env)).programs[0]?.records.some((r: any) => r.id === 'marker'), 'marker record');
  await term.waitFor(() => term.raw.includes('thurm pane 1: one'), 'the third notification');
  t.deepEqual(term.raw.match(/\x1b\]9;thurm pane 1: [a-z]+\x07/g), ['\x1b]9;thurm pane 1: bell\x07', '\x1b]9;thurm pane 1: text\x07', '\x1b]9;thurm pane 1: one\x07']);
});

test.serial('notifications.command runs with the text as arguments, never through a shell', async (t) => {
  const out = path.join(os.tmpdir(), `thurm-notified-${process.pid}-${Date.now()}.txt`);
  t.teardown(() => fs.rmSync(out, { force: true }));
  const { env } = await attached(t, `[notifications]\ndesktop = "off"\ncommand = ["sh", "-c", "printf '%s|%s\\\\n' \\"$1\\" \\"$2\\" >> ${out}", "notify"]\n`);
  await report(env, '1', `state=blocked:app=x:msg=${b64('$(touch /tmp/pwned) `id`')}`);
  const line = await waitUntil(() => fs.existsSync(out) && fs.readFileSync(out, 'utf8'), 'the command output');
  t.is(line, 'thurm pane 1: x blocked|$(touch /tmp/pwned) `id`\n');
});

test.serial('hostile status text never reaches the outer terminal raw', async (t) => {
  const { env, term } = await attached(t);
  await report(env, '1', `state=working:app=evil:msg=${b64('a\u202eb {red-fg}tag{/red-fg} \u200bc')}`);
  await term.waitForText('{red-fg}tag{/red-fg}');
  t.false(term.raw.includes('\u202e'));
  t.false(term.raw.includes('\u200b'));
  // Control characters inside the text discard the report.
  await report(env, '1', `state=error:msg=${b64('x\x1b[2Jy')}`);
  // A 10 MB payload is discarded whole and the server keeps going.
  await env.ok(['send', '--pane', '1', '--enter', "head -c 10485760 /dev/zero | tr '\\\\0' A | (printf '\\033]7501;state=done:msg='; cat; printf '\\007')"]);
  await report(env, '1', `state=idle:id=after:msg=${b64('after')}`);
  await waitUntil(async () => (await status(env)).programs.some((g: any) => g.records.some((r: any) => r.id === 'after')), 'a later report applied', 30_000);
  const states = (await status(env)).programs.flatMap((g: any) => g.records.map((r: any) => r.state));
  t.deepEqual(states.sort(), ['idle', 'working']);
});

test.serial('thurm wait returns when a pane reaches a state and times out otherwise', async (t) => {
  const { env } = await attached(t);
  const timedOut = await env.cli(['wait', '--pane', '1', '--state', 'done', '--timeout', '0.2']);
  t.is(timedOut.code, 11);
  const waiting = env.cli(['wait', '--pane', '1', '--state', 'done']);
  await report(env, '1', 'state=working');
  await report(env, '1', 'state=done');
  t.is((await waiting).code, 0);
  t.is((await env.cli(['wait', '--pane', '1', '--state', 'done'])).code, 0);
});

test.serial('the status line counts panes per state and prefix u jumps to the blocked one', async (t) => {
  const { env, term } = await attached(t);
  await env.ok(['split', '--', 'sh']);
  await env.ok(['split', '--', 'sh']);
  await report(env, '1', 'state=blocked:kind=question');
  await report(env, '2', 'state=working');
  await env.ok(['zoom', '--pane', '3']);
  await term.waitFor((s) => / ◆1 ▶1\s*$/.test(s.split('\n')[29]), 'counts in the status line');
  term.write('\x02u');
  await waitUntil(async () => (await env.json(['list'])).panes[0].focused, 'pane 1 focused');
  t.false(await env.json(['info']).then((i) => i.panes.some((p: any) => p.id === '3' && p.focused)));
});

test.serial('thurm status writes a correct report to its terminal and refuses bad values', async (t) => {
  const { env, term } = await attached(t);
  // From a script, as builds do: a record typed at the prompt ends when its command leaves.
  await env.ok(['send', '--pane', '1', '--enter', `sh -c "${process.execPath} ${BIN} status working --app build --id step/one --title Compile --msg 'half way' --progress 50; exec sleep 600"`]);
  await term.waitForText('▶ working build: Compile: half way');
  t.like((await status(env)).programs[0].records[0], { id: 'step/one', state: 'working', title: 'Compile', msg: 'half way', progress: 50 });
  const env2 = new ThurmEnv();
  t.teardown(() => env2.cleanup());
  for (const bad of [['working', '--kind', 'auth'], ['done', '--progress', '5'], ['nope'], ['working', '--app', 'a b'], ['working', '--id', 'a//b'], ['working', '--msg', 'x'.repeat(2100)]]) {
    t.is((await env2.cli(['status', ...bad])).code, 2, bad.join(' '));
  }
  await env.ok(['send', '--pane', '1', '--key', 'C-c']);
  await env.ok(['send', '--pane', '1', '--enter', `${process.execPath} ${BIN} status --query; echo query=$?`]);
  await term.waitForText('query=0');
});

test.serial('thurm status --query fails in a terminal that does not speak OSC 7501', async (t) => {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  const term = new TestTerminal('/bin/sh', ['-c', `${process.execPath} ${BIN} status --query; echo query=$?; sleep 5`], env.env);
  t.teardown(() => term.kill());
  const screen = await term.waitForText('query=1');
  // It did ask (then DA1, which the terminal answers), and printed nothing of its own.
  t.true(term.raw.includes('\x1b]7501;?\x1b\\\x1b[c'));
  t.is(screen.trim(), 'query=1');
});

test.serial('an indeterminate OSC 9;4 progress bar moves in the border', async (t) => {
  const { env, term } = await attached(t);
  await env.ok(['send', '--pane', '1', '--enter', "printf '\\033]9;4;3\\007'"]);
  const first = (await term.waitFor((s) => /\[░*███░*\]/.test(s.split('\n')[0]), 'a bar')).split('\n')[0];
  await term.waitFor((s) => /\[░*███░*\]/.test(s.split('\n')[0]) && s.split('\n')[0] !== first, 'the bar moving');
  t.is((await status(env)).status.progress, null);
});
