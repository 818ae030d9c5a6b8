import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { dialogOptions } from '../../lib/agent/dialog-options.js';
import { ROOT } from '../helpers/thurm-env.js';

const fixture = (name: string) => fs.readFileSync(path.join(ROOT, 'spec', 'fixtures', 'detect', name), 'utf8').split('\n');

test('the numbered options of the dialog at the bottom of the screen, boxed or not, with or without a cursor mark', (t) => {
  t.deepEqual(dialogOptions(fixture('claude-permission-bash.txt')), [1, 2, 3, 4]);
  t.deepEqual(dialogOptions(fixture('gemini-r-approval-shell-older.txt')), [1, 2, 3]);
  t.deepEqual(dialogOptions(['1) red', '2) green', '#? ']), [1, 2]);
});

test('a dialog without numbers, a yes/no prompt, or a numbered list above the dialog gives no options', (t) => {
  t.deepEqual(dialogOptions(fixture('claude-auto-mode-question.txt')), []);
  t.deepEqual(dialogOptions(['Overwrite the file? [y/N] ']), []);
  t.deepEqual(dialogOptions(['Plan:', '1. read the code', '2. fix it', '', 'Do you want to proceed? (y/n)']), [1, 2],
    'a list the question follows is what it offers: the bottom-most run');
});
