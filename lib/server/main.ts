// The server process of one session. A client starts it detached (own process group, output
// to the session log); it runs until the last pane closes or `thurm kill-server`. Started by
// `thurm server upgrade` instead (spec.handoff), it takes over the session of the server that
// started it, whose panes keep running.
import { toThurmError } from '../errors.js';
import { adoptPty, exitedPty } from '../pty/adopted-pty.js';
import { loadConfig, type Config } from '../session/config.js';
import { capLog } from './log-file.js';
import { Mux } from '../session/mux.js';
import { restoreSession } from '../session/restore.js';
import { SessionSaver } from '../session/saver.js';
import { FileClaim, keptElsewhere } from '../session/file-claim.js';
import { sessionFilePath } from '../session/session-file.js';
import { runNotifyCommand } from './notify-command.js';
import { returnMemoryWhenPanesChange } from './memory-return.js';
import { EXIT_ALREADY_RUNNING, type ServerSpec } from './protocol.js';
import { renameSession } from './rename-session.js';
import { ControlServer } from './server.js';
import { forgetServerOnlyEnv } from './server-process.js';
import { takeServerLock, type ServerLock } from './socket-file.js';
import { FIRST_PTY_FD, receiveHandoff, tell, upgrade, waitForGo } from './upgrade.js';

const LOCK_RETRY_MS = 20;
const LOCK_WAIT_MS = 5000;
const SAVE_WAIT_MS = 5000;

/**
 * Listens for the session, saves it, and wires signals; `locks` (the socket's, then its
 * aliases', see rename-session.ts) are held until it exits.
 */
async function serve(mux: Mux, spec: ServerSpec, config: Config, first: Map<string, ServerLock>, claim: FileClaim | null = null): Promise<void> {
  // After a restore or takeover: saving starts from the real session, never from an empty one.
  const saver = config.session.save ? new SessionSaver(mux, sessionFilePath(spec.session), config.session.historyLines, claim) : null;
  void saver?.save();
  /** Leaves once the last save is on disk (bounded: a hung disk must not keep the server). */
  const exitAfterSave = (ms: number, before = () => {}) => {
    const saved = saver ? Promise.race([saver.settled(), new Promise((r) => setTimeout(r, SAVE_WAIT_MS))]) : null;
    void Promise.all([saved, new Promise((r) => setTimeout(r, ms))]).then(() => {
      before();
      process.exit(0);
    });
  };
  const locks = first;
  returnMemoryWhenPanesChange(mux);
  let exiting = false;
  const server: ControlServer = new ControlServer(mux, spec.socketPath, locks.get(spec.socketPath)!.secret, () => {
    if (exiting) return;
    exiting = true;
    // A moment to exit after the hang-up; programs that ignored it must not outlive the session.
    exitAfterSave(300, () => mux.reap());
  }, () => upgrade(mux, spec, {
    letGo: async () => {
      await server.stopListening();
      for (const lock of locks.values()) lock.lock.close();
      saver?.release();
    },
    takeBack: async () => {
      for (const [at, lock] of await locksWithin(spec, LOCK_WAIT_MS)) locks.set(at, lock);
      await server.listenAgain(locks.get(spec.socketPath)!.secret);
    },
  }).then((r) => {
    // The new server serves the session now: leave without hanging up a pane, once the control
    // connections are told to ask it (their close frames go out within the wait).
    server.handedOver();
    exitAfterSave(200);
    return r;
  }), (name) => renameSession({ mux, server, spec, locks }, name), spec.aliases);
  await server.listen();
  // A signal (a shutdown or reboot) is no reason to forget the session: it comes back on `thurm`.
  process.on('SIGTERM', () => mux.end(false));
  process.on('SIGINT', () => mux.end(false));
  process.on('SIGHUP', () => {});
  // A bug in one handler must not take every pane down with the server.
  process.on('uncaughtException', (err) => console.error('thurm: uncaught error:', err));
  process.on('unhandledRejection', (err) => console.error('thurm: unhandled rejection:', err));
  console.error(`thurm: server ${process.pid} ready on ${spec.socketPath}`);
}

/** The locks of the socket and of its aliases, waiting while the server this one replaces lets go. */
async function locksWithin(spec: ServerSpec, ms: number, olderPid?: number): Promise<Map<string, ServerLock>> {
  const locks = new Map<string, ServerLock>();
  for (const at of [spec.socketPath, ...spec.aliases ?? []]) locks.set(at, await lockWithin(at, ms, olderPid));
  return locks;
}

/** The lock, waiting while the server this one replaces lets go of it. */
async function lockWithin(socketPath: string, ms: number, olderPid?: number): Promise<ServerLock> {
  const deadline = Date.now() + ms;
  for (;;) {
    const lock = await takeServerLock(socketPath, olderPid);
    if (lock) return lock;
    if (Date.now() > deadline) throw new Error(`the lock of ${socketPath} was not released`);
    await new Promise((r) => setTimeout(r, LOCK_RETRY_MS));
  }
}

async function start(spec: ServerSpec): Promise<void> {
  const lock = await takeServerLock(spec.socketPath);
  if (!lock) {
    console.error(`thurm: a server already serves ${spec.socketPath}`);
    process.exit(EXIT_ALREADY_RUNNING);
  }
  const config = loadConfig();
  const file = sessionFilePath(spec.session);
  const claim = await FileClaim.take(file, spec.socketPath);
  // The agents of a session another server keeps are running there: never start them twice.
  if (!(claim instanceof FileClaim) && spec.restore) throw keptElsewhere(file, claim, 'restore');
  const mux = new Mux({ session: spec.session, socketPath: spec.socketPath, config, size: spec.size });
  runNotifyCommand(mux);
  const restored = spec.restore && restoreSession(mux, file, config, spec.restore === 'always');
  if (!restored) mux.start({ argv: spec.argv, cwd: spec.cwd });
  await serve(mux, spec, config, new Map([[spec.socketPath, lock]]), claim instanceof FileClaim ? claim : null);
}

/** Takes over from the server that started this one (see upgrade.ts). */
async function takeOver(spec: ServerSpec): Promise<void> {
  const older = process.ppid;
  try {
    const handoff = await receiveHandoff();
    const config = loadConfig();
    const mux = new Mux({ session: spec.session, socketPath: spec.socketPath, config, size: handoff.size });
    runNotifyCommand(mux);
    mux.persistence.adopt(handoff, (p) => (p.fd === null
      ? exitedPty(p.pid, p.exit ?? { exitCode: 0, signal: null })
      : adoptPty({ fd: FIRST_PTY_FD + p.fd, pid: p.pid, startTime: p.startTime, ttyName: p.ttyName })));
    tell({ type: 'ready' });
    await waitForGo();
    const locks = await locksWithin(spec, LOCK_WAIT_MS, older);
    mux.persistence.resumeReading();
    await serve(mux, spec, config, locks);
    tell({ type: 'listening', pid: process.pid });
  } catch (err) {
    tell({ type: 'failed', error: (err as Error).message });
    throw err;
  }
}

forgetServerOnlyEnv();
const spec = JSON.parse(process.argv[2] ?? '{}') as ServerSpec;
capLog();
(spec.handoff ? takeOver(spec) : start(spec)).catch((err) => {
  const e = toThurmError(err, 'failed to start the server');
  console.error(`thurm: ${e.message}`);
  console.error(`THURM_ERROR ${JSON.stringify({ code: e.code, message: e.message })}`);
  process.exit(1);
});
