// Table-driven detection cases: each fixture is a live screen (reconstructed in cases.json,
// recorded from the real agents in recorded.json) with the state a person would read from it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { runRules } from '../../lib/agent/detect/engine.js';
import { agentByName, agentOfProcess, AGENTS } from '../../lib/agent/detect/index.js';
import type { DetectedState } from '../../lib/agent/detect/rule.js';
import { Detector } from '../../lib/agent/detector.js';

type Label = 'working' | 'blocked' | 'idle' | 'ignore' | 'error' | 'done' | null;

interface Case {
  file: string;
  agent: string | null;
  title: string;
  expect: { state: Label; kind: 'permission' | 'question' | 'auth' | null };
  note: string;
  source?: string;
}

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../spec/fixtures/detect');

/** A missing or empty fixture table fails the spec file, never runs zero cases. */
function load(name: string): Case[] {
  const cases = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Case[];
  if (!cases.length) throw new Error(`no cases in ${name}`);
  return cases;
}

const reconstructed = load('cases.json');
const recorded = load('recorded.json');

/**
 * Rules only say working, blocked or idle. A turn that ended ("done") or stopped on an error,
 * with the agent back at its prompt, is what idle means: the agent waits for you.
 */
function expected(label: Label): DetectedState | 'ignore' | null {
  return label === 'done' || label === 'error' ? 'idle' : label;
}

function detect(c: Case) {
  const lines = fs.readFileSync(path.join(dir, c.file), 'utf8').split('\n');
  const detector = new Detector({ enabled: true, idleThresholdMs: 5000, rules: [] });
  return runRules(detector.rulesFor(agentByName(c.agent)), lines, c.title);
}

for (const c of [...reconstructed, ...recorded]) {
  const label = c.expect.state;
  const state = expected(label);
  const name = c.file.replace(/\.txt$/, '');
  const shown = label === null ? 'no decision' : label === 'ignore' ? 'ignored'
    : label !== state ? `${state} (labelled ${label})` : `${state}${c.expect.kind ? ` (${c.expect.kind})` : ''}`;
  test(`${name}: ${shown}`, (t) => {
    if (label !== state) t.log(`labelled "${label}", which rules cannot produce: expecting "${state}" (the agent is back at its prompt)`);
    const result = detect(c);
    const seen = `matches: ${result.matches.map((m) => m.id).join(', ') || 'none'}`;
    if (state === 'ignore') {
      t.true(result.ignored, seen);
    } else if (state === null) {
      t.is(result.state, null, seen);
      t.false(result.ignored, seen);
    } else {
      t.false(result.ignored, seen);
      t.is(result.state, state, seen);
      t.is(result.kind, state === 'blocked' ? c.expect.kind : null, seen);
    }
  });
}

test('every fixture a case names exists, and no file is listed twice', (t) => {
  const files = [...reconstructed, ...recorded].map((c) => c.file);
  t.deepEqual(files.filter((f) => !fs.existsSync(path.join(dir, f))), []);
  t.deepEqual(files.filter((f, i) => files.indexOf(f) !== i), []);
});

test('every built-in agent has at least eight cases across the reconstructed and recorded fixtures', (t) => {
  for (const agent of AGENTS) {
    const n = [...reconstructed, ...recorded].filter((c) => c.agent === agent.agent).length;
    t.true(n >= 8, `${agent.agent} has ${n} cases`);
  }
});

const processes: [string[], string | null][] = [
  [['claude'], 'claude-code'],
  [['node', '/usr/lib/node_modules/@anthropic-ai/claude-code/cli.js'], 'claude-code'],
  [['node', '/x/.bin/codex'], 'codex'],
  [['/usr/bin/python3', '/home/u/.local/bin/aider'], 'aider'],
  [['python3', '-m', 'aider'], 'aider'],
  [['node', '/x/node_modules/@google/gemini-cli/dist/index.js'], 'gemini'],
  [['opencode'], 'opencode'],
  [['bash'], null],
  [['node', 'server.js'], null],
];
for (const [argv, agent] of processes) {
  test(`the process ${JSON.stringify(argv)} is ${agent ?? 'no built-in agent'}`, (t) => {
    t.is(agentOfProcess(argv)?.agent ?? null, agent);
  });
}

test('beyond ssh an agent is known by its signature: every fixture names its own agent or none, never another, and most name theirs', (t) => {
  const detector = new Detector({ enabled: true, idleThresholdMs: 5000, rules: [] });
  let named = 0;
  for (const c of [...reconstructed, ...recorded]) {
    const lines = fs.readFileSync(path.join(dir, c.file), 'utf8').split('\n');
    const { agent, by } = detector.agentOf({ argv: ['/usr/bin/ssh', 'box'], resolvedScript: null, app: null, lines, title: c.title });
    if (agent === null) continue;
    t.is(agent.agent as string | null, c.agent, `${c.file}: ${agent.agent} is not its agent`);
    t.is(by, 'screen');
    named++;
  }
  t.true(named >= 130, `${named} fixtures named their agent`);
  const gemini = fs.readFileSync(path.join(dir, 'gemini-idle-prompt.txt'), 'utf8').split('\n');
  t.is(detector.agentOf({ argv: ['sh'], resolvedScript: null, app: null, lines: gemini, title: '' }).agent, null, 'a local program\'s screen names no agent');
});

test('beyond ssh the agent seen at its prompt is kept while its dialog hides its signature, and its rules decide the state', (t) => {
  const detector = new Detector({ enabled: true, idleThresholdMs: 5000, rules: [] });
  const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8').split('\n');
  const base = { now: 10_000, argv: ['ssh', 'box'], resolvedScript: null, app: null, title: '', lastActivityAt: 0, notification: null, ai: null };
  const idle = detector.detect({ ...base, lines: read('gemini-idle-prompt.txt') });
  t.like(idle, { agent: 'gemini', identifiedBy: 'screen', state: 'idle' });
  const dialog = read('gemini-r-approval-shell-older.txt');
  t.like(detector.detect({ ...base, lines: dialog }), { agent: null, identifiedBy: null }, 'the dialog alone names nothing');
  t.like(detector.detect({ ...base, lines: dialog, seenOnScreen: 'gemini' }), { agent: 'gemini', identifiedBy: 'screen', state: 'blocked', kind: 'permission' });
});
