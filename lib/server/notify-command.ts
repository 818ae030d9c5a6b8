// Runs the user's `notifications.command` for every notification, with the title and text
// as two extra arguments: never through a shell, so program text cannot become a command.
import { execFile } from 'node:child_process';
import type { Mux } from '../session/mux.js';

export function runNotifyCommand(mux: Mux): { dispose(): void } {
  return mux.subscribe((e) => {
    if (e.type !== 'notification') return;
    const [file, ...args] = mux.config.notifications.command;
    if (!file) return;
    const child = execFile(file, [...args, `thurm pane ${e.pane}: ${e.notification.title}`, e.notification.text], { timeout: 10_000 }, (err) => {
      if (err) console.error(`thurm: notifications.command failed: ${err.message}`);
    });
    child.stdin?.end();
  });
}
