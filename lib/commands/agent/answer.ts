// `thurm agent answer`: answers a blocked agent, but only while the pane still shows exactly
// what the caller saw (the digest `agent explain` printed): a prompt that changed or went away
// gets nothing typed into it. The keys come from the agent's detection module.
import { agentByName } from '../../agent/detect/index.js';
import type { Answer } from '../../agent/detect/rule.js';
import { dialogOptions } from '../../agent/dialog-options.js';
import { ThurmError } from '../../errors.js';
import { field } from '../../fields.js';
import { WITHOUT_CONTROL } from '../../sanitize.js';
import { defineCommand, paneField, resolvePane } from '../command.js';

/** Keys for programs whose module says nothing: the option's number and Enter; `n` to deny a `[y/N]` prompt. */
const DEFAULT_ANSWER: Answer = { choice: (n) => `${n}\r`, deny: 'n\r' };

export const agentAnswer = defineCommand({
  name: 'agent-answer',
  group: 'agent',
  describe: 'Answer a blocked agent (--choice N, --deny or --text T) if its screen is still the one --expect names',
  fields: {
    pane: paneField,
    choice: field.int({ min: 1, max: 9 }).describe('pick the option numbered N on screen (refused when there is none)').optional().cli(),
    deny: field.bool().describe('refuse').optional().cli({ describe: 'refuse (Escape for Claude Code, n elsewhere)' }),
    text: field.string({ max: 4096, pattern: WITHOUT_CONTROL, expected: 'text without control characters' }).describe('typed, then Enter').optional()
      .cli({ describe: 'type this answer and Enter' }),
    expect: field.string({ max: 64 }).describe('the screen digest `agent explain` gave')
      .cli({ placeholder: 'DIGEST', describe: 'the digest from `thurm agent explain --json` (or a blocked event)' }),
  },
  rules: { exactlyOne: [['choice', 'deny', 'text']] },
  result: {
    pane: field.string({ max: 32 }), digest: field.string({ max: 64 }),
    sent: field.string({ max: 16 }).describe('what was typed: text, deny or choice N'),
  },
  run: (ctx, a) => {
    const id = resolvePane(ctx, a.pane);
    const pane = ctx.mux.pane(id);
    const summary = pane.summary();
    const digest = pane.answerDigest();
    if (summary.state !== 'blocked') {
      throw new ThurmError('STALE_SCREEN', `answer: pane ${id} is ${summary.state}, not blocked: nothing was sent`);
    }
    if (digest !== a.expect) {
      throw new ThurmError('STALE_SCREEN', `answer: pane ${id} shows screen ${digest}, not ${a.expect}: nothing was sent`);
    }
    // --choice N means one thing: the option numbered N on screen. A yes/no prompt or a dialog
    // without numbers gets nothing typed (a stray digit would land in the prompt box after it).
    const options = a.choice === undefined ? [] : dialogOptions(pane.term.liveScreen());
    if (a.choice !== undefined && !options.includes(a.choice)) {
      throw new ThurmError('INVALID_ARGUMENT', `answer: pane ${id} shows no option ${a.choice} (${options.length ? `its options: ${options.join(', ')}` : 'no numbered options: answer with --text or --deny'}): nothing was sent`);
    }
    const answer = agentByName(summary.app)?.answer ?? DEFAULT_ANSWER;
    const keys = a.text !== undefined ? `${a.text}\r` : a.deny ? answer.deny : answer.choice(a.choice!);
    ctx.mux.typeInto(id, keys, true);
    console.error(`thurm: answered pane ${id} (${summary.app ?? 'program'}, screen ${digest}) with ${a.text !== undefined ? 'text' : a.deny ? 'deny' : `choice ${a.choice}`}`);
    return { pane: id, digest, sent: a.text !== undefined ? 'text' : a.deny ? 'deny' : `choice ${a.choice}` };
  },
  print: (r) => `answered pane ${r.pane} (${r.sent})`,
});
