// The server's log file: a client starts the server with stderr on the session's log, and
// everything the server prints goes there. Past LOG_CAP bytes the file starts over with a note,
// so no amount of trouble (or of program output) fills the disk.
import fs from 'node:fs';
import { format } from 'node:util';

export const LOG_CAP = 1024 * 1024;
const LINE_CAP = 16 * 1024;

/** Sends console output to `fd` with the cap, when `fd` is a regular file (opened to append). */
export function capLog(fd = 2, cap = LOG_CAP): void {
  if (!isFile(fd)) return;
  const write = (...args: unknown[]) => {
    let line = format(...args);
    if (line.length > LINE_CAP) line = `${line.slice(0, LINE_CAP)}... (cut)`;
    const bytes = Buffer.from(`${line}\n`);
    try {
      // Others write to the same file (node's own warnings), so ask the file for its size.
      if (fs.fstatSync(fd).size + bytes.length > cap) {
        fs.ftruncateSync(fd, 0);
        fs.writeSync(fd, `thurm: log emptied on reaching ${cap} bytes at ${new Date().toISOString()}\n`);
      }
      fs.writeSync(fd, bytes);
    } catch {
      // Nowhere left to report it.
    }
  };
  console.error = console.warn = console.log = console.info = write;
}

function isFile(fd: number): boolean {
  try {
    return fs.fstatSync(fd).isFile();
  } catch {
    return false;
  }
}
