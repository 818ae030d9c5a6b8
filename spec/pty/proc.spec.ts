import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { commandName } from '../../lib/command-line.js';
import { programOf, programWords, readArgv, readStat } from '../../lib/pty/proc.js';
import { waitUntil } from '../helpers/wait.js';

const names: [string[], string][] = [
  [['/bin/bash'], 'bash'],
  [['node', '/usr/lib/node_modules/@anthropic-ai/claude-code/cli.js'], 'cli.js'],
  [['/usr/bin/python3', '-u', '/home/u/.local/bin/aider'], 'aider'],
  [['vim', 'file.txt'], 'vim'],
  [[], ''],
];
for (const [argv, name] of names) {
  test(`commandName(${JSON.stringify(argv)}) is ${JSON.stringify(name)}`, (t) => {
    t.is(commandName(argv), name);
  });
}

test('readStat reads this process: its group, parent and a start time', (t) => {
  const st = readStat(process.pid)!;
  t.is(st.pid, process.pid);
  t.is(st.ppid, process.ppid);
  t.true(st.pgid > 0 && st.startTime > 0);
  t.is(readStat(2 ** 22 + 12345), null);
});

test('readArgv reads this process\'s arguments', (t) => {
  t.is(readArgv(process.pid)[0], process.argv0);
});

// How an agent is started again by a restore: from any directory, with any PATH.
const programs: [string, string[], string[]][] = [
  ['a bare name is where it was found', ['claude', '--model', 'x'], ['/home/u/.local/bin/claude']],
  ['a relative path is made absolute', ['./bin/claude', '-c'], ['/work/app/bin/claude']],
  ['an absolute path stays', ['/opt/claude/bin/claude', '--resume', 'old'], ['/opt/claude/bin/claude']],
  ['an interpreter keeps its options and script', ['node', '--no-warnings', 'node_modules/.bin/claude', '-p'], ['/home/u/.local/bin/node', '--no-warnings', '/work/app/node_modules/.bin/claude']],
  ['a launcher\'s bare script name stays a name', ['/usr/bin/uvx', 'aider', '--yes'], ['/usr/bin/uvx', 'aider']],
];
for (const [what, argv, words] of programs) {
  test(`programWords: ${what}`, (t) => {
    t.deepEqual(programWords(argv, '/work/app', (name) => `/home/u/.local/bin/${name}`), words);
  });
}

test('programWords keeps a bare name that was found nowhere', (t) => {
  t.deepEqual(programWords(['claude'], '/', () => null), ['claude']);
});

test('programOf finds a program run by a name on its own PATH only, through a symlink, at the path it was found', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thurm-program-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'bin'));
  fs.symlinkSync(fs.realpathSync('/bin/sleep'), path.join(dir, 'bin', 'claude'));
  const child = spawn('claude', ['100'], { env: { PATH: `/nonexistent:${path.join(dir, 'bin')}` }, cwd: dir, stdio: 'ignore' });
  t.teardown(() => child.kill('SIGKILL'));
  await waitUntil(() => readArgv(child.pid!)[0] === 'claude', 'the program to run');
  t.deepEqual(programOf(child.pid!), [path.join(dir, 'bin', 'claude')]);
});
