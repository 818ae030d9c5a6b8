// Input and output fidelity for full-screen programs: synchronized output (DECSET 2026) and keys
// re-encoded for the keyboard modes a pane asked for. The tty's echo (^[ for ESC) shows what
// reached the program.
import test from 'ava';
import { Connection } from '../../lib/cli/connection.js';
import { TestTerminal } from '../helpers/terminal.js';
import { BIN, ThurmEnv } from '../helpers/thurm-env.js';
import { waitUntil } from '../helpers/wait.js';

const PREFIX = '\x02';

/** A session whose first pane runs `script` in sh, attached in a real terminal. */
async function attached(t: { teardown(fn: () => Promise<void> | void): void }, script: string) {
  const env = new ThurmEnv();
  t.teardown(async () => {
    term.kill();
    await env.cleanup();
  });
  await env.ok(['new', '-d', '--size', '100x29', '--', 'sh', '-c', script]);
  const term = new TestTerminal(process.execPath, [BIN, 'attach'], env.env, 100, 30);
  await term.waitForText('[default]');
  return { env, term };
}

test.serial('DECRQM ?2026 is answered as supported: reset, then set once the pane enables it', async (t) => {
  const { env, term } = await attached(t, "printf '\\033[?2026$p'; read a; printf '\\033[?2026h\\033[?2026$p\\033[?2026l'; exec cat");
  await term.waitForText('^[[?2026;2$y');
  term.write('\r');
  await term.waitForText('^[[?2026;1$y');
  t.regex(await env.capture('1'), /\^\[\[\?2026;2\$y\r?\n?.*\^\[\[\?2026;1\$y/s);
});

test.serial('a pane inside a synchronized update keeps showing its last complete frame until the update ends', async (t) => {
  const script = "printf 'frame-one\\n'; read a; printf '\\033]2;mid-update\\007\\033[?2026h\\033[2J\\033[Hhalf-drawn\\n'; "
    + "read b; printf 'frame-two\\033[?2026l\\n'; exec cat";
  const { term } = await attached(t, script);
  await term.waitForText('frame-one');
  term.write('\r');
  // The title comes in the same write as the half frame: once the border shows it, the frame was parsed.
  const during = await term.waitForText('mid-update');
  t.true(during.includes('frame-one'));
  t.false(during.includes('half-drawn'));
  term.write('\r');
  const after = await term.waitForText('frame-two');
  t.true(after.includes('half-drawn'));
  t.false(after.includes('frame-one'));
});

test.serial('a pane that never ends its update is shown anyway after the timeout', async (t) => {
  const { term } = await attached(t, "read a; printf '\\033]2;stuck-title\\007\\033[?2026h\\033[2J\\033[Hstuck-frame\\n'; exec cat");
  await term.waitForText('[default]');
  term.write('\r');
  const during = await term.waitForText('stuck-title');
  t.false(during.includes('stuck-frame'));
  await term.waitForText('stuck-frame', 5000);
});

test.serial('thurm capture during an update waits for it to end and never returns the half-drawn frame', async (t) => {
  const { env, term } = await attached(t, "printf 'frame-one\\n'; read a; printf '\\033]2;mid-update\\007\\033[?2026hhalf-drawn\\n'; "
    + "read b; printf 'frame-two\\033[?2026l\\n'; exec cat");
  await term.waitForText('frame-one');
  term.write('\r');
  await term.waitForText('mid-update');
  // One connection: the server takes the capture first, then the keys that end the update.
  const conn = await Connection.open(env.socket);
  t.teardown(() => conn.ws.terminate());
  const captured = conn.request<{ lines: string[] }>('capture', { pane: '1' });
  void conn.request('send', { pane: '1', enter: true });
  const text = (await captured).lines.join('\n');
  t.true(text.includes('half-drawn'));
  t.true(text.includes('frame-two'));
});

test.serial('Shift+Enter reaches a pane that pushed kitty flags as CSI 13;2u, and one that did not as Enter', async (t) => {
  const { env, term } = await attached(t, "printf '\\033[>1ukitty-ready\\n'; exec cat");
  await term.waitForText('kitty-ready');
  // The client's terminal sends Shift+Enter in xterm's modifyOtherKeys form.
  term.write('\x1b[27;2;13~');
  await term.waitForText('^[[13;2u');
  await env.ok(['split', '--', 'sh', '-c', 'printf "plain-ready\\n"; read line; echo "got=$line."; exec cat']);
  await term.waitForText('plain-ready');
  term.write('x\x1b[13;2u');
  await term.waitForText('got=x.');
  t.true((await env.capture('1')).includes('^[[13;2u'));
});

test.serial('Ctrl+Enter reaches a pane that set modifyOtherKeys as CSI 27;5;13~, and CSI ? u is answered', async (t) => {
  const { env, term } = await attached(t, "printf '\\033[>4;1m\\033[>5u\\033[?u\\033[<umok-ready\\n'; exec cat");
  await term.waitForText('^[[?5u');
  await term.waitForText('mok-ready');
  term.write('\x1b[13;5u');
  await term.waitForText('^[[27;5;13~');
  t.false((await env.capture('1')).includes('^[[13;5u'));
});

test.serial('Alt is an ESC prefix and function keys keep their modifiers', async (t) => {
  const { env, term } = await attached(t, "printf 'keys-ready\\n'; exec cat");
  await term.waitForText('keys-ready');
  term.write('\x1bx');
  await term.waitForText('^[x');
  term.write('\x1b[15;5~\x1b[1;2P');
  await term.waitForText('^[[15;5~^[[1;2P');
  t.true((await env.capture('1')).includes('^[x'));
});

test.serial('Escape and a key in one read reach a pane in modifyOtherKeys 2 (as vim sets it) as ESC and the key, as tmux sends them', async (t) => {
  const { env, term } = await attached(t, "printf '\\033[>4;2mvim-ready\\n'; exec cat");
  await term.waitForText('vim-ready');
  term.write('\x1bk');
  term.write('\x1b[27;5;13~');
  // Ctrl+Enter shows the pane is in modifyOtherKeys 2, and marks where Escape k ended.
  await term.waitForText('^[k^[[27;5;13~');
  t.false((await env.capture('1')).includes('^[[27;3;107~'));
});

test.serial('thurm asks the terminal for modifyOtherKeys, reads the prefix in CSI u form, and undoes the mode on detach', async (t) => {
  const { env, term } = await attached(t, 'exec cat');
  t.true(term.raw.includes('\x1b[>4;1m'));
  term.write('\x1b[98;5u%');
  await waitUntil(async () => (await env.json(['list'])).panes.length === 2, 'a split from the prefix in CSI u form');
  term.write(`${PREFIX}d`);
  await term.exited;
  t.true(term.raw.lastIndexOf('\x1b[>4m') > term.raw.lastIndexOf('\x1b[>4;1m'));
});
