import test from 'ava';
import xtermHeadless, { type Terminal as TerminalType } from '@xterm/headless';
import { assignedNames, LaunchEnv } from '../../lib/session/launch-env.js';
import { EnteredLine } from '../../lib/term/entered-line.js';

const { Terminal } = xtermHeadless;

test('a command line names the variables it assigns, wherever a word starts', (t) => {
  t.deepEqual(assignedNames('user@box:~$ ANTHROPIC_BASE_URL=http://x/?a=b MODE= claude --x=y'), ['ANTHROPIC_BASE_URL', 'MODE']);
  t.deepEqual(assignedNames('$ env A=1 claude; (B=2 codex) && C=3'), ['A', 'B', 'C']);
  t.deepEqual(assignedNames('$ claude --model=opus 1A=x'), []);
});

function write(term: TerminalType, text: string): Promise<void> {
  return new Promise((resolve) => term.write(text, resolve));
}

test('the line Enter went in on is read back whole once the shell has echoed it, wrapped over rows', async (t) => {
  const term = new Terminal({ cols: 20, rows: 5, allowProposedApi: true });
  await write(term, 'first\r\n$ ');
  const line = new EnteredLine(term);
  // The shell echoes the command after Enter went in (a script types it all at once).
  await write(term, 'LONG_VARIABLE=abcdef claude\r\n');
  t.is(line.text(), '$ LONG_VARIABLE=abcdef claude');
  line.dispose();
  t.is(line.text(), null);
});

test('only variables the line assigns and the program has apart from its shell count, with the program\'s values, though the echo came after the program started', (t) => {
  const environ = new Map<number, Map<string, string>>([
    [10, new Map([['HOME', '/h'], ['SHARED', 'same']])],
    [20, new Map([['HOME', '/h'], ['SHARED', 'same'], ['URL', 'http://a b'], ['TOKEN', 'exported-in-profile'], ['BAD', 'x\u001b[2J']])],
  ]);
  const launch = new LaunchEnv({ readEnviron: (pid) => environ.get(pid) ?? null });
  const term = new Terminal({ cols: 80, rows: 5, allowProposedApi: true });
  return write(term, '$ ').then(async () => {
    launch.enter(new EnteredLine(term));
    // The program started before its command line's echo was parsed (a loaded machine): read when asked.
    launch.groupChanged(20, 10);
    await write(term, 'URL="http://a b" SHARED=same BAD=1 MISSING=1 claude\r\n');
    t.deepEqual(launch.env(20, 10), [['URL', 'http://a b']]);
    t.deepEqual(launch.env(21, 10), [], 'another group was not started by that line');
    launch.groupChanged(10, 10);
    t.deepEqual(launch.env(20, 10), [['URL', 'http://a b']], 'the shell coming back is no new launch');
  });
});
