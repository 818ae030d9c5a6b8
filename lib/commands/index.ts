// Every command thurm has, listed by hand: the CLI, the socket dispatcher and the key
// bindings are all built from this table.
import { agentExplain } from './agent/explain.js';
import { agentHook } from './agent/hook.js';
import { agentPrompt } from './agent/prompt.js';
import { agentRelease } from './agent/release.js';
import { agentReport } from './agent/report.js';
import type { Command } from './command.js';
import { buffers, setBuffer } from './buffers.js';
import { capture } from './capture.js';
import { copyMode } from './copy-mode.js';
import { detach } from './detach.js';
import { equalize } from './equalize.js';
import { focus } from './focus.js';
import { info } from './info.js';
import { killPane } from './kill-pane.js';
import { killServer } from './kill-server.js';
import { list } from './list.js';
import { paste } from './paste.js';
import { resizePane } from './resize-pane.js';
import { send } from './send.js';
import { split } from './split.js';
import { wait } from './wait.js';
import { zoom } from './zoom.js';

export const COMMANDS: readonly Command<any, any>[] = [
  split, list, send, capture, copyMode, paste, buffers, setBuffer, focus, killPane, info, wait, zoom, resizePane, equalize, detach, killServer,
  agentReport, agentRelease, agentPrompt, agentExplain, agentHook,
];

export function findCommand(name: string): Command<any, any> | undefined {
  return COMMANDS.find((c) => c.name === name || c.aliases?.includes(name));
}
