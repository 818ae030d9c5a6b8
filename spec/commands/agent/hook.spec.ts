import test from 'ava';
import { agentHook } from '../../../lib/commands/agent/hook.js';
import { hookPayload } from '../../../lib/cli/agent-hook.js';

const hook = (over: Record<string, unknown>) => ({ agent: 'claude-code', event: 'Stop', owner_pid: 42, ...over });

test('a hook event with a session id keeps it', (t) => {
  t.is(agentHook.parse(hook({ session_id: '9f0c1a2e-0000-4000-8000-000000000000' })).session_id, '9f0c1a2e-0000-4000-8000-000000000000');
});

// Found by spec/hardening/agent.spec.ts: a restore types the session id into a shell
// (`claude --resume ID`), so it is held to the rule of a report's session id.
for (const [what, id] of [['control characters', 'x\u0015rm -rf ~ #'], ['a space', 'a b'], ['nothing', '']]) {
  test(`a hook session id with ${what} is refused`, (t) => {
    const err = t.throws(() => agentHook.parse(hook({ session_id: id })));
    t.is((err as { code?: string }).code, 'INVALID_ARGUMENT');
  });
}

test('the hook JSON an agent pipes in gives its event and string fields, or nothing', (t) => {
  t.deepEqual(hookPayload('{"hook_event_name":"Stop","session_id":"s-1","message":5}'), { event: 'Stop', message: undefined, session_id: 's-1' });
  for (const text of ['', 'null', '[]', '"Stop"', '{"hook_event_name":""}', '{', '{"hook_event_name":3}']) t.is(hookPayload(text), null, text);
});
