import test from 'ava';
import { HookOwnership } from '../../lib/agent/hook.js';

/** Processes by pid (their start time and the command that started them), all in the foreground group 7. */
function hooks(programs: Record<number, { start: number; program: string[] | null }>) {
  return new HookOwnership({
    stat: (pid) => (programs[pid] ? { pgid: 7, startTime: programs[pid].start } : null),
    foregroundPgid: () => 7,
    program: (pid) => programs[pid]?.program ?? null,
  });
}

const event = (ownerPid: number, e: string, sessionId?: string) => ({ agent: 'claude-code', ownerPid, event: e, sessionId });

test('the hook state records how its agent was started, once, and keeps it for the owner\'s later events', (t) => {
  const procs = { 10: { start: 1, program: ['/opt/claude/bin/claude'] } };
  const h = hooks(procs);
  h.apply(event(10, 'SessionStart'));
  t.deepEqual(h.current()?.program, ['/opt/claude/bin/claude']);
  procs[10].program = ['/elsewhere/claude'];
  h.apply(event(10, 'Stop', 's-1'));
  t.deepEqual(h.current()?.program, ['/opt/claude/bin/claude']);
});

test('a program that does not run the agent, or holds control characters, is not recorded', (t) => {
  const notAgent = hooks({ 10: { start: 1, program: ['/usr/bin/vim'] } });
  notAgent.apply(event(10, 'Stop', 's-1'));
  t.is(notAgent.current()?.program, null);
  const hostile = hooks({ 10: { start: 1, program: ['/tmp/\r rm -rf ~ #/claude'] } });
  hostile.apply(event(10, 'Stop', 's-1'));
  t.is(hostile.current()?.program, null);
});

test('a session start names its own session: without an id it keeps none, and a new owner keeps none of the old one\'s', (t) => {
  const h = hooks({ 10: { start: 1, program: null }, 11: { start: 2, program: null } });
  h.apply(event(10, 'Stop', 's-old'));
  h.apply(event(10, 'PreToolUse'));
  t.is(h.current()?.sessionId, 's-old');
  h.apply(event(10, 'SessionStart'));
  t.is(h.current()?.sessionId, null);
  h.apply(event(10, 'Stop', 's-new'));
  h.apply(event(11, 'Stop'));
  t.is(h.current()?.sessionId, null);
});
