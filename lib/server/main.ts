// The server process of one session. A client starts it detached (own process group, output
// to the session log); it runs until the last pane closes or `thurm kill-server`.
import { toThurmError } from '../errors.js';
import { loadConfig } from '../session/config.js';
import { capLog } from './log-file.js';
import { Mux } from '../session/mux.js';
import { restoreSession } from '../session/restore.js';
import { SessionSaver } from '../session/saver.js';
import { sessionFilePath } from '../session/session-file.js';
import { runNotifyCommand } from './notify-command.js';
import { EXIT_ALREADY_RUNNING, type ServerSpec } from './protocol.js';
import { ControlServer } from './server.js';
import { takeServerLock } from './socket-file.js';

async function main(): Promise<void> {
  capLog();
  const spec = JSON.parse(process.argv[2] ?? '{}') as ServerSpec;
  const lock = await takeServerLock(spec.socketPath);
  if (!lock) {
    console.error(`thurm: a server already serves ${spec.socketPath}`);
    process.exit(EXIT_ALREADY_RUNNING);
  }
  const config = loadConfig();
  const mux = new Mux({ session: spec.session, socketPath: spec.socketPath, config, size: spec.size });
  runNotifyCommand(mux);
  const file = sessionFilePath(spec.session);
  const restored = spec.restore && restoreSession(mux, file, config, spec.restore === 'always');
  if (!restored) mux.start({ argv: spec.argv, cwd: spec.cwd });
  // After the restore: saving starts from the restored session, never from an empty one.
  if (config.session.save) new SessionSaver(mux, file, config.session.historyLines).save();
  let exiting = false;
  const server = new ControlServer(mux, spec.socketPath, lock.secret, () => {
    if (exiting) return;
    exiting = true;
    // A moment to exit after the hang-up; programs that ignored it must not outlive the session.
    setTimeout(() => {
      mux.reap();
      process.exit(0);
    }, 300);
  });
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

main().catch((err) => {
  const e = toThurmError(err, 'failed to start the server');
  console.error(`thurm: ${e.message}`);
  console.error(`THURM_ERROR ${JSON.stringify({ code: e.code, message: e.message })}`);
  process.exit(1);
});
