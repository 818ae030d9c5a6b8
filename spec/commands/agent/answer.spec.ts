// The digest `agent answer --expect` checks, on a real Mux whose pane plays recorded screens:
// it follows the dialog an answer depends on, not the spinner or the blinking dot around it.
import test from 'ava';
import { commandPane, recorded as screen } from '../../helpers/command-pane.js';
import { waitUntil } from '../../helpers/wait.js';

function setUp(t: { teardown(fn: () => void): void }, program: string[]) {
  const p = commandPane(t, program);
  const digest = async () => {
    const r = await p.call({ type: 'agent-explain' });
    if (!r.ok) throw new Error(r.error.message);
    return (r.result as { digest: string }).digest;
  };
  return { ...p, digest };
}


/** Row `row` (1-based) redrawn as `text`. */
const row = (n: number, text: string) => `\x1b[${n};1H\x1b[2K${text}`;

// Recorded dialogs and what moves on screen around them while they wait: the frames a person
// sees as the same dialog.
const frames: { what: string; file: string; program: string[]; keys: string; moves: string[] }[] = [
  { what: 'a Claude Code dialog while the dot of the tool row above it blinks', file: 'claude-permission-bash.txt', program: ['claude'], keys: '1',
    moves: [row(17, '  I will run a command.'), row(17, '● I will run a command.') + row(13, '✻ Cooked for 41s · done 8:34 PM')] },
  { what: 'a Gemini CLI dialog while the spinner under it turns', file: 'gemini-r-approval-shell-older.txt', program: ['gemini'], keys: '1',
    moves: [row(16, '⠋ Waiting for user confirmation...'), row(16, '⠙ Waiting for user confirmation...')] },
];

for (const f of frames) {
  test(`${f.what} keeps its digest, and an answer with it is typed`, async (t) => {
    const p = setUp(t, f.program);
    await p.draw(screen(f.file));
    await waitUntil(() => p.pane.summary().state === 'blocked', 'the dialog, blocked');
    const shown = await p.digest();
    for (const move of f.moves) {
      await p.draw(move);
      t.is(await p.digest(), shown, JSON.stringify(move));
    }
    const r = await p.call({ type: 'agent-answer', choice: 1, expect: shown });
    t.like(r, { ok: true });
    await waitUntil(() => p.pty.writes.some((w) => w.data === f.keys), 'the choice typed');
  });
}

test('a Claude Code dialog whose question or choices changed gets a new digest, and the old one is refused with STALE_SCREEN', async (t) => {
  const p = setUp(t, ['claude']);
  await p.draw(screen('claude-permission-bash.txt'));
  await waitUntil(() => p.pane.summary().state === 'blocked', 'the permission dialog, blocked');
  const shown = await p.digest();
  await p.draw(row(32, ' rm -rf /tmp/fake && echo hi'));
  const command = await p.digest();
  t.not(command, shown, 'the command changed');
  await p.draw(row(36, '  2. Yes, and always allow access to / from this project'));
  t.not(await p.digest(), command, 'a choice changed');
  const r = await p.call({ type: 'agent-answer', choice: 1, expect: shown });
  t.like(r, { ok: false, error: { code: 'STALE_SCREEN' } });
  t.false(p.pty.writes.some((w) => w.data === '1'));
});

test('a pane a record made blocked keeps its digest while a spinner turns, and changes with the record\'s message', async (t) => {
  const p = setUp(t, ['sync-photos']);
  const record = (msg: string) => `\x1b]7501;state=blocked:app=sync:kind=question:msg=${Buffer.from(msg).toString('base64')}\x1b\\`;
  await p.draw(`${screen('generic-r-shell-output.txt')}\r\n⠋ Copying 3/10 (4s)\r\nReplace photos/a.jpg?${record('Replace photos/a.jpg?')}`);
  await waitUntil(() => p.pane.summary().state === 'blocked', 'the record, blocked');
  const shown = await p.digest();
  await p.draw('\x1b[2A\r\x1b[2K⠙ Copying 3/10 (5s)\x1b[2B\r');
  t.is(await p.digest(), shown, 'the spinner turned');
  await p.draw(record('Replace photos/b.jpg?'));
  t.not(await p.digest(), shown, 'the record asks another question');
});

test('--choice N picks the option numbered N on screen: a dialog without numbers gets nothing typed, not a stray digit', async (t) => {
  const p = setUp(t, ['claude']);
  await p.draw(screen('claude-auto-mode-question.txt'));
  await waitUntil(() => p.pane.summary().state === 'blocked', 'the auto mode offer, blocked');
  const shown = await p.digest();
  const r = await p.call({ type: 'agent-answer', choice: 2, expect: shown });
  t.like(r, { ok: false, error: { code: 'INVALID_ARGUMENT' } });
  t.regex(r.ok ? '' : r.error.message, /no numbered options/);
  t.deepEqual(p.pty.writes.map((w) => w.data), [], 'nothing typed');
  await p.draw(`\x1b[2J\x1b[H${screen('claude-permission-bash.txt')}`);
  await waitUntil(async () => (await p.digest()) !== shown, 'the numbered dialog');
  const past = await p.call({ type: 'agent-answer', choice: 5, expect: await p.digest() });
  t.regex(past.ok ? '' : past.error.message, /no option 5 \(its options: 1, 2, 3, 4\)/);
});
