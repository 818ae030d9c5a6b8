// Faults (issue 14): the server's session file under SIGKILL mid-save, a disk that is full or
// read-only, a client stopped for minutes, and pane programs that outlive or abandon their
// terminal. Each check runs the real writer or the real binary and reports what it measured.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { ExecutionContext } from 'ava';
import { readSnapshot, writeSessionFile } from '../../lib/session/session-file.js';
import { SNAPSHOT_VERSION, type SessionSnapshot } from '../../lib/session/snapshot.js';
import { ROOT } from '../helpers/thurm-env.js';
import { duration, n, SCALE, trial } from '../helpers/trials.js';

/** A small session whose history tells the two versions apart (`lines` lines of `mark`). */
function snapshot(mark: string, lines: number): SessionSnapshot {
  return {
    version: SNAPSHOT_VERSION, session: 'default', savedAt: '2026-12-01T10:00:00.000Z', ended: false,
    windows: [{ index: 0, name: null, layout: { kind: 'pane', pane: '1' }, focused: '1', zoomed: null }], current: 0, nextId: 2,
    size: { cols: 80, rows: 24 },
    panes: [{ id: '1', argv: ['/bin/sh'], cwd: '/tmp', title: 'sh', size: { cols: 80, rows: 23 }, foreground: null,
      history: Array.from({ length: lines }, (_, i) => `${mark} ${i} ${'x'.repeat(70)}`), agent: null, records: [] }],
  };
}

/** Starts the save loop and kills it with SIGKILL `delayMs` after it began saving. */
function killMidSave(t: ExecutionContext, file: string, a: SessionSnapshot, b: SessionSnapshot, delayMs: number): Promise<void> {
  const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'spec', 'hardening', 'children', 'save-loop.js'), file, JSON.stringify(a), JSON.stringify(b)], { stdio: ['ignore', 'pipe', 'inherit'] });
  t.teardown(() => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL'); });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', () => setTimeout(() => child.kill('SIGKILL'), delayMs));
    child.once('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`save loop exited ${code ?? signal} before it was killed`))));
  });
}

trial({
  id: 'save-killed',
  what: 'the server SIGKILLed mid-save at random points: the session file and its .bak are always the whole old or the whole new version, and no temp file piles up',
  async run(t) {
    const kills = SCALE ? 1000 : 50;
    // On tmpfs when there is one: a SIGKILL leaves the page cache whole, so only the order of
    // writes and renames is tested, and a disk's slow fsync would only make the check longer.
    const dir = fs.mkdtempSync(path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'thurm-save-killed-'));
    t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'default.json');
    const versions = [snapshot('old', 5), snapshot('new', 200)];
    writeSessionFile(file, versions[0]);
    t.timeout(kills * 1000);
    const seen = [0, 0];
    let checked = 0;
    for (let i = 0; i < kills; i++) {
      // Random points across a few saves: a save here takes about a millisecond.
      await killMidSave(t, file, versions[i % 2], versions[(i + 1) % 2], Math.random() * 4);
      for (const f of [file, `${file}.bak`]) {
        const read = readSnapshot(f);
        const which = versions.findIndex((v) => isDeepStrictEqual(read, v));
        t.not(which, -1, `${path.basename(f)} after kill ${i + 1} is neither version`);
        if (f === file) seen[which]++;
        checked++;
      }
      const files = fs.readdirSync(dir);
      t.true(files.length <= 3, `after kill ${i + 1} the folder holds ${files.join(', ')}`);
    }
    return {
      done: `${n(kills)} save loops killed with SIGKILL 0-4 ms after they began saving (files of ${versions.map((v) => n(JSON.stringify(v).length / 1024, 1)).join(' and ')} KiB)`,
      figure: `${n(checked)} files read back whole: the session file was the old version ${n(seen[0])} times, the new ${n(seen[1])}; never torn; at most one temp file left`,
    };
  },
});
