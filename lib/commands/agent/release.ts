// `thurm agent release`: the agent ends its reporting; the pane returns to automatic detection.
import { defineCommand, optString, paneFromCli, paneOption, reqInt, reqString, resolvePane } from '../command.js';

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
  parse: (raw) => ({
    pane: optString(raw, 'pane'),
    input: { ownerPid: reqInt(raw, 'owner_pid'), instance: reqString(raw, 'instance', 128), sequence: reqInt(raw, 'sequence') },
  }),
  run: (ctx, a) => {
    ctx.mux.agentRelease(resolvePane(ctx, a.pane), a.input);
    return {};
  },
});
