// The session file on disk (`<state dir>/<session>.json`): written atomically so a crash or a
// full disk never leaves a half file in its place, the previous good one kept as `.bak`, and
// read back with every field checked. A bad file is moved aside, never run, never deleted.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ThurmError } from '../errors.js';
import { stateDir } from './paths.js';
import { checkSnapshot, snapshotText, type SessionSnapshot } from './snapshot.js';

/** Larger than any real session's file (history is capped per pane): refuse rather than parse. */
export const MAX_SESSION_FILE = 256 * 2 ** 20;

export function sessionFilePath(session: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.join(stateDir(env), `${session}.json`);
}

async function fsyncPath(file: string, flags: string): Promise<void> {
  const fh = await fsp.open(file, flags);
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/**
 * Removes the temp files a killed writer left beside `file` (`<file>.tmp-<pid>`, `<file>.bak.tmp-<pid>`),
 * which nothing else would ever remove; those of a writer still running are its own.
 */
function removeLeftovers(file: string): void {
  const base = path.basename(file);
  for (const entry of fs.readdirSync(path.dirname(file))) {
    const pid = Number(/^(?:\.bak)?\.tmp-(\d+)$/.exec(entry.startsWith(base) ? entry.slice(base.length) : '')?.[1]);
    if (pid && pid !== process.pid && !running(pid)) fs.rmSync(path.join(path.dirname(file), entry), { force: true });
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Writes `data` to `file` whole or not at all: temp file beside it, fsync, rename, fsync the
 * folder. Asynchronous, so that a slow disk never holds up the server's panes and clients.
 */
export async function writeAtomic(file: string, data: string): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}`;
  try {
    // Never through a link planted at the temporary name.
    const fh = await fsp.open(tmp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_TRUNC | fs.constants.O_NOFOLLOW, 0o600);
    try {
      // writeFile loops until all is written: one write may stop short on a full disk.
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await fsp.rename(tmp, file);
  } catch (err) {
    await fsp.rm(tmp, { force: true });
    throw err;
  }
  await fsyncPath(path.dirname(file), 'r');
}

/**
 * The file about to be replaced becomes `.bak`: a second name for it (a hard link, renamed into
 * place), so nothing is copied and the session file itself is never missing.
 */
async function keepBackup(file: string): Promise<void> {
  const link = `${file}.bak.tmp-${process.pid}`;
  await fsp.rm(link, { force: true });
  try {
    await fsp.link(file, link);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (code === 'ENOENT') return;
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV'].includes(code)) throw err;
    // A file system without hard links: copy it.
    await writeAtomic(`${file}.bak`, await fsp.readFile(file, 'utf8'));
    return;
  }
  await fsp.rename(link, `${file}.bak`);
}

/**
 * Saves a snapshot; the file it replaces becomes `.bak` first. Rejects with an IO_ERROR naming
 * the cause (disk full, read-only). Callers run one save at a time (saver.ts).
 */
export async function writeSessionFile(file: string, snapshot: SessionSnapshot): Promise<void> {
  if (!snapshot.panes.length) throw new ThurmError('INTERNAL', 'refusing to save a session without panes');
  const data = `${snapshotText(snapshot)}\n`;
  try {
    await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    removeLeftovers(file);
    await keepBackup(file);
    await writeAtomic(file, data);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new ThurmError('IO_ERROR', `cannot save ${file}: ${e.code ?? ''} ${e.message}`.replace(/\s+/g, ' '));
  }
}

/** A snapshot from one file, or a ThurmError saying why it cannot be used. */
export function readSnapshot(file: string): SessionSnapshot {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new ThurmError('NOT_FOUND', `no saved session: ${file}`);
  }
  if (!stat.isFile()) throw new ThurmError('INVALID_ARGUMENT', `invalid session file: ${file} is not a file`);
  if (stat.size === 0) throw new ThurmError('INVALID_ARGUMENT', `invalid session file: ${file} is empty`);
  if (stat.size > MAX_SESSION_FILE) throw new ThurmError('INVALID_ARGUMENT', `invalid session file: ${file} is larger than ${MAX_SESSION_FILE >> 20} MiB`);
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ThurmError('INVALID_ARGUMENT', `invalid session file: ${file}: not JSON (${(err as Error).message})`);
  }
  return checkSnapshot(raw);
}

/** Whether plain `thurm attach` should restore: a saved session that did not end on purpose (or a file to report on). */
export function restorable(file: string): boolean {
  for (const candidate of [file, `${file}.bak`]) {
    try {
      return !readSnapshot(candidate).ended;
    } catch (err) {
      if ((err as ThurmError).code !== 'NOT_FOUND') return true;
    }
  }
  return false;
}

export interface LoadedSession {
  snapshot: SessionSnapshot | null;
  /** Which file it came from. */
  from: string | null;
  /** What was wrong with the files tried before (each moved aside to `movedTo`). */
  problems: { file: string; error: string; movedTo: string | null }[];
}

/**
 * The saved session: the file, else its `.bak`. An invalid file is renamed to
 * `<file>.invalid-<time>` (kept for the user, never tried again) unless `dryRun`.
 */
export function loadSession(file: string, dryRun = false): LoadedSession {
  const problems: LoadedSession['problems'] = [];
  for (const candidate of [file, `${file}.bak`]) {
    try {
      return { snapshot: readSnapshot(candidate), from: candidate, problems };
    } catch (err) {
      if ((err as ThurmError).code === 'NOT_FOUND') continue;
      let movedTo: string | null = null;
      if (!dryRun) {
        movedTo = `${candidate}.invalid-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        try {
          fs.renameSync(candidate, movedTo);
        } catch {
          movedTo = null;
        }
      }
      problems.push({ file: candidate, error: (err as Error).message, movedTo });
    }
  }
  return { snapshot: null, from: null, problems };
}
