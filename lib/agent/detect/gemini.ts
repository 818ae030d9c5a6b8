// Gemini CLI: it puts its state in the title (◇ Ready, ✦ Working…, ✋ Action Required) and
// shows "esc to cancel" while it works (above its input box, drawn one way with truecolor and
// another without), numbered approval dialogs, ask-user, auth and trust
// dialogs. Screen rules come before the title ones so a dialog gives its kind. The session
// browser changes nothing. The approval and working rules read only the last box and the rows
// above the input box, so an answer quoting their words does not count.
import { AGENT_IDENTITIES } from './agents.js';
import type { AgentDefinition } from './rule.js';

export const gemini: AgentDefinition = {
  ...AGENT_IDENTITIES.gemini,
  signature: { title: /^(?:◇|✦|✋) |^Gemini - /, screen: /Type your message or @path\/to\/file|^ ?workspace \(\/directory\)|\bgemini-\d/m },
  // Its option lists take the digit alone (with under ten options it picks at once); Esc cancels.
  answer: { choice: (n) => String(n), deny: '\x1b' },
  rules: [
    { id: 'gemini.picker', agent: 'gemini', state: 'ignore', patterns: [/^\s*Chat Sessions \(\d+ total\)/m, /Navigate: ↑\/↓/], all: true },
    // The question alone is not enough: answers often end with "Do you want to proceed?". The
    // options sit in the dialog's box.
    { id: 'gemini.approval', agent: 'gemini', state: 'blocked', kind: 'permission',
      patterns: [/Allow execution of|Apply this change\?|Do you want to proceed\?|allow access to the following\?/,
        /^[ \t]*│[ \t]*(●[ \t]*)?(\d\.[ \t]+)?(Allow once|Yes, allow once)\b/m], all: true, region: { dialog: /^ ?╭─/m } },
    { id: 'gemini.question', agent: 'gemini', state: 'blocked', kind: 'question', patterns: [/Enter to (select|submit) · [^\n]*Esc to cancel/], lines: 12 },
    { id: 'gemini.auth', agent: 'gemini', state: 'blocked', kind: 'auth',
      patterns: [/How would you like to authenticate|Login with Google|Waiting for auth|Enter Gemini API Key|Enter the authorization code:/], lines: 20 },
    { id: 'gemini.trust', agent: 'gemini', state: 'blocked', kind: 'permission', patterns: [/Do you trust (this folder|the files in this folder)\?|Trust folder \(/], lines: 20 },
    { id: 'gemini.title-action', agent: 'gemini', state: 'blocked', where: 'title', patterns: [/✋|Action Required/] },
    { id: 'gemini.title-working', agent: 'gemini', state: 'working', where: 'title', patterns: [/✦|Working…/] },
    // Its spinner row just above the input box: a half-block box (a truecolor terminal), a rule
    // and a hint row (without COLORTERM, as over ssh), or a rounded box (older versions).
    { id: 'gemini.working', agent: 'gemini', state: 'working',
      patterns: [/^[ \t]*[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏][ \t]+[^\n]*\(esc to cancel\b/m], region: { above: /^(?:▄{20,}|╭─[^\n]*|─{20,}(?:\n[^\n>]*)?)\n[ \t│]*>/m, rows: 4 } },
    { id: 'gemini.title-ready', agent: 'gemini', state: 'idle', where: 'title', patterns: [/◇|Ready\b/] },
    { id: 'gemini.prompt', agent: 'gemini', state: 'idle', patterns: [/Type your message or @path\/to\/file/], lines: 10 },
  ],
};
