// The session and every pane: size, program, foreground process, title and status.
import type { PaneInfo, SessionInfo } from '../server/protocol.js';
import type { Mux } from '../session/mux.js';
import { defineCommand } from './command.js';
import { paneSummary } from './list.js';

function paneInfo(mux: Mux, id: string): PaneInfo {
  const pane = mux.pane(id);
  return {
    ...paneSummary(mux, id),
    title: pane.title,
    foreground: pane.foreground(),
    status: { state: 'none', source: 'none', text: '', progress: null },
    programs: [],
    agent: null,
    exit: pane.exit,
  };
}

export const info = defineCommand({
  name: 'info',
  usage: 'info',
  describe: 'Show the session and every pane',
  request: () => ({}),
  parse: () => ({}),
  run: (ctx): SessionInfo => ({
    session: ctx.mux.session,
    serverPid: process.pid,
    clients: ctx.mux.clients,
    panes: ctx.mux.paneIds().map((id) => paneInfo(ctx.mux, id)),
  }),
  print: (r) => [
    `session ${r.session} (${r.clients} client${r.clients === 1 ? '' : 's'})`,
    ...r.panes.flatMap((p) => [
      `pane ${p.id}${p.focused ? ' (focused)' : ''}: ${p.title} ${p.size.cols}x${p.size.rows} pid ${p.pid}`,
      `  command: ${JSON.stringify(p.command)}  cwd: ${p.cwd}`,
      `  foreground: ${p.foreground ? `${JSON.stringify(p.foreground.argv)} pid ${p.foreground.pid} pgid ${p.foreground.pgid}` : '-'}`,
      `  status: ${p.status.state}${p.exit ? `  exited: ${p.exit.signal ? `signal ${p.exit.signal}` : p.exit.exitCode}` : ''}`,
    ]),
  ].join('\n'),
});
