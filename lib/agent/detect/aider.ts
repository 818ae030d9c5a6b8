// aider: line-oriented. It asks (Y)es/(N)o questions at the prompt line, waits on the model
// with a spinner, and shows `> ` (or `architect> `, `ask> `...) when it waits for you. A
// question counts only while unanswered (it ends the line); "Tokens: … sent" is printed
// after an answer, so it says nothing about working.
import { AGENT_IDENTITIES } from './agents.js';
import type { AgentDefinition } from './rule.js';

export const aider: AgentDefinition = {
  ...AGENT_IDENTITIES.aider,
  signature: { screen: /^Aider v\d|^Repo-map: using|^Git repo: .* with \d+ files/m },
  rules: [
    { id: 'aider.auth', agent: 'aider', state: 'blocked', kind: 'auth',
      patterns: [/Login to OpenRouter or create a free account\?|No LLM model was specified and no API keys were provided/], lines: 6 },
    { id: 'aider.run-command', agent: 'aider', state: 'blocked', kind: 'permission',
      patterns: [/(Run shell commands?|Create new file|Allow edits to file|Edit the files)\b.*\(Y\)es\/\(N\)o.*\[(Yes|No)\]:\s*$/m], lines: 2 },
    { id: 'aider.question', agent: 'aider', state: 'blocked', kind: 'question', patterns: [/\(Y\)es\/\(N\)o.*\[(Yes|No)\]:\s*$/m], lines: 2 },
    { id: 'aider.working', agent: 'aider', state: 'working', patterns: [/Waiting for \S+|^\s*[░█▒▓]+\s+(Waiting|Updating)/m], lines: 3 },
    { id: 'aider.prompt', agent: 'aider', state: 'idle', patterns: [/^(?:[\w-]+(?: multi)?)?>\s*$/m], lines: 1 },
  ],
};
