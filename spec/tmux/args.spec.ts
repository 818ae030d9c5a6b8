// tmux's argument syntax as the shim reads it.
import test from 'ava';
import { parseArgs, value } from '../../lib/tmux/args.js';
import { ShimError } from '../../lib/tmux/errors.js';

const SPLIT = 'dhvPc:F:l:p:t:';

test('flags combine, a value may be glued on or follow, and -- ends the flags', (t) => {
  const p = parseArgs('split-window', SPLIT, ['-dh', '-t%1', '-l', '70%', '-PF', '#{pane_id}', '--', 'cat', '-n']);
  t.deepEqual([...p.flags], [['d', true], ['h', true], ['t', '%1'], ['l', '70%'], ['P', true], ['F', '#{pane_id}']]);
  t.deepEqual(p.rest, ['cat', '-n']);
  t.is(value(p, 'P'), undefined);
});

test('the first plain word ends the flags, and a lone - is a word', (t) => {
  t.deepEqual(parseArgs('send-keys', 'lt:', ['-t', '%2', 'ls', '-l', 'Enter']).rest, ['ls', '-l', 'Enter']);
  t.deepEqual(parseArgs('send-keys', 'lt:', ['-', 'x']).rest, ['-', 'x']);
});

test('a flag the command does not declare is unsupported, naming the command and the flag', (t) => {
  const err = t.throws(() => parseArgs('split-window', SPLIT, ['-bd']), { instanceOf: ShimError });
  t.is(err?.message, 'unsupported: split-window -b');
});

test('a flag that takes a value and has none is refused', (t) => {
  t.throws(() => parseArgs('split-window', SPLIT, ['-t']), { message: 'split-window: -t expects an argument' });
});

test('a flag given more than once keeps every value in order, and flags has the last', (t) => {
  const p = parseArgs('split-window', 'de:t:', ['-e', 'A=1', '-eB=2', '-d', '-e', 'A=3', 'cat']);
  t.deepEqual(p.repeated.get('e'), ['A=1', 'B=2', 'A=3']);
  t.is(value(p, 'e'), 'A=3');
  t.deepEqual(p.rest, ['cat']);
});
