import test from 'ava';
import { commandName } from '../../lib/command-line.js';
import { readArgv, readStat } from '../../lib/pty/proc.js';

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
