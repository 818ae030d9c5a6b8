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
