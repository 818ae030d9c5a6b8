// Codex CLI (Rust TUI): "Working (…esc to interrupt)" while it waits on the model and a braille
// spinner in the title while it streams (the composer stays on screen, so working beats idle);
// "Action Required" in the title and approval or question dialogs when it waits for you;
// sign-in and trust screens; transcript browsing and the resume picker change nothing.
import { AGENT_IDENTITIES } from './agents.js';
import type { AgentDefinition } from './rule.js';

export const codex: AgentDefinition = {
  ...AGENT_IDENTITIES.codex,
  signature: { title: /^(?:\[ [!.] \] Action Required|[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]) .* \| /, screen: /OpenAI Codex|Ask Codex to do anything|← for agents/ },
  // Its approval dialogs take y (yes) and n (no, and tell Codex what to do instead).
  answer: { choice: (n) => (n === 1 ? 'y' : String(n)), deny: 'n' },
  rules: [
    { id: 'codex.transcript', agent: 'codex', state: 'ignore', patterns: [/T R A N S C R I P T|^\s*Browsing transcript · /m] },
    { id: 'codex.picker', agent: 'codex', state: 'ignore', patterns: [/^\s*Resume a previous session\b/m, /Type to search/], all: true },
    // The cursor may sit on any option, so the "Yes" row need not carry it.
    { id: 'codex.approval', agent: 'codex', state: 'blocked', kind: 'permission',
      patterns: [/Would you like to (run the following command|make the following edits|grant these permissions)\?|Allow command\?|Apply patch\?/,
        /^[ \t]*([›❯>][ \t]*)?(\d\.[ \t]+)?Yes\b/m], all: true, lines: 20 },
    { id: 'codex.question', agent: 'codex', state: 'blocked', kind: 'question',
      patterns: [/^\s*Question \d+\/\d+ \(\d+ unanswered\)|\benter to submit answer\b/m], lines: 12 },
    { id: 'codex.trust', agent: 'codex', state: 'blocked', kind: 'permission',
      patterns: [/Trust this folder\?|Do you trust the contents of this directory\?|Allow Codex to work in this folder|You are running Codex in/] },
    { id: 'codex.login', agent: 'codex', state: 'blocked', kind: 'auth',
      patterns: [/Sign in with ChatGPT|Paste or type your API key|Provide your own API key|Finish signing in via your browser|Welcome to Codex, OpenAI's command-line coding agent/] },
    { id: 'codex.title-action', agent: 'codex', state: 'blocked', where: 'title', patterns: [/\bAction Required\b/] },
    // Its status row just above the composer ("› …"; "› 1." is a dialog's option), not a
    // transcript line that quotes it.
    { id: 'codex.working', agent: 'codex', state: 'working',
      patterns: [/^[ \t]*[•◦·]?[ \t]*Working \([^)\n]*\besc to interrupt\b/m], region: { above: /^› (?!\d+\.)/m, rows: 3 } },
    { id: 'codex.title-working', agent: 'codex', state: 'working', where: 'title', patterns: [/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] /] },
    { id: 'codex.composer', agent: 'codex', state: 'idle',
      patterns: [/Ask Codex to do anything|⏎ send|↵ send|\? for shortcuts|Implement \{feature\}|Find and fix a bug in @filename/], lines: 10 },
  ],
};
