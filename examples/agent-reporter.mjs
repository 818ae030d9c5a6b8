#!/usr/bin/env node
// An agent that reports its lifecycle to thurm the way the product page describes: one
// instance id per process start, sequence numbers allocated before sending (so concurrent
// reports stay ordered), a session id with resume arguments, and a release before exit.
// Usage, inside a thurm pane: node examples/agent-reporter.mjs
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const thurm = process.env.THURM ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'thurm');
const instance = `reporter-${crypto.randomUUID()}`;
const sessionId = `session-${process.pid}`;
let nextSequence = 1;

/** Runs one thurm agent command; the sequence is taken now, whatever the order they finish in. */
function send(subcommand, args) {
  const sequence = nextSequence++;
  const argv = [subcommand, '--owner-pid', String(process.pid), '--instance', instance, '--sequence', String(sequence), ...args];
  return new Promise((resolve) => {
    execFile(thurm, ['agent', ...argv], (err, _stdout, stderr) => {
      // A report that loses a race to a later one is refused as stale: that is expected.
      if (err && !/not after/.test(stderr)) console.error(`report ${sequence} failed: ${stderr.trim()}`);
      resolve();
    });
  });
}

const report = (status, extra = []) => send('report', ['--agent', 'reporter', '--status', status, ...extra]);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function main() {
  await report('idle', ['--session-id', sessionId, '--resume-json', JSON.stringify(['node', 'examples/agent-reporter.mjs', '--resume', sessionId])]);
  await report('working', ['--message', 'Reading the code']);
  // Progress updates fired together: numbers were allocated in order, so the last one wins.
  await Promise.all([1, 2, 3].map((n) => report('working', ['--message', `Editing file ${n} of 3`])));
  await sleep(1500);
  await report('needs-input', ['--message', 'Approve the file change? (press Enter)']);
  await new Promise((resolve) => process.stdin.once('data', resolve));
  await report('working', ['--message', 'Applying the change']);
  await sleep(1000);
  await report('done', ['--message', 'Change applied']);
  await sleep(1500);
  await send('release', []);
  process.exit(0);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => send('release', []).then(() => process.exit(0)));
}
main();
