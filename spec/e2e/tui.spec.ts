// The TUI as a person sees it: the real bin/thurm in a pty, keys typed, the screen read back.
import test from 'ava';
import fs from 'node:fs';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

const PREFIX = '\x02';
/** The screen's rows without the spaces the renderer pads them with. */
const rows = (screen: string) => screen.split('\n').map((l) => l.trimEnd());

async function start(t: { teardown(fn: () => Promise<void> | void): void }, config?: string, cols = 100, rows = 30) {
  const env = new ThurmEnv(config);
  const term = new TestTerminal(process.execPath, [BIN], env.env, cols, rows);
  t.teardown(async () => {
    term.kill();
    await env.cleanup();
  });
  await term.waitForText('[default]');
  await term.waitForText('$ ');
  return { env, term };
}

test.serial('thurm opens full screen with one shell pane, its border and a status line', async (t) => {
  const { term, env } = await start(t);
  const lines = term.lines();
  t.regex(lines[0], /^━ 1 sh ━+$/);
  t.regex(lines[29], /^\[default\] %1:sh\*/);
  const panes = await env.json(['list']);
  t.deepEqual(panes.panes.map((p: any) => [p.id, p.size]), [['1', { cols: 100, rows: 28 }]]);
});

test.serial('prefix % and " split right and down, and each pane runs its own shell', async (t) => {
  const { term, env } = await start(t);
  term.write(`${PREFIX}%`);
  await term.waitFor((s) => /│━ 2 sh/.test(s), 'a second pane on the right');
  term.write('echo right-$((40+2))\r');
  await term.waitForText('right-42');
  term.write(`${PREFIX}"`);
  await term.waitFor((s) => /━ 3 sh/.test(s), 'a third pane below the second');
  term.write('echo below-$((40+3))\r');
  await term.waitForText('below-43');
  const geo = (await env.json(['list'])).panes.map((p: any) => [p.id, p.size.cols, p.size.rows]);
  t.deepEqual(geo, [['1', 50, 28], ['2', 49, 14], ['3', 49, 13]]);
  // The new output landed in the right halves of the screen.
  t.true(term.find('right-42')!.x > 50);
  t.true(term.find('below-43')!.y > 15);
  t.false(await env.capture('1').then((s) => s.includes('right-42')));
});

test.serial('prefix | and - split too, and prefix arrows, o and ; (the pane focused before) move the focus', async (t) => {
  const { term, env } = await start(t);
  term.write(`${PREFIX}|`);
  await term.waitFor((s) => /━ 2 sh/.test(s), 'pane 2');
  term.write(`${PREFIX}-`);
  await term.waitFor((s) => /━ 3 sh/.test(s), 'pane 3');
  const focused = async () => (await env.json(['list'])).panes.find((p: any) => p.focused).id;
  t.is(await focused(), '3');
  term.write(`${PREFIX}\x1b[A`);
  await waitUntil(async () => (await focused()) === '2', 'focus up to 2');
  term.write(`${PREFIX}\x1bOD`);
  await waitUntil(async () => (await focused()) === '1', 'focus left to 1');
  await term.waitFor((s) => /^━ 1 sh/.test(s), 'pane 1 border highlighted');
  term.write(`${PREFIX}o`);
  await waitUntil(async () => (await focused()) === '2', 'next pane');
  term.write(`${PREFIX};`);
  await waitUntil(async () => (await focused()) === '1', 'back to the pane focused before');
  term.write(`${PREFIX};`);
  await waitUntil(async () => (await focused()) === '2', 'and forth');
  // Typing goes to the focused pane only.
  term.write('echo typed-into-two\r');
  await waitUntil(async () => (await env.capture('2')).includes('typed-into-two'), 'text in pane 2');
  t.false((await env.capture('1')).includes('typed-into-two'));
});

test.serial('prefix q numbers the panes for display-panes-time and a number focuses its pane; prefix i says where you are, prefix ~ what was said, t the time; m marks a pane; borders say when the window is synchronized', async (t) => {
  const { term, env } = await start(t);
  term.write(`${PREFIX}%`);
  await term.waitFor((s) => /│━ 2 sh/.test(s), 'pane 2');
  // Long enough to look: tmux's option, set at the prompt.
  term.write(`${PREFIX}:set -g display-panes-time 20000\r`);
  await waitUntil(async () => (await env.request('tmux-show-options', {})).values['display-panes-time'] === '20000', 'the option set');
  /** Where `digit` is drawn on the palette background `bg` (4 blue, 1 red), if it is. */
  const label = (digit: string, bg: number) => {
    for (let y = 0; y < 30; y++) {
      for (let x = 0; x < 100; x++) {
        const cell = term.cell(x, y);
        if (cell.getChars() === digit && cell.isBgPalette() && cell.getBgColor() === bg) return { x, y };
      }
    }
    return null;
  };
  term.write(`${PREFIX}q`);
  await term.waitFor(() => label('0', 4) !== null && label('1', 1) !== null, 'pane 1 numbered 0 in blue, the focused pane 2 numbered 1 in red');
  t.true(label('0', 4)!.x < 50 && label('1', 1)!.x > 50, 'each number in its own pane');
  term.write('0');
  await waitUntil(async () => (await env.json(['list'])).panes.find((p: any) => p.focused).id === '1', 'typing 0 focused pane 1');
  await term.waitFor(() => label('0', 4) === null && label('1', 1) === null, 'the numbers gone');
  term.write(`${PREFIX}i`);
  await term.waitFor((s) => /\[default\] 0:sh, current pane %1 - \(\d\d:\d\d \d\d-[A-Z][a-z]{2}-\d\d\)/.test(s), 'where you are, in the status line');
  // Prefix ~: what the status line said, with the times, until a key closes it.
  term.write(`${PREFIX}~`);
  await term.waitFor((s) => / messages /.test(s) && /\d\d:\d\d:\d\d \[default\] 0:sh, current pane %1/.test(s), 'the message log');
  term.write('q');
  await term.waitFor((s) => !/ messages /.test(s), 'the log closed');
  // Prefix t: the time in large digits over the focused pane (each of its five rows has a block
  // of each digit at least), until a key, which goes no further.
  const blockRows = (s: string) => s.split('\n').filter((l) => [...l.slice(0, 50)].filter((c) => c === '█').length >= 4).length;
  term.write(`${PREFIX}t`);
  await term.waitFor((s) => blockRows(s) === 5, 'the large clock over pane 1');
  term.write('x');
  await term.waitFor((s) => blockRows(s) === 0, 'closed by a key');
  t.false(/\$ x/.test(await env.capture('1')), 'the key was the clock\'s');
  // Prefix m marks the focused pane (its border says so), M unmarks it.
  term.write(`${PREFIX}m`);
  await term.waitFor((s) => /━ 1 sh \[marked\] ━/.test(s), 'pane 1 marked');
  t.is((await env.request('info')).marked, '1');
  term.write(`${PREFIX}M`);
  await term.waitFor((s) => !s.includes('[marked]'), 'unmarked');
  // A synchronized window says so in each pane's border, until it is not.
  await env.ok(['synchronize-panes']);
  await term.waitFor((s) => /━ 1 sh \[sync\] ━/.test(s) && /│─ 2 sh \[sync\] ─/.test(s), 'both borders marked');
  await env.ok(['synchronize-panes', '--off']);
  await term.waitFor((s) => !s.includes('[sync]'), 'the marks gone');
});

test.serial('prefix z zooms the focused pane to the whole window and back', async (t) => {
  const { term, env } = await start(t);
  term.write(`${PREFIX}%`);
  await term.waitFor((s) => /━ 2 sh/.test(s), 'pane 2');
  term.write(`${PREFIX}z`);
  await term.waitFor((s) => /^━ 2 sh \[zoom\] ━+$/m.test(s) && !s.includes('│'), 'pane 2 zoomed');
  await waitUntil(async () => (await env.json(['list'])).panes[1].size.cols === 100, 'zoomed pty size');
  term.write(`${PREFIX}z`);
  await term.waitFor((s) => s.includes('│━ 2 sh'), 'split view back');
  t.is((await env.json(['list'])).panes[1].size.cols, 49);
});

test.serial('prefix C-arrow moves the border and prefix = (or tmux\'s E) equalizes', async (t) => {
  const { term, env } = await start(t);
  term.write(`${PREFIX}%`);
  await term.waitFor((s) => /━ 2 sh/.test(s), 'pane 2');
  const width = async () => (await env.json(['list'])).panes[0].size.cols;
  term.write(`${PREFIX}\x1b[1;5D${PREFIX}\x1b[1;5D${PREFIX}\x1b[1;5D`);
  // The screen and the pty can be resized in either order: wait for the border, then the pty.
  await term.waitFor(() => term.find('│')?.x === 47, 'the border drawn three columns left');
  await waitUntil(async () => (await width()) === 47, 'pane 1 resized to 47 columns');
  t.is(term.find('│')!.x, 47);
  term.write(`${PREFIX}=`);
  await term.waitFor(() => term.find('│')?.x === 50, 'the border back in the middle');
  await waitUntil(async () => (await width()) === 50, 'equal halves');
  t.is(term.find('│')!.x, 50);
  term.write(`${PREFIX}\x1b[1;5D${PREFIX}\x1b[1;5D`);
  await waitUntil(async () => (await width()) === 48, 'moved again');
  term.write(`${PREFIX}E`);
  await waitUntil(async () => (await width()) === 50, 'E: equal halves again');
});

test.serial('resizing the outer terminal re-flows the layout and gives every pty its new size', async (t) => {
  const { term, env } = await start(t);
  term.write(`${PREFIX}%`);
  await term.waitFor((s) => /━ 2 sh/.test(s), 'pane 2');
  term.resize(60, 20);
  await waitUntil(async () => (await env.json(['list'])).panes[0].size.cols === 30, 'panes re-flowed');
  await term.waitFor((s) => s.split('\n')[19].startsWith('[default]'), 'status line on the new last row');
  t.is(term.find('│')!.x, 30, 'the border between the panes at the new middle');
  // What each pane's program reads from its own tty, not the server's idea of the size.
  for (const pane of ['1', '2']) await env.ok(['send', '--pane', pane, '--enter', 'stty size']);
  const tty = (pane: string) => waitUntil(async () => /^\d+ \d+$/m.exec(await env.capture(pane))?.[0], `stty size in pane ${pane}`);
  t.deepEqual([await tty('1'), await tty('2')], ['18 30', '18 29']);
});

test.serial('a split without room is refused, and a pane too small to draw is hidden, not drawn over others', async (t) => {
  const { term, env } = await start(t, undefined, 40, 12);
  term.write(`${PREFIX}"`);
  await term.waitFor((s) => /━ 2 sh/.test(s), 'pane 2');
  term.write(`${PREFIX}"`);
  await term.waitFor((s) => /━ 3 sh/.test(s), 'pane 3');
  term.write(`${PREFIX}"`);
  await term.waitForText('no space for a new pane');
  const refused = await env.cli(['split', '--down']);
  t.is(refused.code, 2);
  t.is((await env.json(['list'])).panes.length, 3);
  term.resize(40, 6);
  await term.waitFor((s) => s.split('\n')[5].startsWith('[default]'), 'small window drawn');
  const headers = term.lines().filter((l) => /^[─━] \d/.test(l));
  t.deepEqual(headers.map((h) => h.slice(2, 3)), ['1']);
  t.regex(term.lines()[1], /^\$/);
  term.resize(40, 12);
  await term.waitFor((s) => /━ 3 sh/.test(s), 'hidden panes back when there is room');
});

test.serial('prefix d detaches, the program keeps running, and attach brings it back', async (t) => {
  const { term, env } = await start(t);
  term.write('i=0; while :; do i=$((i+1)); echo tick-$i; sleep 0.05; done\r');
  await term.waitForText('tick-3');
  term.write(`${PREFIX}d`);
  t.is(await term.exited, 0);
  t.true(term.raw.includes('[detached (from session default)]'));
  const before = Number(/tick-(\d+)/.exec((await env.capture('1')).trim().split('\n').pop()!)![1]);
  await waitUntil(async () => {
    const last = (await env.capture('1')).trim().split('\n').pop()!;
    return Number(/tick-(\d+)/.exec(last)?.[1]) > before + 5;
  }, 'the loop to go on while detached');
  const again = new TestTerminal(process.execPath, [BIN, 'attach'], env.env);
  t.teardown(() => again.kill());
  await again.waitFor((s) => /tick-\d+/.test(s) && s.includes('[default]'), 'the running loop after attach');
  again.write('\x03');
  await again.waitForText('$ ');
});

test.serial('several clients can attach at once and see the same panes', async (t) => {
  const { term, env } = await start(t);
  const second = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
  t.teardown(() => second.kill());
  await second.waitForText('[default]');
  t.is((await env.json(['info'])).clients, 2);
  term.write('echo from-first\r');
  await second.waitForText('from-first');
});

test.serial('colours, attributes and wide characters reach the outer terminal intact', async (t) => {
  const { term } = await start(t);
  term.write("printf '\\033[1;31mRED\\033[0m \\033[3;4mIT\\033[0m \\033[38;5;202mORANGE\\033[0m \\033[9mSTRIKE\\033[0m 漢字e\\314\\201!\\n'\r");
  const text = await term.waitForText('RED IT ORANGE STRIKE');
  t.true(text.includes('漢字e\u0301!'));
  const red = term.find('RED IT')!;
  const cell = term.cell(red.x, red.y);
  t.true(cell.isBold() !== 0);
  t.is(cell.getFgColor(), 1);
  const it = term.cell(red.x + 4, red.y);
  t.true(it.isItalic() !== 0 && it.isUnderline() !== 0);
  t.is(term.cell(red.x + 7, red.y).getFgColor(), 202);
  t.true(term.cell(red.x + 14, red.y).isStrikethrough() !== 0);
  // The output line, not the echo of the command (which also holds the characters).
  const wide = { x: red.x + 21, y: red.y };
  t.is(term.cell(wide.x, wide.y).getChars(), '漢');
  t.is(term.cell(wide.x, wide.y).getWidth(), 2);
  t.is(term.cell(wide.x + 4, wide.y).getChars(), 'e\u0301');
});

test.serial('full-screen programs on the alternate screen render and restore the shell', async (t) => {
  const { term } = await start(t);
  const command = "printf '\\033[?1049h\\033[H\\033[2JALT-SCREEN-UP'; read x; printf '\\033[?1049l'";
  term.write(`${command}\r`);
  const alt = await term.waitFor((s) => s.includes('ALT-SCREEN-UP') && !s.includes('printf'), 'alternate screen');
  t.deepEqual(rows(alt).slice(1, 3), ['ALT-SCREEN-UP', ''], 'drawn alone at the top of the pane');
  term.write('\r');
  const back = await term.waitFor((s) => rows(s)[2] === '$', 'the next prompt');
  t.deepEqual(rows(back).slice(1, 4), [`$ ${command}`, '$', ''], 'the shell screen as it was, the prompt below it');
});

test.serial('prefix x asks before closing a pane and y confirms', async (t) => {
  const { term, env } = await start(t);
  term.write(`${PREFIX}%`);
  await term.waitFor((s) => /━ 2 sh/.test(s), 'pane 2');
  term.write(`${PREFIX}x`);
  await term.waitForText('kill pane 2? (y/n)');
  term.write('n');
  await term.waitFor((s) => !s.includes('kill pane 2?'), 'prompt gone');
  t.is((await env.json(['list'])).panes.length, 2);
  term.write(`${PREFIX}x`);
  await term.waitForText('kill pane 2? (y/n)');
  term.write('y');
  await term.waitFor((s) => !s.includes('│'), 'one pane left');
  t.is((await env.json(['list'])).panes.length, 1);
});

test.serial('prefix ? shows the key bindings and any key but those that scroll closes them', async (t) => {
  const { term } = await start(t);
  // A letter, Enter and Left: each closes the list, and none of them reaches the shell.
  for (const key of ['q', '\r', '\x1b[D']) {
    term.write(`${PREFIX}?`);
    await term.waitForText('split the pane right');
    term.write(key);
    await term.waitFor((s) => !s.includes('split the pane right'), `help closed by ${JSON.stringify(key)}`);
  }
  t.deepEqual(rows(term.text()).slice(1, 3), ['$', '']);
});

test.serial('prefix ? taller than the terminal scrolls with PageDown to its last binding and the config\'s own after it, and q closes it', async (t) => {
  const own = '[[keys.bind]]\nkey = "T"\ncommand = "new-window -n from-key"\n[[keys.bind]]\nkey = "M-t"\nprefix = false\ncommand = "rename-window mine"\n';
  const { term } = await start(t, own, 100, 20);
  term.write(`${PREFIX}?`);
  await term.waitFor((s) => /prefix is C-b/.test(s) && /of \d+: j\/k, PageUp\/PageDown scroll/.test(s), 'the top of the help');
  t.false(term.text().includes('send the prefix key to the pane'), 'the last binding is below the box at first');
  for (let i = 0; i < 6; i++) term.write('\x1b[6~');
  await term.waitForText('send the prefix key to the pane');
  await term.waitFor((s) => /C-b T +new-window -n from-key/.test(s) && /M-t +rename-window mine/.test(s), 'the config\'s own bindings');
  t.false(term.text().includes('prefix is C-b'), 'the top scrolled away');
  term.write('q');
  await term.waitFor((s) => !s.includes('PageUp/PageDown scroll'), 'help closed');
});

test.serial('prefix prefix sends the prefix key itself to the pane', async (t) => {
  const { term } = await start(t);
  term.write('od -c\r');
  await waitUntil(() => term.text().includes('od -c'), 'od started');
  term.write(`${PREFIX}${PREFIX}\r\x04`);
  // One C-b, then the Enter: two bytes in all.
  t.regex(rows(await term.waitForText('0000002')).join('\n'), /^0000000 +002 +\\n\n0000002$/m);
});

test.serial('a configured prefix replaces C-b', async (t) => {
  const { term, env } = await start(t, '[keys]\nprefix = "C-a"\n');
  term.write('\x01%');
  await term.waitFor((s) => /━ 2 sh/.test(s), 'split with C-a');
  // C-b is a plain key now: the program gets it, and the % after it splits nothing.
  term.write('od -c\r');
  await waitUntil(async () => (await env.capture('2')).includes('od -c'), 'od started');
  term.write('\x02%\r\x04');
  const od = await waitUntil(async () => { const s = await env.capture('2'); return s.includes('0000003') ? s : ''; }, 'od to end');
  t.regex(od, /^0000000 +002 +% +\\n$/m);
  t.is((await env.json(['list'])).panes.length, 2);
});

test.serial('a pane whose program exits closes, and the last one ends the session', async (t) => {
  const { term, env } = await start(t);
  term.write(`${PREFIX}%`);
  await term.waitFor((s) => /━ 2 sh/.test(s), 'pane 2');
  term.write('exit\r');
  await term.waitFor((s) => !s.includes('━ 2 sh') && !s.includes('│'), 'pane 2 gone');
  term.write('exit\r');
  t.is(await term.exited, 0);
  t.true(term.raw.includes('[exited]'));
  t.is((await env.cli(['list'])).code, 6);
});

test.serial('with remain-on-exit a finished pane stays and its border shows the exit status', async (t) => {
  const { term, env } = await start(t, 'remain-on-exit = true\n');
  term.write(`${PREFIX}%`);
  await term.waitFor((s) => /━ 2 sh/.test(s), 'pane 2');
  term.write('exit 3\r');
  await term.waitForText('2 sh [exited 3]');
  const info = await env.json(['info']);
  t.deepEqual(info.panes[1].exit, { exitCode: 3, signal: null });
});

test.serial('clicking a pane focuses it', async (t) => {
  const { term, env } = await start(t);
  term.write(`${PREFIX}%`);
  await term.waitFor((s) => /━ 2 sh/.test(s), 'pane 2');
  term.write('\x1b[<0;10;10M\x1b[<0;10;10m');
  await waitUntil(async () => (await env.json(['list'])).panes[0].focused, 'pane 1 focused by the click');
  t.deepEqual((await env.json(['list'])).panes.map((p: any) => p.focused), [true, false]);
  await term.waitFor((s) => /^━ 1 sh/.test(s), 'pane 1 border highlighted');
  t.regex(term.lines()[0], /^━ 1 sh ━+│─ 2 sh ─+$/, 'only pane 1 is drawn focused');
});

test.serial('dragging the separator between panes resizes them, and so does dragging a lower pane\'s header', async (t) => {
  const { term, env } = await start(t);
  term.write(`${PREFIX}%`);
  await term.waitFor((s) => /━ 2 sh/.test(s), 'pane 2');
  const sizes = async () => (await env.json(['list'])).panes.map((p: any) => p.size);
  const [left] = await sizes();
  const sep = left.cols;
  // SGR mouse, 1-based: press on the separator, drag 10 columns left, release.
  term.write(`\x1b[<0;${sep + 1};5M\x1b[<32;${sep - 4};5M\x1b[<32;${sep - 9};5M\x1b[<0;${sep - 9};5m`);
  await waitUntil(async () => (await sizes())[0].cols === left.cols - 10, 'pane 1 ten columns narrower');
  t.is((await sizes())[1].cols, 100 - (left.cols - 10) - 1, 'pane 2 took the columns');
  term.write(`${PREFIX}"`);
  await term.waitFor((s) => /━ 3 sh/.test(s), 'pane 3 below pane 2');
  const header = term.find('━ 3 sh')!;
  const before = (await sizes()).map((s: any) => s.rows);
  term.write(`\x1b[<0;${header.x + 3};${header.y + 1}M\x1b[<32;${header.x + 3};${header.y - 4}M\x1b[<0;${header.x + 3};${header.y - 4}m`);
  await waitUntil(async () => (await sizes())[2].rows === before[2] + 5, 'pane 3 five rows taller');
  t.deepEqual((await sizes()).map((s: any) => s.rows), [before[0], before[1] - 5, before[2] + 5], 'pane 2 above gave the rows');
});

test.serial('the outer terminal\'s title follows the focused pane, and is put back on detach', async (t) => {
  const { term } = await start(t);
  await waitUntil(() => term.raw.includes('\x1b]2;default: 1 sh\x07'), 'the title of pane 1');
  t.true(term.raw.includes('\x1b[22;2t'), 'the old title saved');
  term.write(`${PREFIX}%`);
  await waitUntil(() => term.raw.includes('\x1b]2;default: 2 sh\x07'), 'the title of pane 2');
  term.write(`${PREFIX}d`);
  await term.exited;
  t.true(term.raw.includes('\x1b[23;2t'), 'the old title restored');
});

test.serial('a bell in a pane nobody looks at marks it with ! in the status line until it is focused', async (t) => {
  const { term, env } = await start(t);
  term.write(`${PREFIX}%`);
  await term.waitFor((s) => /━ 2 sh/.test(s), 'pane 2');
  await env.ok(['send', '--pane', '1', '--enter', "printf '\\007'"]);
  await term.waitFor((s) => / %1:sh! /.test(s.split('\n')[29]), 'the mark on pane 1');
  t.regex(term.lines()[29], / %2:sh\* /, 'the focused pane has none');
  term.write(`${PREFIX}o`);
  await term.waitFor((s) => / %1:sh\* /.test(s.split('\n')[29]), 'the mark gone once focused');
  t.notRegex(term.lines()[29], /!/, 'no pane marked');
});

test.serial('with ui.mouse off thurm leaves the mouse to the outer terminal', async (t) => {
  const { term } = await start(t, '[ui]\nmouse = false\n');
  t.false(term.raw.includes('\x1b[?1000h'), 'no mouse reporting asked of the outer terminal');
  t.true(term.raw.includes('\x1b[?2004h'));
});

test.serial('truecolor reaches a client whose COLORTERM has it, and is mapped to 256 colours otherwise', async (t) => {
  const env = new ThurmEnv();
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--', 'sh', '-c', "printf '\\033[38;2;255;135;0mTRUE\\033[0m\\n'; exec cat"]);
  const rich = new TestTerminal(process.execPath, [BIN, 'attach'], { ...env.env, COLORTERM: 'truecolor' });
  t.teardown(() => rich.kill());
  await rich.waitForText('TRUE');
  const at = rich.find('TRUE')!;
  t.true(rich.cell(at.x, at.y).isFgRGB());
  t.is(rich.cell(at.x, at.y).getFgColor(), 0xff8700);
  rich.kill();
  const plain = new TestTerminal(process.execPath, [BIN, 'attach'], { ...env.env, COLORTERM: '' });
  t.teardown(() => plain.kill());
  await plain.waitForText('TRUE');
  t.true(plain.cell(at.x, at.y).isFgPalette());
  t.is(plain.cell(at.x, at.y).getFgColor(), 208);
});

test.serial('a program that asks for the mouse gets clicks in its own coordinates', async (t) => {
  const { term } = await start(t);
  // The marker comes after the mode sequences in the pane's output: once it shows, the pane asks
  // for the mouse (the echo of the command line alone came too soon once: the click was thurm's,
  // and the C-d's ended the shell). Keys typed before od starts wait for it in the terminal.
  term.write("printf '\\033[?1000h\\033[?1006h'; echo mouse-on; od -An -c\r");
  await waitUntil(() => term.lines().some((l) => l.trimEnd() === 'mouse-on'), 'the pane to ask for the mouse');
  // Column 11, row 6 of the screen is column 11, row 5 of the pane (its header takes row 1).
  // Two C-d: the first ends the line (the echo of the keys), the second the input.
  term.write('\x1b[<0;11;6M\x1b[<0;11;6m\x04\x04');
  const flat = (s: string) => s.split('\n').slice(2).join(' ').replace(/\s+/g, ' ');
  const bytes = await term.waitFor((s) => flat(s).includes('5 m'), 'the press and release in od');
  t.regex(flat(bytes), /033 \[ < 0 ; 1 1 ; 5 M 033 \[ < 0 ; 1 1 ; 5 m/);
});

test.serial('emoji take two columns, and the row stays aligned even in a terminal that counts them as one', async (t) => {
  const { term, env } = await start(t);
  term.write("printf 'E:\\360\\237\\230\\200x|\\n'\r");
  // The typed command line holds "x|" too: wait for the row the program printed.
  await term.waitFor((text) => text.split('\n').some((l) => l.startsWith('E:') && l.includes('x|')), 'the printed row');
  // The pane's emulator counts the emoji as two columns, as the program's wcwidth does.
  t.regex(await env.capture('1'), /^E:😀x\|$/m);
  // This harness terminal uses Unicode 6 (emoji one column): x still lands in the right column.
  const at = term.find('E:')!;
  const rows = term.lines();
  const y = rows.findIndex((l, i) => i > at.y && l.startsWith('E:'));
  t.is(term.cell(2, y).getChars(), '😀');
  t.is(term.cell(4, y).getChars(), 'x');
});

test.serial('a pane redrawn row by row shows what its program wrote: edits, scroll regions, the alternate screen', async (t) => {
  const { term, env } = await start(t);
  // Each step lands in a frame of its own, so later frames redraw only the rows it changed.
  const steps = [
    'i=1; while [ $i -le 40 ]; do echo "line $i"; i=$((i+1)); done',
    "printf '\\033[5;1Hfive edited\\033[K'",
    "printf '\\033[3;10r\\033[4;1H\\033[2L\\033[r'",
    "printf '\\033[?1049h\\033[Halternate screen'",
    "printf '\\033[?1049l'",
    "printf '\\033[12;1H\\033[1M\\033[20;5Hmid'",
    "printf '\\033[27;1H\\033[Jdone-%s\\n' 42",
  ];
  const script = `${env.dir}/steps.sh`;
  fs.writeFileSync(script, steps.join('\nsleep 0.2\n') + '\nexec sleep 600\n');
  term.write(`clear; sh ${script}\r`);
  await term.waitForText('done-42');
  const pane = async () => (await env.capture('1')).split('\n').slice(0, 28).map((l) => l.trimEnd());
  const shown = () => term.lines().slice(1, 29).map((l) => l.trimEnd());
  await waitUntil(async () => JSON.stringify(shown()) === JSON.stringify(await pane()), 'the client to show the pane as it is');
  t.deepEqual(shown(), await pane());
  t.true(shown().includes('five edited'));
  t.false(shown().some((l) => l.includes('alternate screen')));
});
