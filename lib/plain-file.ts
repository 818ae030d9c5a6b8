// Files a client names for the server to open (a recording, a TLS certificate and key): opened
// without blocking, since a FIFO nobody reads or writes would hold the server in open(2), and
// only when they are plain files.
import fs from 'node:fs';
import { ThurmError } from './errors.js';

/** An fd of plain file `file` opened with `flags` (mode 0600 when made); `verb` says what for, in errors. */
export function openPlainFile(file: string, flags: number, verb: 'read' | 'write', exists = `${file} exists`): number {
  let fd: number;
  try {
    fd = fs.openSync(file, flags | fs.constants.O_NONBLOCK, 0o600);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new ThurmError('INVALID_ARGUMENT', e.code === 'EEXIST' ? exists : `cannot ${verb} ${file}: ${e.message}`);
  }
  if (!fs.fstatSync(fd).isFile()) {
    fs.closeSync(fd);
    throw new ThurmError('INVALID_ARGUMENT', `cannot ${verb} ${file}: not a plain file`);
  }
  return fd;
}

/** The bytes of plain file `file`, at most `max` of them. */
export function readPlainFile(file: string, max: number): Buffer {
  const fd = openPlainFile(file, fs.constants.O_RDONLY, 'read');
  try {
    if (fs.fstatSync(fd).size > max) throw new ThurmError('INVALID_ARGUMENT', `cannot read ${file}: larger than ${max} bytes`);
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
