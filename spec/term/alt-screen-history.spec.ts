import test from 'ava';
import xtermHeadless from '@xterm/headless';
import { AltScreenHistory } from '../../lib/term/alt-screen-history.js';
import { historyOf, lineAt } from '../../lib/term/history.js';
import { waitUntil } from '../helpers/wait.js';

function terminal(t: { teardown(fn: () => void): void }, scrollback = 100, idleMs?: number) {
  const xterm = new xtermHeadless.Terminal({ cols: 20, rows: 4, scrollback, allowProposedApi: true });
  const alt = new AltScreenHistory(xterm, idleMs);
  t.teardown(() => {
    alt.dispose();
    xterm.dispose();
  });
  const write = (data: string) => new Promise<void>((resolve) => xterm.write(data, resolve));
  const lines = () => {
    const h = historyOf(xterm);
    return Array.from({ length: h.length }, (_, i) => h.text(i));
  };
  return { xterm, alt, write, lines };
}

const ENTER = '\x1b[?1049h';
const LEAVE = '\x1b[?1049l';

test('leaving the alternate screen keeps what it showed in the scrollback above the restored screen', async (t) => {
  const { xterm, write, lines } = terminal(t);
  await write(`$ agent\r\n${ENTER}\x1b[H\x1b[31manswer\x1b[0m\r\nsecond line${LEAVE}`);
  t.deepEqual(lines(), ['answer', 'second line', '$ agent', '', '', '']);
  t.is(historyOf(xterm).base, 2, 'the restored screen starts below them');
  t.is(xterm.buffer.active.cursorY, 1, 'the cursor is where it was before the program started');
  t.is(lineAt(xterm.buffer, 0)?.getCell(0)?.getFgColor(), 1, 'the colours are kept');
});

test('a cursor the shell saved before the program ran (DECSC) comes back to the same screen row', async (t) => {
  const { xterm, write } = terminal(t);
  await write(`one\r\ntwo\x1b7\x1b[?47h\x1b[Hon alt\x1b[?47l\x1b8`);
  t.is(xterm.buffer.active.cursorY, 1);
  t.is(xterm.buffer.active.cursorX, 3);
});

test('each mode that switches screens (47, 1047, 1049) keeps the screen when it switches back', async (t) => {
  for (const mode of [47, 1047, 1049]) {
    const { write, lines } = terminal(t);
    await write(`\x1b[?${mode}hmode ${mode}\x1b[?${mode}l`);
    t.is(lines()[0], `mode ${mode}`);
  }
});

test('while the alternate screen is up, the history is the normal scrollback with that screen below it', async (t) => {
  const { xterm, write, lines } = terminal(t);
  await write(`${Array.from({ length: 6 }, (_, i) => `old ${i}`).join('\r\n')}\r\n${ENTER}\x1b[Hon alt`);
  const h = historyOf(xterm);
  t.is(h.base, 3);
  t.deepEqual(lines(), ['old 0', 'old 1', 'old 2', 'on alt', '', '', '']);
});

test('a program that blanks the screen on its way out leaves the screen it last paused on', async (t) => {
  const { alt, write, lines } = terminal(t, 100, 30);
  await write(`${ENTER}\x1b[Hthe answer`);
  await waitUntil(() => alt.idleText()[0] === 'the answer', 'the pause to be noticed');
  await write(`\x1b[2J${LEAVE}`);
  t.deepEqual(lines().slice(0, 1), ['the answer']);
  t.is(lines().length, 5, 'one kept line above the four rows');
});

test('a program that never drew on the alternate screen adds nothing', async (t) => {
  const { write, lines } = terminal(t);
  await write(`$ x\r\n${ENTER}${LEAVE}`);
  t.deepEqual(lines(), ['$ x', '', '', '']);
});

test('a reset while on the alternate screen keeps nothing of it', async (t) => {
  const { write, lines } = terminal(t);
  await write(`${ENTER}secret\x1bc`);
  t.deepEqual(lines(), ['', '', '', '']);
});

test('the kept screen is cut to what the scrollback holds, and the live screen is untouched', async (t) => {
  const { xterm, write, lines } = terminal(t, 2);
  await write(`top\r\nbottom${ENTER}\x1b[Ha1\r\na2\r\na3\r\na4${LEAVE}`);
  t.deepEqual(lines(), ['a3', 'a4', 'top', 'bottom', '', '']);
  t.is(xterm.buffer.active.baseY, 2);
});

test('with no scrollback nothing is kept and the screen is unharmed', async (t) => {
  const { write, lines } = terminal(t, 0);
  await write(`top\r\nbottom${ENTER}\x1b[Ha1\r\na2${LEAVE}`);
  t.deepEqual(lines(), ['top', 'bottom', '', '']);
});
