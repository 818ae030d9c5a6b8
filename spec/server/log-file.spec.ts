import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { capLog } from '../../lib/server/log-file.js';

test('console output past the cap starts the log over, so the file never exceeds the cap', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thurm-log-'));
  const file = path.join(dir, 'default.log');
  fs.writeFileSync(file, 'an earlier server\n');
  const fd = fs.openSync(file, 'a');
  const saved = { error: console.error, warn: console.warn, log: console.log, info: console.info };
  t.teardown(() => {
    Object.assign(console, saved);
    fs.closeSync(fd);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  capLog(fd, 10_000);
  let largest = 0;
  for (let i = 0; i < 1000; i++) {
    console.error(`thurm: line ${i}`, { detail: 'x'.repeat(50) });
    largest = Math.max(largest, fs.statSync(file).size);
  }
  console.error('thurm: the last line');
  Object.assign(console, saved);
  t.true(largest <= 10_000, `log reached ${largest} bytes`);
  const text = fs.readFileSync(file, 'utf8');
  t.regex(text, /^thurm: log emptied on reaching 10000 bytes/);
  t.true(text.endsWith('thurm: the last line\n'));
});
