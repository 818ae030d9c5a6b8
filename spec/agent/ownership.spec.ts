import test from 'ava';
import { AgentOwnership, MAX_REPLACED, type ProcessFacts } from '../../lib/agent/ownership.js';
import type { ThurmError } from '../../lib/errors.js';

/** A fake process table: pid -> { pgid, startTime }, and the pane's foreground group. */
function world() {
  const procs = new Map<number, { pgid: number; startTime: number }>();
  let fg = 100;
  const facts: ProcessFacts = { stat: (pid) => procs.get(pid) ?? null, foregroundPgid: () => fg, program: () => null };
  return { procs, facts, setForeground: (pgid: number) => { fg = pgid; } };
}

const code = (fn: () => void) => {
  try {
    fn();
    return 'ok';
  } catch (err) {
    return (err as ThurmError).code;
  }
};

const base = { agent: 'a', status: 'working' as const };

test('a recycled pid with another start time cannot use the instance', (t) => {
  const w = world();
  w.procs.set(100, { pgid: 100, startTime: 1 });
  const o = new AgentOwnership(w.facts);
  o.report({ ...base, ownerPid: 100, instance: 'i', sequence: 1 });
  w.procs.set(100, { pgid: 100, startTime: 2 });
  t.is(code(() => o.report({ ...base, ownerPid: 100, instance: 'i', sequence: 2 })), 'OWNER_MISMATCH');
  t.is(o.current(), null);
});

test('at most 4096 replaced instances are accepted per pane', (t) => {
  const w = world();
  const o = new AgentOwnership(w.facts);
  for (let i = 0; i <= MAX_REPLACED; i++) {
    w.procs.clear();
    w.procs.set(1000 + i, { pgid: 100, startTime: i });
    o.report({ ...base, ownerPid: 1000 + i, instance: `i${i}`, sequence: 1 });
  }
  w.procs.clear();
  w.procs.set(9999, { pgid: 100, startTime: 9 });
  t.is(code(() => o.report({ ...base, ownerPid: 9999, instance: 'last', sequence: 1 })), 'TOO_MANY_INSTANCES');
  t.is(o.current(), null, 'the previous owner is gone and nothing replaced it');
});

test('a refused report changes nothing', (t) => {
  const w = world();
  w.procs.set(100, { pgid: 100, startTime: 1 });
  const o = new AgentOwnership(w.facts);
  o.report({ ...base, ownerPid: 100, instance: 'i', sequence: 2, message: 'kept' });
  t.is(code(() => o.report({ ...base, ownerPid: 100, instance: 'i', sequence: 2, status: 'done' })), 'STALE_SEQUENCE');
  t.like(o.current(), { status: 'working', message: 'kept', turn: 1 });
});

test('reports stop counting when the owner leaves the foreground, and resume when it returns', (t) => {
  const w = world();
  w.procs.set(100, { pgid: 100, startTime: 1 });
  const o = new AgentOwnership(w.facts);
  o.report({ ...base, ownerPid: 100, instance: 'i', sequence: 1 });
  w.setForeground(200);
  t.false(o.inForeground());
  t.is(code(() => o.report({ ...base, ownerPid: 100, instance: 'i', sequence: 2 })), 'NOT_FOREGROUND');
  w.setForeground(100);
  t.true(o.inForeground());
});

test('a report message loses bidi overrides and invisible characters before it is shown', (t) => {
  const w = world();
  w.procs.set(100, { pgid: 100, startTime: 1 });
  const o = new AgentOwnership(w.facts);
  o.report({ ...base, ownerPid: 100, instance: 'i', sequence: 1, message: 'approve\u202e evil\u200b' });
  t.is(o.current()?.message, 'approve evil');
});

test('reading ownership changes nothing: an owner that left its group retires only at a tick', (t) => {
  const w = world();
  w.procs.set(100, { pgid: 100, startTime: 1 });
  const o = new AgentOwnership(w.facts);
  o.report({ ...base, ownerPid: 100, instance: 'i', sequence: 1 });
  w.procs.set(100, { pgid: 200, startTime: 1 });
  t.is(o.current(), null, 'an owner in another group does not own the pane');
  t.false(o.inForeground());
  w.procs.set(100, { pgid: 100, startTime: 1 });
  t.is(o.current()?.instance, 'i', 'the reads above retired nothing');
  w.procs.set(100, { pgid: 200, startTime: 1 });
  o.tick();
  w.procs.set(100, { pgid: 100, startTime: 1 });
  t.is(o.current(), null);
  t.is(code(() => o.report({ ...base, ownerPid: 100, instance: 'i', sequence: 2 })), 'RETIRED_INSTANCE');
});

