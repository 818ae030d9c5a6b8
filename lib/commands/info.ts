// The session and every pane: size, program, foreground process, title and status.
import { SESSION_INFO, type PaneInfo, type SessionInfo } from '../server/protocol.js';
import type { Mux } from '../session/mux.js';
import type { PaneView } from '../session/pane.js';
import { printable, shownCommand } from '../sanitize.js';
import { usageLabel } from '../agent/usage.js';
import { frameStats } from '../ui/frame-stats.js';
import { defineCommand } from './command.js';
import { paneSummary } from './list.js';
import { windowInfo } from './list-windows.js';

/** What a restore did (also printed by `thurm restore`). */
export function restoreLines(r: NonNullable<SessionInfo['restore']>): string[] {
  return [
    `restored from ${printable(r.from)}${r.savedAt ? ` (saved ${r.savedAt})` : ''}`,
    ...r.problems.map((p) => `  problem: ${p}`),
    ...r.panes.map((p) => `  pane ${p.id}: ${p.outcome}: ${p.detail}`),
  ];
}

/** The whole session as `thurm info --json` shows it (also the snapshot that starts an events stream). */
export function sessionInfo(mux: Mux): SessionInfo {
  const frames = frameStats.summary();
  return {
    session: mux.session,
    serverPid: process.pid,
    clients: mux.clients.count,
    marked: mux.marked,
    windows: windowInfo(mux),
    panes: mux.paneIds().map((id) => paneInfo(mux, id)),
    save: { ...mux.persistence.saveState, savedAt: mux.persistence.saveState.savedAt === null ? null : new Date(mux.persistence.saveState.savedAt).toISOString() },
    restore: mux.persistence.restoreReport,
    ...(mux.config.notify.routes.length && { notifyRoutes: mux.notifyRoutes.describe() }),
    ...(frames && { frames }),
  };
}

/** The top-left cell of a pane's content in its window (its rect minus the header row). */
function contentAt(mux: Mux, id: string): PaneInfo['position'] {
  const r = mux.geometry(mux.windowOf(id)).panes.get(id);
  return r ? { x: r.x, y: r.y + 1 } : null;
}

/** The public fields of a pane's committed status, as `info` gives them and events carry them. */
export function paneStatus(pane: PaneView): PaneInfo['status'] {
  const s = pane.summary();
  return { state: s.state, source: s.source, kind: s.kind, app: s.app, text: s.text, progress: s.progress, seq: pane.statusSeq };
}

export function paneInfo(mux: Mux, id: string): PaneInfo {
  const pane = mux.pane(id);
  const agent = pane.agent.current();
  const hook = pane.sources.hook.current();
  return {
    ...paneSummary(mux, id),
    window: mux.windowOf(id).index,
    position: contentAt(mux, id),
    title: pane.title,
    foreground: pane.foreground(),
    status: paneStatus(pane),
    programs: pane.status.programs().map(({ app, records }) => ({
      app,
      records: records.map((r) => ({
        id: r.id, state: r.state, kind: r.kind, title: r.title, msg: r.msg, progress: r.progress,
        updatedAt: new Date(r.updatedAt).toISOString(),
      })),
    })),
    agent: agent && {
      agent: agent.agent, instance: agent.instance, ownerPid: agent.ownerPid, status: agent.status, turn: agent.turn,
      sessionId: agent.sessionId, message: agent.message, resume: agent.resume,
    },
    hook: hook && { agent: hook.agent, ownerPid: hook.ownerPid, status: hook.status, event: hook.event, sessionId: hook.sessionId, message: hook.message },
    exit: pane.exit,
    pipe: mux.pipes.describe(id),
    recording: mux.recordings.describe(id),
    usage: mux.usages.get(id),
  };
}

export const info = defineCommand({
  name: 'info',
  describe: 'Show the session and every pane',
  details: '(`--json`: with each pane\'s foreground process, status, records and agent)',
  fields: {},
  result: SESSION_INFO,
  run: (ctx) => ({ ...sessionInfo(ctx.mux), attached: ctx.clients().map((c) => ({ id: c.id, terminal: c.ttyPath })) }),
  print: (r) => [
    `session ${r.session} (${r.clients} client${r.clients === 1 ? '' : 's'})`,
    `windows: ${r.windows.map((w) => `${w.index}:${printable(w.name)}${w.current ? '*' : w.last ? '-' : ''}`).join(' ')}`,
    r.save.file ? `saved to ${printable(r.save.file)}${r.save.savedAt ? ` at ${r.save.savedAt}` : ''}${r.save.error ? `; last save failed: ${r.save.error}` : ''}` : 'not saved ([session] save = false)',
    ...(r.restore ? restoreLines(r.restore) : []),
    ...r.panes.flatMap((p) => [
      `pane ${p.id}${p.focused ? ' (focused)' : ''}: ${p.title} ${p.size.cols}x${p.size.rows} pid ${p.pid}`,
      `  command: ${shownCommand(p.command)}  cwd: ${printable(p.cwd)}`,
      `  foreground: ${p.foreground ? `${shownCommand(p.foreground.argv)} pid ${p.foreground.pid} pgid ${p.foreground.pgid}` : '-'}`,
      `  status: ${p.status.state}${p.status.source !== 'none' ? ` (${p.status.source})` : ''}${p.status.text ? ` ${p.status.text}` : ''}${p.status.progress !== null ? ` ${p.status.progress}%` : ''}${p.exit ? `  exited: ${p.exit.signal ? `signal ${p.exit.signal}` : p.exit.exitCode}` : ''}`,
      ...(p.agent ? [`  agent ${p.agent.agent}: ${p.agent.status} (turn ${p.agent.turn}) instance ${p.agent.instance} owner ${p.agent.ownerPid}${p.agent.sessionId ? ` session ${p.agent.sessionId}` : ''}${p.agent.message ? ` ${JSON.stringify(p.agent.message)}` : ''}`] : []),
      ...(p.usage ? [`  usage: ${usageLabel(p.usage) || '-'} (${p.usage.source}${p.usage.model ? `, ${p.usage.model.name}` : ''})`] : []),
      ...(p.hook ? [`  hook ${p.hook.agent}: ${p.hook.status} (${p.hook.event}) owner ${p.hook.ownerPid}${p.hook.sessionId ? ` session ${p.hook.sessionId}` : ''}${p.hook.message ? ` ${JSON.stringify(p.hook.message)}` : ''}`] : []),
      ...p.programs.flatMap((g) => [
        `  program ${g.app ?? '(no app)'}`,
        ...g.records.map((r) => `    ${r.id ?? '(root)'}: ${r.state}${r.kind ? ` (${r.kind})` : ''}${r.title ? ` ${JSON.stringify(r.title)}` : ''}${r.msg ? ` ${r.msg}` : ''}${r.progress !== null ? ` ${r.progress}%` : ''}`),
      ]),
    ]),
  ].join('\n'),
});
