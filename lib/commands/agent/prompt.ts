// `thurm agent prompt`: types a prompt into an agent's pane and submits it, unless the agent is
// busy or waits for an answer: by its own report, or by what any other source says of the
// pane (hooks, OSC 7501 records, screen detection). Enter in a permission dialog would answer it.
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
    const status = pane.summary();
    if (status.state === 'working' || status.state === 'blocked') {
      throw new ThurmError('AGENT_BUSY', `pane ${pane.id} is ${status.state} (source: ${status.source}): not sending the prompt`);
    }
    // Paste the text so newlines in it do not submit early, then submit with Enter.
    ctx.mux.typeInto(pane.id, `${pasteBytes(a.text, pane.term.modes)}\r`);
    return {};
  },
});
