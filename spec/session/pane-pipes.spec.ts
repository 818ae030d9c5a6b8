import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_PIPE_QUEUE, PanePipes, type PipeSource } from '../../lib/session/pane-pipes.js';
import { waitUntil } from '../helpers/wait.js';

/** A pane's pty as far as a pipe sees it: output to hand out, and how many listen. */
class FakeSource implements PipeSource {
  readonly listeners = new Set<(data: Buffer) => void>();
  onData(listener: (data: Buffer) => void) {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }
  print(text: string) {
    for (const l of this.listeners) l(Buffer.from(text));
  }
}

function folder(t: { teardown(fn: () => void): void }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thurm-pipes-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');

test('pipe-pane: the command gets the pane\'s output as printed, escapes and all, from its folder, until the pipe closes', async (t) => {
  const dir = folder(t);
  const pipes = new PanePipes(() => undefined);
  const source = new FakeSource();
  source.print('before the pipe\n');
  pipes.open('1', { command: 'cat >> log; echo closed > done', cwd: dir, output: true, input: false }, source, () => t.fail('nothing is typed without input'));
  t.is(pipes.describe('1')?.command ?? null, 'cat >> log; echo closed > done');
  source.print('\x1b[31mred\x1b[0m\n');
  source.print('é\n');
  await waitUntil(() => read(path.join(dir, 'log')).includes('é'), 'the output in the log');
  t.true(pipes.close('1'));
  t.is(pipes.describe('1')?.command ?? null, null);
  t.is(source.listeners.size, 0, 'the pane is no longer read for it');
  // Closing ends the command's input: it finishes by itself, as with tmux.
  await waitUntil(() => read(path.join(dir, 'done')) === 'closed\n', 'the command to see the end of its input');
  t.is(read(path.join(dir, 'log')), '\x1b[31mred\x1b[0m\né\n');
  t.false(pipes.close('1'), 'no pipe left to close');
});

test('pipe-pane: with input the command\'s output is typed into the pane, and a pipe whose command ended is gone', async (t) => {
  const pipes = new PanePipes(() => undefined);
  let typed = '';
  pipes.open('1', { command: 'printf "typed by the pipe"', cwd: '/', output: false, input: true }, new FakeSource(), (text) => { typed += text; });
  await waitUntil(() => pipes.describe('1') === null, 'the pipe to end with its command');
  t.is(typed, 'typed by the pipe');
});

test('pipe-pane: a new pipe replaces the old, and a respawned pane\'s pipe reads its new pty', async (t) => {
  const dir = folder(t);
  const pipes = new PanePipes(() => undefined);
  const first = new FakeSource();
  pipes.open('1', { command: 'cat >> one', cwd: dir, output: true, input: false }, first, () => undefined);
  pipes.open('1', { command: 'cat >> two', cwd: dir, output: true, input: false }, first, () => undefined);
  t.is(first.listeners.size, 1);
  const respawned = new FakeSource();
  pipes.attach('1', respawned);
  t.is(first.listeners.size, 0);
  first.print('old pty\n');
  respawned.print('new pty\n');
  await waitUntil(() => read(path.join(dir, 'two')) === 'new pty\n', 'the new pty\'s output');
  pipes.closeAll();
  t.is(read(path.join(dir, 'one')), '');
  t.is(pipes.describe('1')?.command ?? null, null);
});

test('pipe-pane: output for a command that does not read is held up to a bound, and what is past it is counted as dropped', async (t) => {
  const pipes = new PanePipes(() => undefined);
  const source = new FakeSource();
  pipes.open('1', { command: 'exec sleep 600', cwd: '/', output: true, input: false }, source, () => undefined);
  const { pid } = pipes.describe('1')!;
  t.teardown(() => {
    pipes.closeAll();
    process.kill(pid!, 'SIGKILL');
  });
  const chunk = 'x'.repeat(1 << 20);
  for (let i = 0; i < 12; i++) source.print(chunk);
  const { dropped } = pipes.describe('1')!;
  t.true(dropped >= 12 * chunk.length - MAX_PIPE_QUEUE - 2 * chunk.length, `dropped ${dropped}`);
  t.true(dropped <= 12 * chunk.length - MAX_PIPE_QUEUE, `dropped ${dropped}`);
});

test('pipe-pane: set runs the command in the pane\'s folder, toggle closes an open pipe and opens none, and an exited pane is refused', async (t) => {
  const dir = folder(t);
  const source = new FakeSource();
  const pane = { pty: source, cwd: dir, exit: null as unknown, type: () => undefined };
  const pipes = new PanePipes((id) => (id === '1' ? pane : undefined));
  t.true(pipes.set('1', { command: 'cat >> here.log', output: true, input: false }, true), 'toggle opens when there is none');
  source.print('in its folder\n');
  await waitUntil(() => read(path.join(dir, 'here.log')) === 'in its folder\n', 'the log in the pane\'s folder');
  t.false(pipes.set('1', { command: 'cat >> other.log', output: true, input: false }, true), 'toggle closes the open one');
  t.false(fs.existsSync(path.join(dir, 'other.log')));
  t.false(pipes.set('1', null), 'no command: no pipe');
  t.throws(() => pipes.set('2', null), { message: 'no such pane: 2' });
  pane.exit = { exitCode: 0, signal: null };
  t.throws(() => pipes.set('1', { command: 'cat', output: true, input: false }), { message: 'pane 1 has exited' });
});
