// Rules for any program: a yes/no question or a password prompt on the last lines means it
// waits for you; a spinner at the start of a last line means it works.
import type { Rule } from './rule.js';

export const GENERIC_RULES: Rule[] = [
  { id: 'generic.password', agent: 'generic', state: 'blocked', kind: 'auth', patterns: [/(^|\s)(\[sudo\] )?[Pp]assword( for [^:]+)?:\s*$|Enter passphrase for .*:\s*$/m], lines: 1 },
  { id: 'generic.yes-no', agent: 'generic', state: 'blocked', kind: 'question',
    patterns: [/(\[y\/N\]|\[Y\/n\]|\[y\/n\]|\(y\/n\)|\(yes\/no\)|\[yes\/no\]|\(Y\/n\)|\(y\/N\))\??:?\s*$/im], lines: 1 },
  { id: 'generic.spinner', agent: 'generic', state: 'working', patterns: [/^\s*[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏⣾⣽⣻⢿⡿⣟⣯⣷◐◓◑◒]\s+\S/m], lines: 2 },
];
