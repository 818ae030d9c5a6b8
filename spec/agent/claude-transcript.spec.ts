import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { hasTranscript, projectSlug } from '../../lib/agent/claude-transcript.js';

const ID = '9d1f0c2e-0000-4000-8000-000000000000';

function claudeDir(t: { teardown(fn: () => void): void }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thurm-claude-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('a project folder is named as Claude Code names it: its path with every other character a dash', (t) => {
  t.is(projectSlug('/home/u/my.app_2'), '-home-u-my-app-2');
});

test('a session has a transcript only once its file is in the project folder of the hook\'s cwd', (t) => {
  const dir = claudeDir(t);
  const hook = { cwd: '/work/my app' };
  t.false(hasTranscript(ID, hook, dir));
  fs.mkdirSync(path.join(dir, 'projects', '-work-my-app'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'projects', '-work-my-app', `${ID}.jsonl`), '{}\n');
  t.true(hasTranscript(ID, hook, dir));
  t.false(hasTranscript(ID, { cwd: '/work/other' }, dir));
});

test('the transcript_path a hook names counts when it is that session\'s file and exists', (t) => {
  const dir = claudeDir(t);
  const file = path.join(dir, 'elsewhere', `${ID}.jsonl`);
  t.false(hasTranscript(ID, { transcript_path: file }, dir));
  fs.mkdirSync(path.dirname(file));
  fs.writeFileSync(file, '{}\n');
  t.true(hasTranscript(ID, { transcript_path: file }, dir));
  t.false(hasTranscript('other-id', { transcript_path: file }, dir), 'the file of another session');
});

test('a session id that would leave the projects folder has no transcript', (t) => {
  const dir = claudeDir(t);
  fs.mkdirSync(path.join(dir, 'projects', '-w'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'projects', 'x.jsonl'), '');
  t.false(hasTranscript('../x', { cwd: '/w' }, dir));
});
