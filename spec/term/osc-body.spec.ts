// OSC bodies as a pane's handlers get them (lib/term/osc-body.ts): whole across writes, with
// characters outside the BMP intact, and dropped whole past MAX_OSC_BODY characters, where
// xterm's own wrapper kept up to 10 MB one character at a time.
import test from 'ava';
import { MAX_OSC_BODY } from '../../lib/term/osc-body.js';
import { PaneTerminal } from '../../lib/term/pane-terminal.js';

function terminalWith52(): { term: PaneTerminal; bodies: string[]; write(data: string): Promise<void> } {
  const term = new PaneTerminal({ cols: 40, rows: 5, scrollback: 10 });
  const bodies: string[] = [];
  term.registerOsc(52, (body) => {
    bodies.push(body);
    return true;
  });
  return { term, bodies, write: (data) => new Promise((resolve) => term.write(data, resolve)) };
}

test('a body written in pieces reaches the handler whole, characters outside the BMP included', async (t) => {
  const { term, bodies, write } = terminalWith52();
  t.teardown(() => term.dispose());
  const body = `c;${'aGVsbG8='.repeat(5000)}🎉é`;
  const sequence = `\x1b]52;${body}\x07after`;
  for (const [from, to] of [[0, 6], [6, 20_000], [20_000, sequence.length]]) await write(sequence.slice(from, to));
  t.deepEqual(bodies, [body]);
  t.is(term.xterm.buffer.active.getLine(0)!.translateToString(true), 'after');
});

test('a body over the limit is dropped whole, and the next sequence is handed over', async (t) => {
  const { term, bodies, write } = terminalWith52();
  t.teardown(() => term.dispose());
  const chunk = 'A'.repeat(256 * 1024);
  await write('\x1b]52;c;');
  for (let sent = 0; sent <= MAX_OSC_BODY; sent += chunk.length) await write(chunk);
  await write('\x07\x1b]52;c;c2hvcnQ=\x07');
  t.deepEqual(bodies, ['c;c2hvcnQ=']);
});

test('a body cut short by CAN is not handed over', async (t) => {
  const { term, bodies, write } = terminalWith52();
  t.teardown(() => term.dispose());
  await write('\x1b]52;c;aGVsbG8=\x18\x1b]52;c;d29ybGQ=\x1b\\');
  t.deepEqual(bodies, ['c;d29ybGQ=']);
});
