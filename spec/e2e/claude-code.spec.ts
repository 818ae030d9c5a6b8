// The real Claude Code in a pane, offline against a fake model API on 127.0.0.1: it is told that
// synchronized output is supported, turns it on, and every frame the client shows of it is a
// complete one, while the border follows its states. Claude Code is large and not installed by
// .ci/run (see docs/testing.md); without it this spec is skipped and says so.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import xtermHeadless from '@xterm/headless';
import test from 'ava';
import { useUnicode11 } from '../../lib/term/unicode.js';
import { alive } from '../helpers/processes.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ROOT, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

const { Terminal } = xtermHeadless;

/** Claude Code's native binary: $THURM_SPEC_CLAUDE_CODE, the install real-agents.md describes, or `claude` on PATH. */
function findClaude(): string | null {
  const candidates = [
    process.env.THURM_SPEC_CLAUDE_CODE,
    '/opt/real-agents/claude/node_modules/@anthropic-ai/claude-code-linux-x64/claude',
    ...(process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'claude')),
  ];
  for (const file of candidates) {
    if (!file || !fs.existsSync(file)) continue;
    try {
      if (/Claude Code/.test(execFileSync(file, ['--version'], { encoding: 'utf8', timeout: 20_000 }))) return file;
    } catch {
      // not a working Claude Code
    }
  }
  return null;
}

const CLAUDE = findClaude();
const BSU = '\x1b[?2026h';
const ESU = '\x1b[?2026l';

/** Screen text rows of a terminal, trailing blanks cut (emoji presentation selectors left out: thurm sends none, see pane-view.ts). */
function rowsOf(term: InstanceType<typeof Terminal>, from: number, count: number): string {
  const buf = term.buffer.active;
  const rows = [];
  for (let y = from; y < from + count; y++) rows.push((buf.getLine(buf.viewportY + y)?.translateToString(true) ?? '').replace(/\uFE0F/g, '').trimEnd());
  return rows.join('\n');
}

const write = (term: InstanceType<typeof Terminal>, data: string) => new Promise<void>((resolve) => term.write(data, resolve));

/**
 * Every screen the program's output leaves complete: after each piece written to the pane and
 * just before each update begins, whenever no update is open.
 */
async function completeScreens(pieces: string[], cols: number, rows: number): Promise<Set<string>> {
  const term = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
  useUnicode11(term);
  const screens = new Set<string>();
  let open = false;
  for (const piece of pieces) {
    for (const part of piece.split(/(?=\x1b\[\?2026h)|(?<=\x1b\[\?2026l)/)) {
      if (part.startsWith(BSU) && !open) screens.add(rowsOf(term, 0, rows));
      await write(term, part);
      if (part.includes(BSU)) open = true;
      if (part.includes(ESU)) open = false;
    }
    if (!open) screens.add(rowsOf(term, 0, rows));
  }
  term.dispose();
  return screens;
}

/** The pane's part of each frame the client drew (thurm ends every frame with ESU), from byte `from` on. */
async function clientFrames(raw: string, from: number, cols: number, rows: number): Promise<{ header: string; pane: string }[]> {
  const term = new Terminal({ cols, rows: rows + 2, allowProposedApi: true, scrollback: 0 });
  useUnicode11(term);
  const frames = [];
  let at = 0;
  for (const frame of raw.split(/(?<=\x1b\[\?2026l)/)) {
    await write(term, frame);
    at += frame.length;
    if (at > from) frames.push({ header: rowsOf(term, 0, 1), pane: rowsOf(term, 1, rows) });
  }
  term.dispose();
  return frames;
}

const title = 'Claude Code is told synchronized output is supported, turns it on, and the client shows only complete frames of it while the border goes working then done';

(CLAUDE ? test.serial : test.serial.skip)(CLAUDE ? title : `${title} (skipped: Claude Code is not installed; set THURM_SPEC_CLAUDE_CODE to its binary)`, async (t) => {
  const env = new ThurmEnv();
  // Claude Code's own home, apart from thurm's: it may still write there while it exits.
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'thurm-claude-home-'));
  let fake: ChildProcess | undefined;
  let client: TestTerminal | undefined;
  let claudePid: number | undefined;
  t.teardown(async () => {
    client?.kill();
    if (fake?.pid) process.kill(fake.pid);
    await env.cleanup();
    if (claudePid) await waitUntil(() => !alive(claudePid!), 'Claude Code to exit');
    fs.rmSync(home, { recursive: true, force: true });
  });
  fake = spawn(process.execPath, [path.join(ROOT, 'spec', 'fixtures', 'fake-anthropic.cjs'), '300'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let announced = '';
  fake.stdout!.on('data', (d) => { announced += d; });
  const port = Number((await waitUntil(() => /listening (\d+)/.exec(announced), 'the fake model API'))[1]);

  // Onboarding done, this folder trusted, a dummy key from a helper.
  const work = path.join(env.dir, 'work');
  fs.mkdirSync(path.join(home, '.claude'), { recursive: true });
  fs.mkdirSync(work);
  fs.writeFileSync(path.join(home, '.claude.json'), JSON.stringify({ hasCompletedOnboarding: true, projects: { [work]: { hasTrustDialogAccepted: true } } }));
  fs.writeFileSync(path.join(home, '.claude', 'settings.json'), JSON.stringify({ apiKeyHelper: 'echo sk-ant-fake-key' }));
  const log = path.join(env.dir, 'pty.jsonl');
  const vars = [`HOME=${home}`, `ANTHROPIC_BASE_URL=http://127.0.0.1:${port}`, 'DISABLE_AUTOUPDATER=1', 'DISABLE_TELEMETRY=1', 'CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1'];
  // The recorder writes each of Claude Code's updates in two pieces 60 ms apart, as a slow link would.
  await env.ok(['new', '-d', '--size', '100x29', '--cwd', work, '--', 'env', ...vars,
    process.execPath, path.join(ROOT, 'spec', 'fixtures', 'pty-recorder.cjs'), log, '60', '--', CLAUDE!]);
  client = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
  useUnicode11(client.term);
  await client.waitFor((s) => /○ idle claude-code/.test(s.split('\n')[0]) && /^❯/m.test(s), 'Claude Code\'s prompt, idle', 20_000);
  const start = client.raw.length;
  const recorder = (await env.json(['list'])).panes[0].pid as number;
  claudePid = Number(fs.readFileSync(`/proc/${recorder}/task/${recorder}/children`, 'utf8').trim().split(' ')[0]);

  client.write('Say hello');
  await client.waitFor((s) => /^❯\s*Say hello/mu.test(s), 'the typed prompt');
  client.write('\r');
  await client.waitFor((s) => s.includes('Hello from the fake model.') && /✔ done claude-code/.test(s.split('\n')[0]), 'the answer, and done in the border', 20_000);

  // What passed between Claude Code and the pane, in order.
  const records = fs.readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { dir: 'in' | 'out'; data: string });
  const first = (dir: 'in' | 'out', needle: string) => records.findIndex((r) => r.dir === dir && r.data.includes(needle));
  const named = first('in', '\x1bP>|thurm ');
  const asked = first('out', '\x1b[?2026$p');
  const answered = first('in', '\x1b[?2026;2$y');
  const turnedOn = records.findIndex((r, i) => i > answered && r.dir === 'out' && r.data.includes(BSU));
  t.true(named >= 0 && named < asked, 'thurm named itself (XTVERSION) before Claude Code asked about mode 2026');
  t.true(asked >= 0 && asked < answered, 'DECRQM ?2026 was answered: supported, reset');
  t.true(turnedOn > answered, 'then Claude Code drew in synchronized updates');

  const { cols, rows } = (await env.json(['list'])).panes[0].size;
  const complete = await completeScreens(records.filter((r) => r.dir === 'out').map((r) => r.data), cols, rows);
  const frames = await clientFrames(client.raw, start, cols, rows);
  t.true(frames.length >= 5, `${frames.length} frames drawn while Claude Code worked`);
  const half = frames.find((f) => !complete.has(f.pane));
  t.is(half?.pane, undefined, 'a frame that Claude Code never finished drawing reached the client');
  t.true(frames.some((f) => /▶ working claude-code/.test(f.header)), 'the border showed working');
  t.regex(frames[frames.length - 1].header, /✔ done claude-code/);
});
