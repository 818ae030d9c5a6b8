// `thurm agent prompt`: types a prompt into an agent's pane and submits it, unless the agent is
// busy or waits for an answer: by its own report, or by what any other source says of the
// pane (hooks, OSC 7501 records, screen detection). Enter in a permission dialog would answer it.
// It types only into an agent: once the agent exits, the shell would run the text (backticks
// and all). A newline goes in one bracketed paste, or not at all: typed bare it is an Enter.
import { ThurmError } from '../../errors.js';
import { pasteBytes } from '../../term/keys.js';
import { field } from '../../fields.js';
import type { PaneView } from '../../session/pane.js';
import { defineCommand, paneField, resolvePane } from '../command.js';

/** The agent in the pane's foreground: a reporting or hook owner, a record's app, or detected. */
function agentIn(pane: PaneView): string | null {
  if (pane.agent.inForeground()) return pane.agent.current()!.agent;
  return pane.sources.hook.current()?.agent ?? pane.status.lastApp ?? pane.sources.detection(undefined, true).agent;
}

export const agentPrompt = defineCommand({
  name: 'agent-prompt',
  group: 'agent',
  jsonReply: true,
  describe: 'Type a prompt into an agent\'s pane and press Enter; refused (NO_AGENT) unless an agent runs in its foreground, '
    + 'and text with a newline unless the agent enabled bracketed paste',
  fields: { pane: paneField, text: field.string({ min: 1, max: 32 * 1024 }).describe('the prompt, pasted, then Enter').cli({ as: 'words' }) },
  result: {},
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
    if (!agentIn(pane)) throw new ThurmError('NO_AGENT', `pane ${pane.id}: no agent in the foreground: not sending the prompt`);
    if (/[\r\n]/.test(a.text) && !pane.term.modes.bracketedPasteMode) {
      throw new ThurmError('INVALID_ARGUMENT', `text: has a newline and pane ${pane.id}'s program takes no bracketed paste: not sending the prompt`);
    }
    // Paste the text so newlines in it do not submit early, then submit with Enter.
    ctx.mux.typeInto(pane.id, `${pasteBytes(a.text, pane.term.modes)}\r`, true);
    return {};
  },
});
