// `thurm agent prompt`: types a prompt into an agent's pane and submits it, unless the agent
// reported that it is busy (working) or waiting for an answer (needs-input).
import { ThurmError } from '../../errors.js';
import { pasteBytes } from '../../term/keys.js';
import { field } from '../../fields.js';
import { defineCommand, paneField, paneFromCli, paneOption, resolvePane } from '../command.js';

export const agentPrompt = defineCommand({
  name: 'agent-prompt',
  group: 'agent',
  jsonReply: true,
  usage: 'prompt <text..>',
  describe: 'Type a prompt into an agent\'s pane and press Enter',
  options: { ...paneOption },
  request: (argv) => ({ pane: paneFromCli(argv), text: (argv.text as unknown[]).map(String).join(' ') }),
  fields: { pane: paneField, text: field.string({ min: 1, max: 32 * 1024 }).describe('the prompt, pasted, then Enter') },
  run: (ctx, a) => {
    const pane = ctx.mux.pane(resolvePane(ctx, a.pane));
    const agent = pane.agent.inForeground() ? pane.agent.current() : null;
    if (agent && (agent.status === 'working' || agent.status === 'needs-input')) {
      throw new ThurmError('AGENT_BUSY', `agent is ${agent.status}: not sending the prompt`);
    }
    // Paste the text so newlines in it do not submit early, then submit with Enter.
    ctx.mux.typeInto(pane.id, `${pasteBytes(a.text, pane.term.modes)}\r`);
    return {};
  },
});
