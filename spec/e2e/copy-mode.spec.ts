// Copy mode as a person uses it in a real terminal: scrolling back through history with keys
// and the wheel, searching, selecting and copying into paste buffers and the clipboard.
import test from 'ava';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

/** A session whose one pane printed 200 numbered lines and waits; one client 80x24 attached. */
async function withHistory(t: { teardown(fn: () => Promise<void> | void): void }, config?: string) {
  const env = new ThurmEnv(config);
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--size', '80x24', '--', 'sh', '-c', 'for i in $(seq 1 200); do echo "row $i of history"; done; exec cat']);
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 80, 24);
  t.teardown(() => term.kill());
  await term.waitForText('row 200 of history');
  return { env, term };
}

const header = (term: TestTerminal) => term.lines()[0];
const PREFIX = '\x02';

test.serial('prefix [ enters copy mode; PageUp pages back, the border says where, output does not move the view, q leaves', async (t) => {
  const { env, term } = await withHistory(t);
  term.write(`${PREFIX}[`);
  await term.waitFor(() => /\[0\/\d+\]/.test(header(term)), 'the position in the border');
  term.write('\x1b[5~');
  const paged = await term.waitFor((s) => /\[22\/\d+\]/.test(s.split('\n')[0]), 'one page back');
  t.is(paged.split('\n')[1].trimEnd(), 'row 158 of history');
  t.notRegex(paged, /row 180 of history/);
  await env.ok(['send', '--pane', '1', '--enter', 'new output']);
  await waitUntil(async () => (await env.capture('1')).includes('new output'), 'the output arrived');
  // The history grew under the view (the echo and cat's copy); the view kept its lines.
  const after = await term.waitFor(() => /\[24\/\d+\]/.test(header(term)), 'the offset grown by two lines');
  t.is(after.split('\n')[1].trimEnd(), 'row 158 of history');
  term.write('q');
  const live = await term.waitFor((s) => s.includes('new output'), 'the live screen again');
  t.notRegex(live.split('\n')[0], /\[\d+\/\d+\]/);
});

test.serial('g goes to the top of the history and G back to the bottom', async (t) => {
  const { env, term } = await withHistory(t);
  term.write(`${PREFIX}[g`);
  const top = await term.waitFor((s) => s.split('\n')[1].trimEnd() === 'row 1 of history', 'the oldest line at the top');
  const [, above] = /\[(\d+)\/\1\]/.exec(top.split('\n')[0]) ?? [];
  t.truthy(above, 'all of the history is above the view');
  term.write('G');
  await term.waitFor(() => /\[0\/\d+\]/.test(header(term)), 'the bottom');
  t.true(header(term).includes(`[0/${above}]`), 'none of that history above the view now');
  t.is(term.lines()[1].trimEnd(), (await env.capture('1')).split('\n')[0], 'the view begins where the live screen does');
});

test.serial('searching backward with ? finds and highlights a match; n goes to the next one', async (t) => {
  const { term } = await withHistory(t);
  term.write(`${PREFIX}[?row 42 `);
  await term.waitForText('search up: row 42');
  term.write('\r');
  const found = await term.waitFor((s) => s.includes('row 42 of history') && !s.includes('search up'), 'the match in view');
  const at = term.find('row 42 of history')!;
  t.truthy(at, found);
  t.true(term.cell(at.x, at.y).isBgPalette(), 'the match is highlighted');
  term.write('/row 1');
  await term.waitForText('search down: row 1');
  // Enter finds row 100, the first match below; n goes on to row 101. The current match is
  // magenta, the others cyan (lib/ui/copy-view.ts).
  term.write('\rn');
  const bg = (line: string) => { const at = term.find(line); return at && term.cell(at.x, at.y).getBgColor(); };
  await term.waitFor(() => bg('row 101 of history') === 5, 'the next match down current');
  t.is(bg('row 100 of history'), 6, 'the match before it one of the others');
});

test.serial('v selects, y copies into a paste buffer and the client clipboard (OSC 52), prefix ] pastes; a script\'s buffer reaches the clipboard when it asks', async (t) => {
  const { env, term } = await withHistory(t);
  term.write(`${PREFIX}[`);
  await term.waitFor(() => /\[0\/\d+\]/.test(header(term)), 'copy mode');
  // The cursor starts where the pane's is (the empty last line): go up two lines, to the start.
  term.write('kk0vj$y');
  const buffers = await waitUntil(async () => {
    const list = (await env.json(['buffers'])).buffers;
    return list.length ? list : null;
  }, 'a paste buffer');
  t.is(buffers[0].text, 'row 199 of history\nrow 200 of history');
  const osc52 = `\x1b]52;c;${Buffer.from('row 199 of history\nrow 200 of history').toString('base64')}\x07`;
  await waitUntil(() => term.raw.includes(osc52), 'the clipboard sequence');
  await term.waitFor(() => !/\[\d+\/\d+\]/.test(header(term)), 'copying left copy mode');
  term.write(`${PREFIX}]`);
  // The pasted line comes back twice more: the tty's echo, then cat's copy.
  const count = async (line: string) => (await env.ok(['capture', '--pane', '1', '--scrollback', '1000'])).split(line).length - 1;
  await waitUntil(async () => (await count('row 199 of history')) === 3, 'the pasted text echoed');
  // The buffer's text and nothing more: its last line was echoed but no Enter came after it.
  t.is(await count('row 200 of history'), 2);
  // A script's buffer reaches the clipboard when it asks: set-buffer --clipboard, tmux's load-buffer -w.
  const osc = (text: string) => `\x1b]52;c;${Buffer.from(text).toString('base64')}\x07`;
  await env.ok(['set-buffer', 'kept only']);
  t.is((await env.cli(['set-buffer', '--clipboard', 'from a script'])).code, 0);
  await waitUntil(() => term.raw.includes(osc('from a script')), 'the script\'s buffer in the clipboard');
  t.false(term.raw.includes(osc('kept only')), 'a buffer set without it stays a buffer');
  t.is((await env.spawnCli(['tmux', 'load-buffer', '-w', '-'], {}, 'from stdin')).code, 0);
  await waitUntil(() => term.raw.includes(osc('from stdin')), 'load-buffer -w');
});

test.serial('a selection of blanks past a line\'s end copies nothing: no empty buffer, and copy mode is left', async (t) => {
  const { env, term } = await withHistory(t);
  term.write(`${PREFIX}[`);
  await term.waitFor(() => /\[0\/\d+\]/.test(header(term)), 'copy mode');
  // The cursor starts on the pane's empty last line: select three of its blank cells.
  term.write('vlly');
  await term.waitFor(() => !/\[\d+\/\d+\]/.test(header(term)), 'y left copy mode');
  // The buffer would have been added before copy mode was left.
  t.deepEqual((await env.json(['buffers'])).buffers, []);
});

test.serial('the wheel scrolls a pane that did not ask for the mouse; back at the bottom it is live again', async (t) => {
  const { env, term } = await withHistory(t);
  term.write('\x1b[<64;10;10M');
  await term.waitFor(() => /\[3\/\d+\]/.test(header(term)), 'three lines up');
  term.write('\x1b[<64;10;10M');
  await term.waitFor(() => /\[6\/\d+\]/.test(header(term)), 'six lines up');
  t.is(term.lines()[1].trimEnd(), 'row 174 of history', 'six lines above the live screen\'s first, row 180');
  term.write('\x1b[<65;10;10M\x1b[<65;10;10M');
  await term.waitFor(() => !/\[\d+\/\d+\]/.test(header(term)), 'copy mode left at the bottom');
  await env.ok(['send', '--pane', '1', '--enter', 'live again']);
  // The tty's echo and cat's copy.
  await term.waitFor(() => term.lines().filter((l) => l.trimEnd() === 'live again').length === 2, 'the new output in the view');
  t.is(term.lines()[1].trimEnd(), (await env.capture('1')).split('\n')[0], 'the view is the live screen');
});

test.serial('dragging the mouse selects text and copies it on release', async (t) => {
  const { env, term } = await withHistory(t);
  const at = term.find('row 190 of history')!;
  // SGR mouse: press, drag to the end of the next line, release (1-based cells).
  term.write(`\x1b[<0;${at.x + 1};${at.y + 1}M\x1b[<32;${at.x + 18};${at.y + 2}M\x1b[<0;${at.x + 18};${at.y + 2}m`);
  const buffers = await waitUntil(async () => {
    const list = (await env.json(['buffers'])).buffers;
    return list.length ? list : null;
  }, 'a paste buffer');
  t.is(buffers[0].text, 'row 190 of history\nrow 191 of history');
});

test.serial('a double click copies the word under it, a triple click its line; prefix # lists the buffers and pastes the one chosen', async (t) => {
  const { env, term } = await withHistory(t);
  const at = term.find('row 190 of history')!;
  // On "190": press and release twice, then three times, on one cell (1-based).
  const click = `\x1b[<0;${at.x + 6};${at.y + 1}M\x1b[<0;${at.x + 6};${at.y + 1}m`;
  term.write(click.repeat(2));
  const newest = async () => (await env.json(['buffers'])).buffers[0]?.text;
  await waitUntil(async () => (await newest()) === '190', 'the word copied');
  await term.waitFor(() => !/\[\d+\/\d+\]/.test(header(term)), 'copy mode left');
  // Three clicks on "row" (another cell, so the count starts again): its second copies the word on the way.
  const other = `\x1b[<0;${at.x + 2};${at.y + 1}M\x1b[<0;${at.x + 2};${at.y + 1}m`;
  term.write(other.repeat(3));
  await waitUntil(async () => (await newest()) === 'row 190 of history', 'the line copied');
  t.deepEqual((await env.json(['buffers'])).buffers.map((b: { text: string }) => b.text), ['row 190 of history', 'row', '190']);
  // Prefix # lists them, newest first; Enter pastes the one chosen (echoed on cat's empty line).
  term.write(`${PREFIX}#`);
  await term.waitFor((s) => /buffer\d+: 18 bytes: "row 190 of history"/.test(s) && /buffer\d+: 3 bytes: "row"/.test(s) && /buffer\d+: 3 bytes: "190"/.test(s), 'the buffers listed');
  term.write('jj\r');
  const lastLine = async () => (await env.capture('1')).trimEnd().split('\n').at(-1);
  await waitUntil(async () => (await lastLine()) === '190', 'the oldest pasted at the prompt line');
});

test.serial('keys.mode-keys = "emacs" gives copy mode the emacs keys; a tmux set -g mode-keys vi at prefix : gives back the vi ones', async (t) => {
  const { env, term } = await withHistory(t, '[keys]\nmode-keys = "emacs"\n');
  const newest = async () => (await env.json(['buffers'])).buffers[0]?.text;
  term.write(`${PREFIX}[`);
  await term.waitFor(() => /\[0\/\d+\]/.test(header(term)), 'copy mode');
  // Up twice (C-p), the start of the line (C-a), mark (C-Space), its end (C-e), copy (M-w).
  term.write('\x10\x10\x01\x00\x05\x1bw');
  await waitUntil(async () => (await newest()) === 'row 199 of history', 'the emacs keys copied the line');
  await term.waitFor(() => !/\[\d+\/\d+\]/.test(header(term)), 'M-w left copy mode');
  term.write(`${PREFIX}:set -g mode-keys vi\r`);
  await waitUntil(async () => (await env.request('tmux-show-options', {})).values?.['mode-keys'] === 'vi', 'the option set');
  term.write(`${PREFIX}[`);
  await term.waitFor(() => /\[0\/\d+\]/.test(header(term)), 'copy mode again');
  term.write('k0 $y');
  await waitUntil(async () => (await newest()) === 'row 200 of history', 'the vi keys copied the line');
  t.deepEqual((await env.json(['buffers'])).buffers.map((b: { text: string }) => b.text), ['row 200 of history', 'row 199 of history']);
});

test.serial('copy mode is per client: another attached client keeps its live view', async (t) => {
  const { env, term } = await withHistory(t);
  const other = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 80, 24);
  t.teardown(() => other.kill());
  await other.waitForText('row 200 of history');
  term.write(`${PREFIX}\x1b[5~`);
  await term.waitFor(() => /\[22\/\d+\]/.test(header(term)), 'the first client paged back');
  await env.ok(['send', '--pane', '1', '--enter', 'still live']);
  const seen = await other.waitForText('still live');
  t.notRegex(seen.split('\n')[0], /\[\d+\/\d+\]/);
  t.notRegex(term.text(), /still live/);
});

test.serial('thurm copy-mode enters copy mode on a pane in every attached client', async (t) => {
  const { env, term } = await withHistory(t);
  const other = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 80, 24);
  t.teardown(() => other.kill());
  await other.waitForText('row 200 of history');
  t.like(await env.json(['copy-mode', '--pane', '1']), { pane: '1', clients: 2 });
  for (const client of [term, other]) await client.waitFor(() => /\[0\/\d+\]/.test(header(client)), 'copy mode from the CLI');
  t.is(header(other), header(term), 'both at the same place in the same history');
});

const osc52 = (text: string) => `\\033]52;c;${Buffer.from(text).toString('base64')}\\007`;

/** A session of one shell pane with `config`, and a client attached. */
async function shell(t: { teardown(fn: () => Promise<void> | void): void }, config?: string) {
  const env = new ThurmEnv(config);
  t.teardown(() => env.cleanup());
  await env.ok(['new', '-d', '--size', '80x24', '--', 'sh']);
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 80, 24);
  t.teardown(() => term.kill());
  await term.waitForText('[default]');
  return { env, term };
}

test.serial('a pane\'s own clipboard write (OSC 52) is ignored unless ui.pane-clipboard allows it', async (t) => {
  const { env, term } = await shell(t);
  await env.ok(['send', '--pane', '1', '--enter', `printf '${osc52('from the pane')}'; echo marker-one`]);
  await waitUntil(async () => /^marker-one$/m.test(await env.capture('1')), 'the write parsed');
  t.deepEqual((await env.json(['buffers'])).buffers, []);
  t.false(term.raw.includes('\x1b]52;'));
});

test.serial('with ui.pane-clipboard a pane\'s OSC 52 write becomes a paste buffer and reaches the clients', async (t) => {
  const { env, term } = await shell(t, '[ui]\npane-clipboard = true\n');
  await env.ok(['send', '--pane', '1', '--enter', `printf '${osc52('from the pane')}'`]);
  const buffers = await waitUntil(async () => {
    const list = (await env.json(['buffers'])).buffers;
    return list.length ? list : null;
  }, 'a buffer');
  t.is(buffers[0].text, 'from the pane');
  await waitUntil(() => term.raw.includes(`\x1b]52;c;${Buffer.from('from the pane').toString('base64')}\x07`), 'the clipboard sequence');
});
