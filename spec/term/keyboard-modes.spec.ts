import test from 'ava';
import { PaneTerminal } from '../../lib/term/pane-terminal.js';

function terminal(t: { teardown(fn: () => void): void }) {
  const term = new PaneTerminal({ cols: 20, rows: 4, scrollback: 10 });
  t.teardown(() => term.dispose());
  const replies: string[] = [];
  term.onReply((data) => replies.push(data));
  const write = (data: string) => new Promise<void>((resolve) => term.write(data, resolve));
  return { term, replies, write };
}

test('kitty flags are pushed, queried with CSI ? u and popped', async (t) => {
  const { term, replies, write } = terminal(t);
  await write('\x1b[?u');
  await write('\x1b[>1u\x1b[?u');
  await write('\x1b[>3u\x1b[?u\x1b[<u\x1b[?u');
  await write('\x1b[<u\x1b[?u');
  t.deepEqual(replies, ['\x1b[?0u', '\x1b[?1u', '\x1b[?3u', '\x1b[?1u', '\x1b[?0u']);
  t.is(term.keyModes.kittyFlags, 0);
});

test('each screen has its own kitty flags, and RIS clears them', async (t) => {
  const { term, write } = terminal(t);
  await write('\x1b[>1u\x1b[?1049h');
  t.is(term.keyModes.kittyFlags, 0);
  await write('\x1b[>5u');
  t.is(term.keyModes.kittyFlags, 5);
  await write('\x1b[?1049l');
  t.is(term.keyModes.kittyFlags, 1);
  await write('\x1bc');
  t.is(term.keyModes.kittyFlags, 0);
});

test('modifyOtherKeys is set with CSI > 4 ; n m and reset with CSI > 4 m', async (t) => {
  const { term, write } = terminal(t);
  await write('\x1b[>4;2m');
  t.is(term.keyModes.modifyOtherKeys, 2);
  await write('\x1b[>4m');
  t.is(term.keyModes.modifyOtherKeys, 0);
  await write('\x1b[>4;99m');
  t.is(term.keyModes.modifyOtherKeys, 2);
});

test('a query carrying program text is answered with numbers only', async (t) => {
  const { replies, write } = terminal(t);
  await write('\x1b[>999999u\x1b[?u');
  t.deepEqual(replies, ['\x1b[?31u']);
});
