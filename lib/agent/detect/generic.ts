// Rules for any program: a yes/no question or a password prompt on the last line means it
// waits for you; a spinner at the start of one of the last lines means it works.
import type { Rule } from './rule.js';

export const GENERIC_RULES: Rule[] = [
  // sudo, su, ssh keys and git over https (`Password for 'https://me@host':`, `Username for '…':`).
  { id: 'generic.password', agent: 'generic', state: 'blocked', kind: 'auth',
    patterns: [/(^|\s)(\[sudo\] )?[Pp]assword( for (?:'[^']*'|[^:]+))?:\s*$|Enter passphrase for .*:\s*$|^Username for '[^']*':\s*$/m], lines: 1 },
  { id: 'generic.yes-no', agent: 'generic', state: 'blocked', kind: 'question',
    patterns: [/(\[y\/N\]|\[Y\/n\]|\[y\/n\]|\(y\/n\)|\(yes\/no\)|\[yes\/no\]|\(Y\/n\)|\(y\/N\)|\(yes\/no\/\[fingerprint\]\))\??:?\s*$/im], lines: 1 },
  // At most two spaces before the spinner: a right-aligned status glyph (Claude's "◐ medium") is not one.
  { id: 'generic.spinner', agent: 'generic', state: 'working', patterns: [/^[ \t]{0,2}[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏⣾⣽⣻⢿⡿⣟⣯⣷◐◓◑◒][ \t]+\S/m], lines: 2 },
];
