import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { commandLine, planPane, quoteArg, resumeCommand, shellSyntax, type PlanOptions } from '../../lib/session/resume.js';
import type { PaneSnapshot } from '../../lib/session/snapshot.js';
import { HOSTILE_ARGS as HOSTILE, SUPPORTED_SHELLS } from '../helpers/hostile-args.js';

const SHELLS = SUPPORTED_SHELLS.filter((s) => fs.existsSync(`/usr/bin/${s}`) || fs.existsSync(`/bin/${s}`));
const PRINT_ARGV = 'process.stdout.write(JSON.stringify(process.argv.slice(1)))';

for (const shell of SUPPORTED_SHELLS) {
  const run = SHELLS.includes(shell) ? test : test.skip;
  run(`${shell}: a quoted command line runs exactly the argv it was made from`, (t) => {
    const line = commandLine([process.execPath, '-e', PRINT_ARGV, ...HOSTILE], shellSyntax(shell)!);
    const r = spawnSync(shell, ['-c', line], { encoding: 'utf8', env: { ...process.env, HOME: '/nonexistent' } });
    t.is(r.status, 0, r.stderr);
    t.deepEqual(JSON.parse(r.stdout), HOSTILE);
  });
}

test('shells are recognised by name, login shells too; others are not', (t) => {
  t.is(shellSyntax('/bin/bash'), 'posix');
  t.is(shellSyntax('-zsh'), 'posix');
  t.is(shellSyntax('/usr/bin/fish'), 'fish');
  t.is(shellSyntax('/usr/bin/python3'), null);
  t.is(shellSyntax('/usr/bin/nu'), null);
});

test('plain words stay unquoted, anything else is quoted', (t) => {
  t.is(quoteArg('--resume', 'posix'), '--resume');
  t.is(quoteArg('a b', 'posix'), "'a b'");
  t.is(quoteArg("it's", 'posix'), `'it'\\''s'`);
  t.is(quoteArg("it's", 'fish'), `'it\\'s'`);
  t.is(quoteArg('', 'fish'), "''");
});

test('a word starting with = is quoted (zsh expands =cmd), and so is a first word holding = (an assignment)', (t) => {
  t.is(quoteArg('=ls', 'posix'), "'=ls'");
  t.is(quoteArg('--opt=x', 'posix'), '--opt=x');
  t.is(commandLine(['A=b', 'c=d'], 'posix'), "'A=b' c=d");
});

function saved(over: Partial<PaneSnapshot> = {}): PaneSnapshot {
  return {
    id: '1', argv: ['/bin/bash'], cwd: '/work', title: 'bash', givenTitle: null, size: { cols: 80, rows: 23 }, foreground: ['/bin/bash'],
    history: [], agent: null, records: [], ...over,
  };
}

const LISTED = new Set(['/bin/sh', '/bin/bash', '/usr/bin/zsh', '/usr/bin/fish']);
const options: PlanOptions = { resumeAgents: true, rules: [], shell: '/bin/bash', isListedShell: (p) => LISTED.has(p), isDirectory: (d) => d === '/work' || d === '/', home: '/home/u' };

test('a pane with a reported resume command gets its shell and the command typed into it', (t) => {
  const plan = planPane(saved({ agent: { agent: 'mine', sessionId: 's1', resume: ['mine', '--resume', 's 1'], program: null } }), options);
  t.is(plan.outcome, 'resumed');
  t.deepEqual(plan.argv, ['/bin/bash']);
  t.is(plan.typed, "mine --resume 's 1'\r");
});

test('the variables an agent\'s command line gave it are typed before its resume command, quoted, and named in the detail', (t) => {
  const env: [string, string][] = [['ANTHROPIC_BASE_URL', "http://h/a b'c"], ['MODE', 'x']];
  const posix = planPane(saved({ agent: { agent: 'claude-code', sessionId: 'abc', resume: null, program: null, env } }), options);
  t.is(posix.typed, "ANTHROPIC_BASE_URL='http://h/a b'\\''c' MODE=x claude --resume abc\r");
  t.regex(posix.detail, /with ANTHROPIC_BASE_URL, MODE from its command line/);
  t.false(posix.detail.includes('http://h'), 'values are typed, not shown');
  const fish = planPane(saved({ argv: ['/usr/bin/fish'], foreground: ['/usr/bin/fish'], agent: { agent: 'claude-code', sessionId: 'abc', resume: null, program: null, env } }), options);
  t.is(fish.typed, "ANTHROPIC_BASE_URL='http://h/a b\\'c' MODE=x claude --resume abc\r");
});

test('built-in agents resume from their session id alone', (t) => {
  t.deepEqual(resumeCommand(saved({ agent: { agent: 'claude-code', sessionId: 'abc', resume: null, program: null } }), [])?.argv, ['claude', '--resume', 'abc']);
  t.deepEqual(resumeCommand(saved({ agent: { agent: 'codex', sessionId: 'xyz', resume: null, program: null } }), [])?.argv, ['codex', 'resume', 'xyz']);
});

test('without a report, a [[session.resume]] rule for the foreground program applies', (t) => {
  const rules = [{ match: 'aider', argv: ['aider', '--restore-chat-history'] }];
  const plan = planPane(saved({ foreground: ['/usr/bin/python3', '/usr/local/bin/aider'] }), { ...options, rules });
  t.is(plan.typed, 'aider --restore-chat-history\r');
});

test('resume_agents off, or a shell thurm cannot type into, skips the resume and says why', (t) => {
  const agent = { agent: 'mine', sessionId: 's1', resume: ['mine'], program: null };
  const off = planPane(saved({ agent }), { ...options, resumeAgents: false });
  t.is(off.outcome, 'skipped');
  t.is(off.typed, null);
  const odd = planPane(saved({ agent, argv: ['/usr/bin/python3'] }), { ...options, shell: '/usr/bin/nu' });
  t.is(odd.outcome, 'skipped');
  t.regex(odd.detail, /nu is not a shell thurm can type into/);
  t.is(odd.typed, null);
});

test('a pane that ran a program gets a shell instead of running it again; a vanished cwd its nearest parent', (t) => {
  const plan = planPane(saved({ argv: ['make', 'deploy'], cwd: '/work/gone/deeper' }), options);
  t.is(plan.outcome, 'shell only');
  t.deepEqual(plan.argv, ['/bin/bash']);
  t.is(plan.cwd, '/work');
  t.regex(plan.detail, /\/work\/gone\/deeper is gone/);
});

// Each shell thurm knows, given a command string (also in an option cluster) or a script: the
// pane ran that command, and a restore must not run it again.
const RAN_COMMAND: [string, string[]][] = [
  ['sh', ['sh', '-c', 'echo RAN >> log; sleep 1e5']],
  ['bash', ['/bin/bash', '-lc', 'make deploy']],
  ['bash', ['/bin/bash', '-o', 'pipefail', '-ec', 'make deploy']],
  ['bash', ['/bin/bash', '--rcfile', 'rc', '-c', 'make deploy']],
  ['bash', ['/bin/bash', 'deploy.sh']],
  ['dash', ['dash', '-ec', 'make deploy']],
  ['zsh', ['/usr/bin/zsh', '-c', 'cd /work && claude --agent-name a']],
  ['zsh', ['/usr/bin/zsh', '--login', '-ic', 'make deploy']],
  ['ksh', ['ksh', '-xc', 'make deploy']],
  ['fish', ['fish', '-c', 'make deploy']],
  ['fish', ['fish', '-lc', 'make deploy']],
  ['fish', ['fish', '--command=make deploy']],
  ['fish', ['fish', '--command', 'make deploy']],
  ['fish', ['fish', 'deploy.fish']],
];

for (const [name, argv] of RAN_COMMAND) {
  test(`${name}: ${JSON.stringify(argv.slice(1))} is not run again; the user's shell comes back, and the plan says so`, (t) => {
    const plan = planPane(saved({ argv, foreground: argv }), { ...options, shell: '/usr/bin/fish' });
    t.is(plan.outcome, 'shell only');
    t.deepEqual(plan.argv, ['/usr/bin/fish']);
    t.is(plan.typed, null);
    t.regex(plan.detail, new RegExp(`^${name} .* is not started again: a shell in its directory instead$`));
  });
}

// Bare shells: a listed path or a name found on PATH, with login or interactive flags at most.
const RAN_SHELL: string[][] = [
  ['/bin/bash'], ['/bin/bash', '-l'], ['/bin/bash', '--login'], ['/bin/bash', '-il'], ['/usr/bin/zsh', '-l'], ['dash', '-i'], ['sh'],
  ['fish', '-l'], ['fish', '--login'], ['/usr/bin/fish', '--interactive'],
];

for (const argv of RAN_SHELL) {
  test(`${JSON.stringify(argv)} is restored as the same shell`, (t) => {
    const plan = planPane(saved({ argv }), options);
    t.is(plan.outcome, 'restored');
    t.deepEqual(plan.argv, argv);
  });
}

// A shell told to read a file or run code at start, or at a path no system list names: the file
// would choose what a restore runs. The user's own shell comes back instead.
const NOT_PLAIN: string[][] = [
  ['/bin/bash', '--rcfile', 'my.rc'], ['/bin/bash', '--init-file', '/tmp/x'], ['/bin/bash', '-o', 'vi'], ['/bin/bash', '-O', 'extglob', '-i'],
  ['sh', '-s', 'a', 'b'], ['ksh', '-o', 'emacs'], ['fish', '-C', 'set x 1'], ['fish', '--init-command=set x 1'], ['fish', '-Cset x 1'],
  ['/tmp/evil/bash'], ['/home/u/bin/zsh', '-l'],
];

for (const argv of NOT_PLAIN) {
  test(`${JSON.stringify(argv)} is not started again: the user's shell comes back, and the plan says what was not`, (t) => {
    const plan = planPane(saved({ argv }), { ...options, shell: '/usr/bin/zsh' });
    t.is(plan.outcome, 'shell only');
    t.deepEqual(plan.argv, ['/usr/bin/zsh']);
    t.true(plan.detail.startsWith(`${path.basename(argv[0])}${argv.length > 1 ? ' ' : ''}`), plan.detail);
    t.regex(plan.detail, /is not started again: a shell in its directory instead$/);
  });
}

test('a shell that ran an agent by -c gets the shell and the agent\'s resume command typed into it', (t) => {
  const argv = ['/bin/bash', '-c', 'cd /work && claude --agent-name a'];
  const plan = planPane(saved({ argv, agent: { agent: 'mine', sessionId: 's1', resume: ['mine', '--resume', 's1'], program: null } }), options);
  t.is(plan.outcome, 'resumed');
  t.deepEqual(plan.argv, ['/bin/bash']);
  t.is(plan.typed, 'mine --resume s1\r');
});

test('a built-in agent is resumed with the program that ran, as its hook\'s process showed it', (t) => {
  const claude = saved({ agent: { agent: 'claude-code', sessionId: 'abc', resume: null, program: ['/opt/my tools/claude'] } });
  t.is(planPane(claude, options).typed, "'/opt/my tools/claude' --resume abc\r");
  const codex = saved({ agent: { agent: 'codex', sessionId: 'xyz', resume: null, program: ['/usr/bin/node', '/usr/lib/node_modules/@openai/codex/bin/codex.js'] } });
  t.deepEqual(resumeCommand(codex, [])?.argv, ['/usr/bin/node', '/usr/lib/node_modules/@openai/codex/bin/codex.js', 'resume', 'xyz']);
});
