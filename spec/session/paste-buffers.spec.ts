import test from 'ava';
import { MAX_BUFFER_BYTES, MAX_BUFFERS, MAX_TOTAL_BYTES, PasteBuffers } from '../../lib/session/paste-buffers.js';

test('buffers are listed newest first with names in creation order', (t) => {
  const b = new PasteBuffers();
  b.add('one');
  b.add('two');
  t.deepEqual(b.list().map((x) => [x.name, x.text]), [['buffer1', 'two'], ['buffer0', 'one']]);
  t.is(b.get()?.text, 'two');
  t.is(b.get('buffer0')?.text, 'one');
  t.is(b.get('buffer9'), null);
});

test(`at most ${MAX_BUFFERS} buffers are kept, the oldest dropped`, (t) => {
  const b = new PasteBuffers();
  for (let i = 0; i < MAX_BUFFERS + 5; i++) b.add(`t${i}`);
  t.is(b.list().length, MAX_BUFFERS);
  t.is(b.list().at(-1)?.text, 't5');
});

test('a buffer is cut to its byte limit without splitting a character', (t) => {
  const b = new PasteBuffers();
  const text = b.add('é'.repeat(MAX_BUFFER_BYTES)).text;
  t.is(Buffer.byteLength(text), MAX_BUFFER_BYTES);
  t.is(text, 'é'.repeat(MAX_BUFFER_BYTES / 2));
});

test('all buffers together stay under the total byte limit', (t) => {
  const b = new PasteBuffers();
  for (let i = 0; i < 20; i++) b.add('x'.repeat(MAX_BUFFER_BYTES));
  const total = b.list().reduce((n, x) => n + x.text.length, 0);
  t.true(total <= MAX_TOTAL_BYTES);
  t.is(b.list().length, MAX_TOTAL_BYTES / MAX_BUFFER_BYTES);
});

test('a buffer set by name replaces the one of that name and becomes the newest; automatic names go on counting', (t) => {
  const b = new PasteBuffers();
  b.add('one');
  b.add('first', 1, 'slime');
  b.add('two');
  b.add('second', 2, 'slime');
  t.deepEqual(b.list().map((x) => [x.name, x.text]), [['slime', 'second'], ['buffer1', 'two'], ['buffer0', 'one']]);
  t.is(b.add('three').name, 'buffer2');
});

test('append adds to the end of the buffer named, or the newest, and makes it the newest; with none it starts one', (t) => {
  const b = new PasteBuffers();
  t.is(b.append('a').name, 'buffer0');
  b.add('x', 1, 'named');
  t.deepEqual([b.append('b', 'buffer0').text, b.list()[0].name], ['ab', 'buffer0']);
  t.is(b.append('!').text, 'ab!');
  t.deepEqual([b.append('new', 'other').text, b.list().map((x) => x.name)], ['new', ['other', 'buffer0', 'named']]);
});

test('rename gives the buffer named (or the newest) a new name, and a buffer that had it goes, as tmux set-buffer -n', (t) => {
  const b = new PasteBuffers();
  b.add('one', 1, 'a');
  b.add('two', 2, 'b');
  t.is(b.rename(undefined, 'newest')?.text, 'two');
  t.is(b.rename('a', 'newest')?.text, 'one');
  t.deepEqual(b.list().map((x) => [x.name, x.text]), [['newest', 'one']]);
  t.is(b.rename('gone', 'x'), null);
  t.is(b.rename('newest', 'newest')?.text, 'one');
});

test('delete removes the buffer named, or the newest, and frees its bytes for others', (t) => {
  const b = new PasteBuffers();
  b.add('x'.repeat(MAX_BUFFER_BYTES), 1, 'big');
  b.add('small');
  t.true(b.delete('big'));
  t.false(b.delete('big'));
  t.true(b.delete());
  t.false(b.delete());
  t.deepEqual(b.list(), []);
  // What big held counts no more: as many full buffers as the total allows fit again.
  const fit = MAX_TOTAL_BYTES / MAX_BUFFER_BYTES;
  for (let i = 0; i < fit; i++) b.add('y'.repeat(MAX_BUFFER_BYTES));
  t.is(b.list().length, fit);
});
