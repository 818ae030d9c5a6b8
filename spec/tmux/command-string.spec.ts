import test from 'ava';
import { parseCommandLines, parseCommands } from '../../lib/tmux/command-string.js';

const env = { HOME: '/home/me', NAME: 'work', EMPTY: '' };

test('tmux command strings: blanks split words, quotes keep them whole, ; ends a command', (t) => {
  t.deepEqual(parseCommands('split-window -h ; select-pane -t %1', env), [['split-window', '-h'], ['select-pane', '-t', '%1']]);
  t.deepEqual(parseCommands("set-buffer 'two words; and a $NAME'", env), [['set-buffer', 'two words; and a $NAME']]);
  // A braced variable, written with an escape so that it reads as no template placeholder.
  t.deepEqual(parseCommands('display-message "a \\"quoted\\" $NAME $\u{7b}NAME}x"', env), [['display-message', 'a "quoted" work workx']]);
  t.deepEqual(parseCommands('new-window; kill-pane', env), [['new-window'], ['kill-pane']]);
  t.deepEqual(parseCommands('send-keys a\\; b;c', env), [['send-keys', 'a;', 'b;c']], 'an escaped ; and one inside a word are text');
  t.deepEqual(parseCommands("send-keys ''", env), [['send-keys', '']], 'an empty quoted word is a word');
});

test('tmux command strings: variables, ~, comments, lines and continued lines', (t) => {
  t.deepEqual(parseCommands('source-file ~/x $EMPTY $NONE $ a~b', env), [['source-file', '/home/me/x', '', '', '$', 'a~b']]);
  t.deepEqual(parseCommands('# a comment\nset -g mouse on # trailing\n\nset \\\n  -g status off\n', env), [['set', '-g', 'mouse', 'on'], ['set', '-g', 'status', 'off']]);
  t.deepEqual(parseCommands('display "#{pane_id}" a#b', env), [['display', '#{pane_id}', 'a#b']], 'a # inside a word is text');
});

test('tmux command strings: an unclosed quote is a syntax error', (t) => {
  t.throws(() => parseCommands("set-buffer 'open", env), { message: 'syntax error: a quote is not closed' });
  t.throws(() => parseCommands('set-buffer "open', env), { message: 'syntax error: a quote is not closed' });
});

test('tmux command strings: each command knows the line it starts on, past comments and continued lines', (t) => {
  const text = '# a comment\nset -g mouse on\n\nbind-key x \\\n  kill-pane ; set-buffer y\n';
  t.deepEqual(parseCommandLines(text, env), [
    { line: 2, words: ['set', '-g', 'mouse', 'on'] },
    { line: 4, words: ['bind-key', 'x', 'kill-pane'] },
    { line: 5, words: ['set-buffer', 'y'] },
  ]);
});
