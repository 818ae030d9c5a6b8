// The parts of node-pty that thurm reaches beyond its public API, declared once. node-pty
// writes through a Node stream that buffers without limit and reports nothing, so thurm
// writes the master fd itself (spawn.ts) and stops reading it for a handover (reading.ts);
// it learns that the fd closed, and the pty's name, from fields the typings leave out. The
// package is pinned to an exact version in package.json, and
// spec/term/library-internals.spec.ts fails on the first of these a new version lacks.
import type { IPty } from 'node-pty';

/** The Node socket node-pty reads the master through; reading.ts stops and restarts it. */
export interface PtySocket { destroyed: boolean }

export interface PtyInternals {
  /** The master fd; closed by node-pty once reading hits EIO, before the exit is reported. */
  fd: number;
  _socket: PtySocket;
  /** The slave's path (/dev/pts/N). */
  ptsName: string;
  destroy(): void;
  /** 'close': the master was closed (the program let go of its terminal, or it exited). */
  once(event: 'close', listener: () => void): void;
}

export function ptyInternals(p: IPty): PtyInternals {
  return p as unknown as PtyInternals;
}
