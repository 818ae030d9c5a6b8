// The README and docs/ stand alone: every relative link reaches a file of the repository (and
// a heading of it, for a `#anchor`), and nothing points outside the repository, where users
// of it have nothing to follow.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const DOCS = ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces made `-`. */
function anchor(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
}

function anchors(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1])));
}

/** Each `[text](target)` outside code blocks and code spans. */
function links(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
}

test('the anchor of a heading is made as GitHub makes it', (t) => {
  t.is(anchor('Automatic detection and `thurm agent explain`'), 'automatic-detection-and-thurm-agent-explain');
  t.is(anchor('Copy mode and paste buffers'), 'copy-mode-and-paste-buffers');
});

test('every relative link of the README and docs/ reaches a file and heading of the repository', (t) => {
  const broken: string[] = [];
  let checked = 0;
  for (const doc of DOCS) {
    for (const target of links(fs.readFileSync(path.join(ROOT, doc), 'utf8'))) {
      if (/^[a-z]+:/i.test(target)) continue;
      checked++;
      const [file, hash] = target.split('#');
      const to = file ? path.resolve(path.dirname(path.join(ROOT, doc)), file) : path.join(ROOT, doc);
      if (!to.startsWith(ROOT + path.sep) || !fs.existsSync(to)) broken.push(`${doc}: ${target} (no such file in the repository)`);
      else if (hash && to.endsWith('.md') && !anchors(to).has(hash)) broken.push(`${doc}: ${target} (no such heading)`);
    }
  }
  t.deepEqual(broken, []);
  t.true(checked > 30, `only ${checked} links were found: the link pattern no longer matches`);
});

test('nothing in the README, docs/, lib/ or spec/ points to files outside the repository', (t) => {
  const outside = /\.\.\/shared|shared\/reference|ARCHITECTURE\.md|STYLE\.md/;
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) { if (e.name !== 'fixtures') walk(rel); } else if (/\.(ts|md|mjs|sh)$/.test(e.name) && outside.test(fs.readFileSync(path.join(ROOT, rel), 'utf8'))) found.push(rel);
    }
  };
  for (const dir of ['docs', 'lib', 'spec', 'bench', 'examples']) walk(dir);
  if (outside.test(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'))) found.push('README.md');
  // This spec names the patterns it looks for, so it is the one file allowed to hold them.
  t.deepEqual(found.filter((f) => f !== 'spec/docs/links.spec.ts'), []);
});
