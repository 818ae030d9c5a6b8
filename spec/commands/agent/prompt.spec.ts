// `agent prompt` on a real Mux: it types only into an agent in the pane's foreground, and a
// newline only inside a bracketed paste, never as an Enter in the middle of the text.
import test from 'ava';
import { commandPane, recorded } from '../../helpers/command-pane.js';

const typed = (p: ReturnType<typeof commandPane>) => p.pty.writes.map((w) => w.data).join('');

/** Claude Code at its prompt, with bracketed paste on, as it runs. */
async function claudeAtPrompt(t: { teardown(fn: () => void): void }) {
  const p = commandPane(t, ['claude']);
  await p.draw(`\x1b[?2004h${recorded('claude-idle-prompt.txt')}`);
  return p;
}

test('once the agent has exited, agent prompt refuses with NO_AGENT and types nothing into the shell', async (t) => {
  const p = await claudeAtPrompt(t);
  t.like(await p.call({ type: 'agent-prompt', text: 'hello' }), { ok: true }, 'Claude Code is in the foreground');
  p.procs.back();
  p.pane.checkForeground();
  const r = await p.call({ type: 'agent-prompt', text: 'explain `touch /tmp/owned`' });
  t.like(r, { ok: false, error: { code: 'NO_AGENT' } });
  t.false(typed(p).includes('touch'));
});

test('agent prompt types into a program whose OSC 7501 records name an app, not into a bare program', async (t) => {
  const p = commandPane(t, ['my-agent']);
  t.like(await p.call({ type: 'agent-prompt', text: 'hello' }), { ok: false, error: { code: 'NO_AGENT' } });
  await p.draw('\x1b]7501;state=idle:app=my-agent\x1b\\');
  t.true((await p.call({ type: 'agent-prompt', text: 'hello' })).ok);
  t.true(typed(p).endsWith('hello\r'));
});

test('a prompt with a newline goes in one bracketed paste and one Enter when the agent enabled bracketed paste', async (t) => {
  const p = await claudeAtPrompt(t);
  t.like(await p.call({ type: 'agent-prompt', text: 'first line\nsecond `line`' }), { ok: true });
  t.is(typed(p), '\x1b[200~first line\nsecond `line`\x1b[201~\r');
});

for (const [what, text] of [['a newline', 'first\nsecond'], ['a carriage return', 'first\rsecond']]) {
  test(`a prompt with ${what} is refused with INVALID_ARGUMENT when the agent takes no bracketed paste, and nothing is typed`, async (t) => {
    const p = commandPane(t, ['claude']);
    t.like(await p.call({ type: 'agent-prompt', text }), { ok: false, error: { code: 'INVALID_ARGUMENT' } });
    t.is(typed(p), '');
  });
}

test('in a synchronized window a prompt goes to its agent alone, never into the neighbours\' shells', async (t) => {
  const p = await claudeAtPrompt(t);
  p.mux.split('1', 'right', { argv: ['bash'], cwd: '/' });
  p.mux.windowChanges.synchronize(true);
  t.like(await p.call({ type: 'agent-prompt', text: 'explain `touch /tmp/owned`' }), { ok: true });
  t.true(typed(p).includes('touch'), 'the agent got it');
  t.false(p.ptys[1].writes.map((w) => w.data).join('').includes('touch'), 'the neighbour did not');
});
