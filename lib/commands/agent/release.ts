// `thurm agent release`: the agent ends its reporting; the pane returns to automatic detection.
import { INSTANCE_ID } from '../../agent/ownership.js';
import { field } from '../../fields.js';
import { defineCommand, paneField, paneFromCli, paneOption, resolvePane } from '../command.js';

export const agentRelease = defineCommand({
  name: 'agent-release',
  aliases: ['AgentRelease'],
  group: 'agent',
  jsonReply: true,
  usage: 'release',
  describe: 'End an agent instance\'s reporting for its pane',
  options: {
    ...paneOption,
    'owner-pid': { type: 'number', demandOption: true, describe: 'PID of the agent process' },
    instance: { type: 'string', demandOption: true },
    sequence: { type: 'number', demandOption: true, describe: 'after the instance\'s last report' },
  },
  request: (argv) => ({ pane: paneFromCli(argv), owner_pid: argv['owner-pid'], instance: argv.instance, sequence: argv.sequence }),
  fields: {
    pane: paneField,
    owner_pid: field.int({ min: 1 }),
    instance: field.string({ max: 128, pattern: INSTANCE_ID, expected: '1-128 printable ASCII characters' }),
    sequence: field.int().describe('after the instance\'s last report'),
  },
  result: {},
  run: (ctx, a) => {
    ctx.mux.agentRelease(resolvePane(ctx, a.pane), { ownerPid: a.owner_pid, instance: a.instance, sequence: a.sequence });
    return {};
  },
});
