// `node dist/bench/readme.js [RESULTS.json]`: rewrites the table of docs/performance.md from the
// latest file in bench/results/ (or the one named), between the bench markers.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderResults, replaceBlock, type Results } from './report.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');

/** The newest results file: names are dates, so the last in sort order. */
export function latestResults(dir = RESULTS_DIR): string {
  const files = fs.readdirSync(dir).filter((f) => /^\d{4}-\d{2}-\d{2}.*\.json$/.test(f)).sort();
  if (!files.length) throw new Error(`no results in ${dir}`);
  return path.join(dir, files[files.length - 1]);
}

function main(): void {
  const file = process.argv[2] ?? latestResults();
  const results = JSON.parse(fs.readFileSync(file, 'utf8')) as Results;
  const readme = path.join(ROOT, 'docs', 'performance.md');
  const before = fs.readFileSync(readme, 'utf8');
  fs.writeFileSync(readme, replaceBlock(before, renderResults(results)));
  process.stderr.write(`bench: docs/performance.md's table from ${path.relative(ROOT, file)}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
