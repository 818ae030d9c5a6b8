// Real full-screen programs in a pane beside a neighbour: vim, less, htop and man open, draw
// their characteristic screen in the client, take keys, quit cleanly, and the shell prompt comes
// back, while the borders and the neighbour stay as they were. One server for the whole file.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import test, { type ExecutionContext, type Implementation } from 'ava';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

const COLS = 100;
const ROWS = 30;
/** Pane 1 (where the programs run) is columns 0-49; the separator is column 50. */
const SEP = 50;

function has(program: string, ...check: string[]): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    if (check.length) execFileSync(program, check, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A test of `program`, skipped with the reason in its title when the program is missing. */
function withProgram(program: string, available: boolean) {
  return (title: string, body: Implementation<[]>) => {
    if (available) test.serial(title, body);
    else test.serial.skip(`${title} (skipped: ${program} is not installed; .ci/run installs it)`, body);
  };
}

let env: ThurmEnv;
let term: TestTerminal;
/** The client's rows as they were with only shells in the panes. */
let baseline: string[];

test.before(async () => {
  env = new ThurmEnv();
  const neighbour = "for i in $(seq 0 26); do echo \"neighbour line $i\"; done; printf 'neighbour-ready'; exec cat";
  await env.ok(['new', '-d', '--size', `${COLS}x${ROWS - 1}`, '--', 'sh']);
  await env.ok(['split', '--', 'sh', '-c', neighbour]);
  await env.ok(['focus', '--pane', '1']);
  term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, COLS, ROWS);
  await term.waitFor((s) => s.includes('neighbour-ready') && /^━ 1 sh/.test(s), 'both panes, the first focused');
  baseline = term.lines();
});

test.after.always(async () => {
  term?.kill();
  await env?.cleanup();
});

/** Pane 1's part of the client's screen. */
const left = (lines = term.lines()) => lines.slice(1, ROWS - 1).map((l) => [...l].slice(0, SEP).join('').trimEnd());

/** The separator, the neighbour's header and every neighbour cell are where they were. */
function bordersIntact(t: ExecutionContext, when: string): void {
  const lines = term.lines();
  const right = (l: string) => [...l].slice(SEP).join('');
  t.deepEqual(lines.slice(1, ROWS - 1).map(right), baseline.slice(1, ROWS - 1).map(right), `${when}: separator and neighbour`);
  t.regex([...lines[0]].slice(0, SEP).join(''), /^━ 1 \S+ ━+$/, `${when}: pane 1's header`);
  t.is(right(lines[0]), right(baseline[0]), `${when}: the neighbour's header`);
  t.regex(lines[ROWS - 1], /^\[default\] %1:\S+\* %2:\S+ /, `${when}: the status line`);
}

/** Types `command` into pane 1's shell and waits for the program's screen. */
async function open(command: string, screen: (rows: string[]) => boolean, what: string): Promise<void> {
  // A mark first: a fresh shell's screen is a bare prompt too, before the clear has run.
  term.write('echo before-clear\r');
  await waitUntil(async () => (await env.capture('1')).includes('before-clear\n'), 'the mark in pane 1');
  term.write('clear\r');
  await waitUntil(async () => (await env.capture('1')).trim() === '$', 'a cleared shell in pane 1');
  term.write(`${command}\r`);
  await term.waitFor(() => screen(left()), what);
}

/** After the program quits: the prompt is back, takes a command, and nothing else moved. */
async function promptBack(t: ExecutionContext, program: string): Promise<void> {
  await waitUntil(async () => (await env.json(['info'])).panes[0].foreground.argv[0] === 'sh', `${program} to leave the foreground`);
  // Typed before the shell prints its prompt, the line would be echoed above it.
  await term.waitFor(() => left().filter(Boolean).at(-1) === '$', `the prompt after ${program}`);
  term.write('echo back-$((40+2))\r');
  await term.waitFor(() => left().some((l) => l === 'back-42'), `the shell answering after ${program}`);
  await term.waitFor((s) => /^━ 1 sh ━/.test(s), 'the shell\'s name back in the header');
  bordersIntact(t, `after ${program}`);
}

withProgram('vim', has('vim'))('vim opens with its ~ lines, takes typed text, writes the file and quits back to the prompt', async (t) => {
  const file = path.join(env.dir, 'note.txt');
  await open(`vim -N -i NONE ${file}`, (rows) => rows.filter((l) => l === '~').length > 20, 'vim\'s empty buffer');
  bordersIntact(t, 'in vim');
  term.write('i');
  await term.waitFor(() => left()[27].startsWith('-- INSERT --'), 'insert mode');
  term.write('typed in vim\x1b');
  await term.waitFor(() => left()[0] === 'typed in vim' && !left()[27].includes('INSERT'), 'the typed text, back in normal mode');
  term.write(':wq\r');
  await promptBack(t, 'vim');
  t.is(fs.readFileSync(file, 'utf8'), 'typed in vim\n');
});

withProgram('less', has('less'))('less pages through its input, shows (END), and quits back to the prompt', async (t) => {
  await open('seq 1 500 | less', (rows) => rows[0] === '1' && rows.includes('27') && rows[27] === ':', 'the first page of less');
  bordersIntact(t, 'in less');
  term.write(' ');
  await term.waitFor(() => left()[0] === '28', 'the second page');
  term.write('G');
  await term.waitFor(() => left().includes('500') && left()[27].startsWith('(END)'), 'the end of the input');
  bordersIntact(t, 'at the end in less');
  term.write('q');
  await promptBack(t, 'less');
});

withProgram('htop', has('htop'))('htop draws its header and key bar, opens its help on a key, and quits back to the prompt', async (t) => {
  await open('htop', (rows) => rows.some((l) => /Load average:/.test(l)) && rows.some((l) => /^F1Help\s*F2Setup/.test(l)), 'htop\'s header and key bar');
  bordersIntact(t, 'in htop');
  term.write('h');
  await term.waitFor(() => left().some((l) => /^htop \d+\.\d+/.test(l)), 'htop\'s help');
  term.write('q');
  await term.waitFor(() => left().some((l) => /Load average:/.test(l)), 'back from the help');
  term.write('q');
  await promptBack(t, 'htop');
});

withProgram('man', has('man', '-w', 'man'))('man shows the page title, pages to its end, and quits back to the prompt', async (t) => {
  await open('man man', (rows) => /^MAN\(1\)\s.*\sMAN\(1\)$/.test(rows[0]), 'the title line of man(1)');
  bordersIntact(t, 'in man');
  term.write('G');
  await term.waitFor(() => /\(END\)/.test(left()[27]), 'the end of the page');
  term.write('q');
  await promptBack(t, 'man');
});
