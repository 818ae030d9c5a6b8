// `thurm agent release`: the agent ends its reporting; the pane returns to automatic detection.
import { INSTANCE_ID } from '../../agent/ownership.js';
import { field } from '../../fields.js';
import { defineCommand, paneField, resolvePane } from '../command.js';

export const agentRelease = defineCommand({
  name: 'agent-release',
  group: 'agent',
  jsonReply: true,
  describe: 'End an agent instance\'s reporting for its pane',
  fields: {
    pane: paneField,
    owner_pid: field.int({ min: 1 }).describe('PID of the agent process').cli(),
    instance: field.string({ max: 128, pattern: INSTANCE_ID, expected: '1-128 printable ASCII characters' }).cli(),
    sequence: field.int().describe('after the instance\'s last report').cli(),
  },
  result: {},
  run: (ctx, a) => {
    ctx.mux.agentRelease(resolvePane(ctx, a.pane), { ownerPid: a.owner_pid, instance: a.instance, sequence: a.sequence });
    return {};
  },
});
