// Claude Code (1.x and 2.x): the spinner row just above the prompt box ("✢ Composing… (8s · ↓
// 14 tokens)") while it works; numbered permission, plan and question dialogs; trust, set-up
// and login screens; the prompt box (also shown while it works, so working must beat idle).
// The transcript viewer and pickers change nothing; "Not logged in" in the footer is no dialog.
// Working and dialog rules read only those regions: the transcript and the status line under
// the prompt box may quote anything ("esc to interrupt", "Do you want to proceed?").
import { AGENT_IDENTITIES } from './agents.js';
import type { AgentDefinition } from './rule.js';

/** A numbered option under the selection cursor, in a bordered (1.x) or open (2.x) dialog. */
const CURSOR_ON_OPTION = /^[ \t│]*❯[ \t]*\d+\.[ \t]+\S/m;
/** "1. Yes" with the cursor on it or on an option below it (the user may have moved it). */
const YES_WITH_CURSOR = /^[ \t│]*(❯[ \t]*1\.[ \t]+Yes\b|1\.[ \t]+Yes\b[^❯]*\n[ \t│]*❯[ \t]*\d+\.)/m;
/** The prompt box's top: a rule (2.x) or a rounded box (1.x) over the "❯" or "│ >" input row. */
const PROMPT_BOX = /^(?:─{20,}|╭─[^\n]*)\n(?:❯|│ >)(?![ \t]*\d+\.)/m;
/** A dialog's top: a rule or a box at the left edge, not the rule over a dialog's last option. */
const DIALOG = { dialog: /^(?:─{20,}|╭─[^\n]*)$(?!\n[ \t│]*\d+\.)/m, prompt: PROMPT_BOX };
/** The spinner row and the todo list under it. */
const ABOVE_PROMPT = { above: PROMPT_BOX, rows: 12 };

export const claudeCode: AgentDefinition = {
  ...AGENT_IDENTITIES['claude-code'],
  signature: { title: /Claude Code/, screen: /Claude Code|^─{20,}\n❯|\b(?:manual mode|accept edits|bypass permissions|plan mode|auto mode) on\b/m },
  // Its dialogs pick an option by its number; Escape refuses.
  answer: { choice: (n) => String(n), deny: '\x1b' },
  rules: [
    { id: 'claude-code.transcript', agent: 'claude-code', state: 'ignore', patterns: [/Showing detailed transcript/, /ctrl\+o to toggle|Ctrl\+O to toggle/], lines: 4 },
    { id: 'claude-code.picker', agent: 'claude-code', state: 'ignore', patterns: [/^\s*Resume session\b/im, /Search sessions…|Search…/], all: true },
    { id: 'claude-code.permission', agent: 'claude-code', state: 'blocked', kind: 'permission',
      patterns: [/Do you want to (proceed|make this edit to|create|delete|allow|run)\b[^\n]*\?/, YES_WITH_CURSOR], all: true, region: DIALOG },
    { id: 'claude-code.trust', agent: 'claude-code', state: 'blocked', kind: 'permission',
      patterns: [/Do you trust the files in this folder\?|Is this a project you created or one you trust\?|Quick safety check/], region: DIALOG },
    { id: 'claude-code.setup', agent: 'claude-code', state: 'blocked', kind: 'question',
      patterns: [/Make auto mode your default permission mode\?/], region: DIALOG },
    { id: 'claude-code.plan', agent: 'claude-code', state: 'blocked', kind: 'question',
      patterns: [/Would you like to proceed\?/, CURSOR_ON_OPTION], all: true, region: DIALOG },
    // Before the generic question rule: the login choice is a numbered list too.
    { id: 'claude-code.login', agent: 'claude-code', state: 'blocked', kind: 'auth',
      patterns: [/Select login method|Paste code here if prompted/], region: DIALOG },
    { id: 'claude-code.question', agent: 'claude-code', state: 'blocked', kind: 'question',
      patterns: [CURSOR_ON_OPTION, /Enter to (select|confirm)\b.*(Esc|esc) to cancel/], all: true, region: DIALOG },
    // The spinner row at the left edge: a verb with "…", or a retry; "✻ Worked for 48s" is done.
    { id: 'claude-code.working', agent: 'claude-code', state: 'working',
      patterns: [/^[·✢✳✶✻✽*][ \t]+\S[^\n]*(…|\besc to interrupt\b|\bretrying in\b)/m], region: ABOVE_PROMPT },
    // The 2.x prompt box is a rule line, "❯ …", a rule line; 1.x drew "│ > " in a rounded box.
    { id: 'claude-code.prompt', agent: 'claude-code', state: 'idle',
      patterns: [/\? for shortcuts/, /^\s*│\s*>\s/m, /^\s*>\s*$/m, /^\s*❯\s*$/m, /^─{20,}\n❯/m], lines: 8 },
  ],
};
