// `thurm agent explain`: why a pane has the state it has. Reads the screen at the moment of
// the request; the screen text may hold private data.
import type { Mux } from '../../session/mux.js';
import { defineCommand, paneField, resolvePane } from '../command.js';
import { AGENT_EXPLANATION, type AgentExplanation } from '../../server/protocol.js';
import { SOURCES } from '../../status/program-status.js';
import { SOURCE_LIFETIMES } from '../../session/pane-sources.js';
import { shownCommand } from '../../sanitize.js';
import { usageLines } from '../../agent/usage.js';

export function explainPane(mux: Mux, id: string): AgentExplanation {
  const pane = mux.pane(id);
  const now = Date.now();
  const detection = pane.sources.detection(now, true);
  const summary = pane.summary();
  const fg = pane.foreground();
  const record = pane.status.records.mostPressing();
  const report = pane.agent.current();
  const hook = pane.sources.hook.current();
  const lines = pane.term.liveScreen();
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  return {
    pane: id,
    state: summary.state,
    source: summary.source,
    digest: pane.answerDigest(),
    foreground: fg && { pid: fg.pid, pgid: fg.pgid, argv: fg.argv, agent: detection.agent, identifiedBy: detection.identifiedBy },
    rules: detection.rules.map((r) => ({
      id: r.id, agent: r.agent, state: r.state, patterns: r.patterns,
      overridden: SOURCES.indexOf(summary.source) < SOURCES.indexOf('screen-and-activity'),
    })),
    screen: lines,
    idleThresholdMs: pane.sources.detector.idleThresholdMs,
    lastOutputMs: pane.sources.lastActivityAt ? now - pane.sources.lastActivityAt : null,
    programStatus: record && {
      id: record.id, app: pane.status.records.appOf(record), state: record.state, kind: record.kind,
      title: record.title, msg: record.msg, progress: record.progress,
    },
    report: report && { agent: report.agent, instance: report.instance, ownerPid: report.ownerPid, status: report.status, message: report.message },
    hook: hook && { agent: hook.agent, event: hook.event, status: hook.status, ownerPid: hook.ownerPid, stale: hook.stale ?? null },
    lifetime: SOURCE_LIFETIMES[summary.source],
    usage: mux.usages.get(id),
  };
}

export const agentExplain = defineCommand({
  name: 'agent-explain',
  group: 'agent',
  describe: 'Explain which source decided a pane\'s state, and why',
  fields: { pane: paneField },
  result: AGENT_EXPLANATION,
  run: (ctx, a) => explainPane(ctx.mux, resolvePane(ctx, a.pane)),
  print: (e) => [
    `pane ${e.pane}: ${e.state} (source: ${e.source}) screen ${e.digest}`,
    `foreground: ${e.foreground ? `${shownCommand(e.foreground.argv)} pid ${e.foreground.pid} pgid ${e.foreground.pgid}` : '-'}`,
    `agent: ${e.foreground?.agent ?? 'none detected'}${e.foreground?.identifiedBy === 'screen' ? ' (from its screen and title: its process runs beyond ssh, where it cannot be seen)' : ''}`,
    e.rules.length ? 'rules that matched:' : 'rules that matched: none',
    ...e.rules.map((r) => `  ${r.id}  ${r.state}${r.overridden ? `  (overridden by ${e.source})` : ''}\n    patterns: ${r.patterns.map((p) => `/${p}/`).join(', ')}`),
    `idle threshold: ${e.idleThresholdMs} ms; last output: ${e.lastOutputMs === null ? 'never' : `${e.lastOutputMs} ms ago`}`,
    `program status: ${e.programStatus ? `${e.programStatus.state}${e.programStatus.app ? ` (${e.programStatus.app})` : ''}${e.programStatus.msg ? ` ${e.programStatus.msg}` : ''}` : 'none'}`,
    `report: ${e.report ? `${e.report.agent} ${e.report.status} (instance ${e.report.instance}, owner ${e.report.ownerPid})` : 'none'}`,
    `hook: ${e.hook ? `${e.hook.agent} ${e.hook.status} (${e.hook.event}, owner ${e.hook.ownerPid})${e.hook.stale ? `; no longer counts: ${e.hook.stale}` : ''}` : 'none'}`,
    ...(e.usage ? usageLines(e.usage) : ['usage: none reported']),
    `${e.source} starts with: ${e.lifetime.starts}`,
    `${e.source} ends: ${e.lifetime.ends}`,
    'screen (may contain private data):',
    ...e.screen.map((l) => `  | ${l}`),
  ].join('\n'),
});
