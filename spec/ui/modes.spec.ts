import test from 'ava';
import xtermHeadless from '@xterm/headless';
import type { Reply } from '../../lib/server/protocol.js';
import { DEFAULT_CONFIG } from '../../lib/session/config.js';
import { ClientScreen } from '../../lib/ui/client-screen.js';
import type { InputToken } from '../../lib/ui/input.js';
import { BINDINGS } from '../../lib/ui/key-bindings.js';
import { ModeStack, type Mode, type Taken } from '../../lib/ui/modes.js';
import { DEFAULT_FACTS, outerTerminal } from '../../lib/ui/outer-terminal.js';
import { UI_ACTIONS } from '../../lib/ui/ui-actions.js';
import { fakeMux } from '../helpers/fake-mux.js';
import { waitUntil } from '../helpers/wait.js';

const { Terminal } = xtermHeadless;
const key = (seq: string): InputToken => ({ kind: 'key', seq });
const PREFIX = DEFAULT_CONFIG.keys.prefixBytes;

/** A mode that logs what it is offered and takes what `take` says. */
function logging(name: string, log: string[], take: (t: InputToken, end: () => void) => Taken, more: Partial<Mode> = {}): Mode {
  return {
    handle: (t, end) => {
      log.push(`${name} ${t.kind === 'key' ? t.seq : t.kind}`);
      return take(t, end);
    },
    close: () => log.push(`${name} closed`),
    ...more,
  };
}

test('the top mode is offered a key first, and a key it does not take goes on to the mode below', (t) => {
  const log: string[] = [];
  const modes = new ModeStack(() => {});
  modes.base(logging('base', log, () => true));
  modes.push(logging('top', log, (k) => k.kind === 'key' && k.seq === 'a'));
  modes.handle(key('a'));
  modes.handle(key('b'));
  t.deepEqual(log, ['top a', 'top b', 'base b']);
});

test('bytes a mode gives for a key are the pane\'s and stop the key there; a key no mode takes is dropped', (t) => {
  const log: string[] = [];
  const modes = new ModeStack(() => {});
  modes.base(logging('base', log, () => false));
  t.is(modes.handle(key('x')), null);
  modes.push(logging('top', log, () => 'bytes'));
  t.is(modes.handle(key('y')), 'bytes');
  t.deepEqual(log, ['base x', 'top y']);
});

test('a mode that ends itself is freed and off the stack, and says whether the panes are drawn again', (t) => {
  const log: string[] = [];
  const changes: string[] = [];
  const modes = new ModeStack((m, removed) => changes.push(`${removed ? 'removed' : 'pushed'} covers=${!!m.covers}`));
  modes.base(logging('base', log, () => true));
  modes.push(logging('overlay', log, (_k, end) => {
    end();
    return true;
  }, { covers: true }));
  modes.handle(key('q'));
  modes.handle(key('r'));
  t.deepEqual(log, ['overlay q', 'overlay closed', 'base r']);
  t.deepEqual(changes, ['pushed covers=true', 'removed covers=true']);
});

test('the status line and the cursor are what the topmost mode that has an opinion says', (t) => {
  const modes = new ModeStack(() => {});
  modes.base({ handle: () => true });
  t.is(modes.status(), undefined, 'no mode: the status line is left alone');
  t.is(modes.cursor(), undefined, 'no mode: the pane\'s cursor');
  modes.push({ handle: () => false, status: () => 'question?', cursor: () => 'hidden' });
  modes.push({ handle: () => false, status: () => null });
  t.deepEqual(modes.status(), { text: null }, 'the top mode wants the row with the usual line');
  t.is(modes.cursor(), 'hidden', 'the top mode has no cursor of its own: the next one\'s');
});

test('disposing the stack frees every mode without drawing anything again', (t) => {
  const log: string[] = [];
  let changes = 0;
  const modes = new ModeStack(() => changes++);
  modes.base(logging('base', log, () => true));
  modes.push(logging('one', log, () => true));
  modes.push(logging('two', log, () => true));
  modes.dispose();
  t.deepEqual(log, ['base closed', 'one closed', 'two closed']);
  t.is(changes, 2, 'only the two pushes');
  t.is(modes.handle(key('a')), null);
  t.deepEqual(log, ['base closed', 'one closed', 'two closed'], 'no mode is offered keys any more');
});

test('every UI action a binding names has a handler, and every handler has a binding', (t) => {
  const bound = new Set(BINDINGS.flatMap((b) => ('ui' in b.action ? [b.action.ui] : [])));
  t.deepEqual([...bound].sort(), Object.keys(UI_ACTIONS).sort());
});

/** A client screen on a fake mux: its requests, what its pane is typed, and its screen as drawn. */
async function client(t: { teardown(fn: () => void): void }, readOnly = false) {
  const { mux, ptys } = fakeMux(t);
  mux.start({ argv: ['sh'], cwd: '/' });
  const requests: Record<string, unknown>[] = [];
  const run = async (_c: ClientScreen, request: Record<string, unknown>): Promise<Reply> => {
    requests.push(request);
    return { id: 0, ok: true, result: null };
  };
  const term = new Terminal({ cols: 80, rows: 24, allowProposedApi: true });
  const screen = new ClientScreen('1', mux, { write: (data, done) => term.write(data, done), close: () => {}, suspend: () => {} },
    { cols: 80, rows: 24 }, outerTerminal(DEFAULT_FACTS, 'auto'), run, readOnly);
  t.teardown(() => screen.dispose());
  const typed = () => ptys[0].writes.map((w) => w.data).join('');
  const line = (y: number) => term.buffer.active.getLine(y)?.translateToString(true) ?? '';
  const text = () => Array.from({ length: 24 }, (_, y) => line(y)).join('\n');
  /** Waits for the screen to show what `seen` looks for. */
  const shows = (seen: (text: string) => boolean, what: string) => waitUntil(() => seen(text()), () => `${what}; screen:\n${text()}`);
  const keys = (data: string) => screen.onInput(Buffer.from(data));
  /** Types `data` and waits until the pane got something: all it was ever typed. */
  const paneGets = async (data: string) => {
    keys(data);
    return waitUntil(typed, 'typing');
  };
  await shows((s) => s.includes('[spec]'), 'the first frame');
  return { mux, screen, requests, typed, keys, paneGets, status: () => line(23), shows };
}

test('prefix x asks in the status line, and y sends kill-pane for the focused pane as the CLI would', async (t) => {
  const c = await client(t);
  const pane = c.mux.focused;
  c.keys(`${PREFIX}x`);
  await c.shows(() => c.status().includes(`kill pane ${pane}? (y/n)`), 'the question');
  c.keys('y');
  await waitUntil(() => c.requests.length, 'the request');
  t.deepEqual(c.requests, [{ id: 0, type: 'kill-pane', pane }]);
  await c.shows(() => !c.status().includes('(y/n)'), 'the question gone');
  t.is(c.typed(), '', 'no key of it reached the pane');
});

test('a question is answered no by any other key, which does not reach the pane; the key after it does', async (t) => {
  const c = await client(t);
  c.keys(`${PREFIX}x`);
  c.keys('n');
  t.is(await c.paneGets('a'), 'a');
  t.deepEqual(c.requests, []);
});

test('prefix shows PREFIX until the next key; a paste meanwhile reaches the pane, and prefix again types the prefix', async (t) => {
  const c = await client(t);
  c.keys(PREFIX);
  await c.shows(() => c.status().includes('PREFIX'), 'the prefix mark');
  c.keys('\x1b[200~pasted\x1b[201~');
  c.keys(PREFIX);
  await waitUntil(() => c.typed() === `pasted${PREFIX}`, () => `the paste, then the prefix, typed: ${JSON.stringify(c.typed())}`);
  await c.shows(() => !c.status().includes('PREFIX'), 'the mark gone');
  t.deepEqual(c.requests, []);
});

test('prefix , edits the window\'s name in the status line: Enter sends rename-window, Escape sends nothing', async (t) => {
  const c = await client(t);
  const name = c.mux.windowName(c.mux.windowList()[0].window);
  c.keys(`${PREFIX},`);
  await c.shows(() => c.status().includes(`rename window: ${name}`), 'the prompt, filled in');
  c.keys('\x7f\x7fok');
  await c.shows(() => c.status().includes(`rename window: ${name.slice(0, -2)}ok`), 'the edited name');
  c.keys('\r');
  await waitUntil(() => c.requests.length, 'the request');
  t.deepEqual(c.requests, [{ id: 0, type: 'rename-window', name: `${name.slice(0, -2)}ok` }]);
  c.keys(`${PREFIX},x\x1b`);
  // A lone ESC is the Escape key once nothing follows it for a moment.
  await c.shows(() => !c.status().includes('rename window'), 'the prompt given up');
  t.is(await c.paneGets('z'), 'z', 'the prompt took x and Escape; the key after it is the pane\'s');
  t.is(c.requests.length, 1);
});

test('the window chooser takes keys and picks with Enter, while a paste still reaches the pane', async (t) => {
  const c = await client(t);
  c.keys(`${PREFIX}w`);
  await c.shows((s) => s.includes('(current)'), 'the chooser');
  c.keys('j');
  c.keys('\x1b[200~pasted\x1b[201~');
  await waitUntil(() => c.typed() === 'pasted', 'the paste');
  c.keys('k\r');
  await waitUntil(() => c.requests.length, 'the pick');
  t.deepEqual(c.requests, [{ id: 0, type: 'select-window', index: 0 }]);
  await c.shows((s) => !s.includes('(current)'), 'the chooser closed');
  c.keys('a');
  t.is(await waitUntil(() => c.typed() === 'pasteda' && c.typed(), () => `the key after it, typed: ${JSON.stringify(c.typed())}`), 'pasteda');
});

test('a failed : command\'s error leaves the status line when the next command runs, not seconds later', async (t) => {
  const c = await client(t);
  c.keys(`${PREFIX}:frobnicate\r`);
  await c.shows(() => c.status().includes('not a command thurm knows'), 'the error');
  c.keys(`${PREFIX}:select-window --index 0\r`);
  await waitUntil(() => c.requests.length, 'the request');
  t.deepEqual(c.requests, [{ id: 0, type: 'select-window', index: 0 }]);
  // The error's own time is 3 s: gone well before it means the command took it down.
  await waitUntil(() => !c.status().includes('not a command'), () => `the error gone; status: ${c.status()}`, 1500);
  t.false(c.status().includes('not a command'));
});

test('the help scrolls with j and closes on another key, which does not reach the pane', async (t) => {
  const c = await client(t);
  c.keys(`${PREFIX}?`);
  await c.shows((s) => s.includes('thurm keys') && s.includes('prefix is C-b'), 'the help');
  c.keys('j');
  await c.shows((s) => s.includes('thurm keys') && !s.includes('prefix is C-b'), 'its first line scrolled away');
  c.keys('x');
  await c.shows((s) => !s.includes('thurm keys'), 'the help closed');
  t.is(await c.paneGets('a'), 'a');
});

test('copy mode takes the focused pane\'s keys and drops a paste; q gives the keys back to the pane', async (t) => {
  const c = await client(t);
  c.keys(`${PREFIX}[`);
  await c.shows((s) => s.includes('[0/0]'), 'the copy-mode position');
  c.keys('k');
  c.keys('\x1b[200~pasted\x1b[201~');
  c.keys('q');
  await c.shows((s) => !s.includes('[0/0]'), 'copy mode left');
  t.is(await c.paneGets('a'), 'a');
});

test('an observer types nothing and opens no overlay but the help; prefix d detaches it, as a request', async (t) => {
  const c = await client(t, true);
  c.keys('abc\x1b[200~pasted\x1b[201~');
  c.keys(`${PREFIX}x`);
  c.keys(`${PREFIX}?`);
  await c.shows((s) => s.includes('thurm keys'), 'the help');
  c.keys('j');
  await c.shows((s) => !s.includes('thurm keys'), 'the help closed by any key, even one that scrolls');
  c.keys(`${PREFIX}d`);
  await waitUntil(() => c.requests.length, 'the request');
  t.deepEqual(c.requests, [{ id: 0, type: 'detach' }]);
  t.is(c.typed(), '');
});
