// Arguments a resume command may carry: each must reach the program exactly as it is.
export const HOSTILE_ARGS = [
  'plain', 'two words', "it's", '"double"', '$(touch /tmp/thurm-pwned)', '`id`', 'a;b', 'a&&b|c', '>out', '*', '~', '$HOME',
  '!!', 'back\\slash', "\\'", '', ' ', 'ünïcødé ☃', '--flag=va lue', '#comment', '{a,b}', '%1', '=ls', '\\',
];

/** The shells automatic resume supports, as far as this machine has them. */
export const SUPPORTED_SHELLS = ['sh', 'bash', 'dash', 'zsh', 'ksh', 'fish'];
