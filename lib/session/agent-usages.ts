// Each pane's agent usage (agent/usage.ts): what Claude Code's status line hands thurm, and what
// its Codex writes to its session log (followed here, looked at a second after the pane printed
// or changed status, so an idle server reads nothing). Usage belongs to the agent process that
// reported it and goes with it. A change is announced at most once a second per pane
// (`usage-changed`); crossing a threshold (`[agents] context-alert`, `limit-alert`) alerts once,
// and again only after the figure fell below it.
import { CodexLog, rolloutHeldBy } from '../agent/codex-log.js';
import { codexHome, findRollout } from '../agent/codex-notify.js';
import { identityOfProcess } from '../agent/detect/agents.js';
import { usageAlerts, type AgentUsage, type ReportedUsage, type UsageAlert } from '../agent/usage.js';
import { ThurmError } from '../errors.js';
import type { ProcFacts } from '../pty/proc.js';
import type { OneTimer } from './one-timer.js';
import type { PaneView } from './pane.js';
import { agentBinding } from './snapshot.js';

/** How long after a pane printed its Codex log is read, and how often a pane's change is announced at most. */
export const USAGE_LOOK_MS = 1000;

interface Entry {
  usage: ReportedUsage;
  owner: { pid: number; startTime: number };
  /** The alerts raised and not yet fallen below their threshold. */
  alerted: Set<string>;
}

/** A pane's usage as the server that replaces this one takes it (`server upgrade`): alerts raised stay raised. */
export interface UsageHandoff { pane: string; usage: ReportedUsage; owner: { pid: number; startTime: number }; alerted: string[] }

export interface UsageDeps {
  pane(id: string): PaneView | null;
  proc: ProcFacts;
  thresholds(): { context: number; limit: number };
  changed(pane: string): void;
  alert(pane: string, usage: ReportedUsage, alert: UsageAlert): void;
  now(): number;
  timer: OneTimer;
}

export class AgentUsages {
  private readonly entries = new Map<string, Entry>();
  private readonly logs = new Map<string, { owner: number; log: CodexLog }>();
  /** Panes to look at, and panes whose change is still to be announced. */
  private readonly toLook = new Set<string>();
  private readonly toAnnounce = new Set<string>();
  private readonly lastAnnounced = new Map<string, number>();
  private armed = false;

  constructor(private readonly deps: UsageDeps) {}

  /**
   * The pane's usage, as its agent last reported it. Borders read it every frame, so it reads no
   * /proc: an agent that left is dropped when its pane is next looked at (its shell's prompt, its exit).
   */
  get(pane: string): ReportedUsage | null {
    return this.entries.get(pane)?.usage ?? null;
  }

  /** Usage reported for `pane` by agent process `ownerPid`, which must be in its foreground. */
  report(pane: string, usage: AgentUsage, ownerPid: number): void {
    const owner = this.deps.proc.readStat(ownerPid);
    if (!owner || owner.pgid !== this.deps.pane(pane)?.foreground()?.pgid) {
      throw new ThurmError('NOT_FOREGROUND', `usage owner ${ownerPid} is not in the pane's foreground process group`);
    }
    const before = this.entries.get(pane);
    const same = before && before.owner.pid === ownerPid && before.owner.startTime === owner.startTime;
    const entry: Entry = { usage: { ...usage, at: new Date(this.deps.now()).toISOString() }, owner: { pid: ownerPid, startTime: owner.startTime }, alerted: same ? before.alerted : new Set() };
    this.entries.set(pane, entry);
    const { context, limit } = this.deps.thresholds();
    const alerts = usageAlerts(usage, context, limit);
    for (const key of [...entry.alerted]) if (!alerts.some((a) => a.key === key)) entry.alerted.delete(key);
    for (const a of alerts) {
      if (entry.alerted.has(a.key)) continue;
      entry.alerted.add(a.key);
      this.deps.alert(pane, entry.usage, a);
    }
    if (!same || figures(before.usage) !== figures(usage)) this.announce(pane);
  }

  /** The pane printed or changed status: its Codex log may have grown, its agent may have left. */
  look(pane: string): void {
    if (this.toLook.has(pane)) return;
    // Cheap enough for every output event: the process is looked at a second later.
    if (!this.entries.has(pane) && !this.logs.has(pane) && this.deps.pane(pane)?.summary().app !== 'codex') return;
    this.toLook.add(pane);
    this.arm();
  }

  handover(): UsageHandoff[] {
    return [...this.entries].map(([pane, e]) => ({ pane, usage: e.usage, owner: e.owner, alerted: [...e.alerted] }));
  }

  adopt(handed: readonly UsageHandoff[]): void {
    for (const h of handed) {
      if (this.deps.pane(h.pane)) this.entries.set(h.pane, { usage: h.usage, owner: h.owner, alerted: new Set(h.alerted) });
    }
  }

  forget(pane: string): void {
    this.entries.delete(pane);
    this.logs.delete(pane);
    this.toLook.delete(pane);
    this.toAnnounce.delete(pane);
    this.lastAnnounced.delete(pane);
  }

  private announce(pane: string): void {
    const last = this.lastAnnounced.get(pane) ?? -Infinity;
    if (this.deps.now() - last >= USAGE_LOOK_MS && !this.toAnnounce.has(pane)) {
      this.lastAnnounced.set(pane, this.deps.now());
      this.deps.changed(pane);
      return;
    }
    this.toAnnounce.add(pane);
    this.arm();
  }

  private arm(): void {
    if (this.armed) return;
    this.armed = true;
    this.deps.timer.set(() => this.fire(), USAGE_LOOK_MS);
  }

  private fire(): void {
    this.armed = false;
    const looks = [...this.toLook];
    this.toLook.clear();
    for (const pane of looks) this.lookNow(pane);
    const news = [...this.toAnnounce];
    this.toAnnounce.clear();
    for (const pane of news) {
      this.lastAnnounced.set(pane, this.deps.now());
      this.deps.changed(pane);
    }
  }

  private lookNow(pane: string): void {
    const entry = this.entries.get(pane);
    if (entry && this.deps.proc.readStat(entry.owner.pid)?.startTime !== entry.owner.startTime) {
      this.forget(pane);
      this.deps.changed(pane);
    }
    const fg = this.codexForeground(pane);
    if (!fg) {
      this.logs.delete(pane);
      return;
    }
    let followed = this.logs.get(pane);
    if (followed?.owner !== fg.pid) {
      const file = rolloutHeldBy([fg.pid]) ?? this.boundRollout(pane);
      if (!file) return;
      this.logs.set(pane, (followed = { owner: fg.pid, log: new CodexLog(file) }));
    }
    const usage = followed.log.read();
    if (usage) this.report(pane, usage, fg.pid);
  }

  /** The log of the session the pane's Codex notify bound, when there is one. */
  private boundRollout(pane: string): string | null {
    const p = this.deps.pane(pane);
    const binding = p && agentBinding(p);
    return binding?.agent === 'codex' ? findRollout(codexHome(), binding.sessionId) : null;
  }

  private codexForeground(pane: string): { pid: number } | null {
    const fg = this.deps.pane(pane)?.foreground();
    if (!fg) return null;
    return identityOfProcess(fg.argv, this.deps.proc.resolveScript(fg.pid, fg.argv))?.agent === 'codex' ? fg : null;
  }
}

/** The figures of a usage, to tell a change from the same report again. */
function figures(u: AgentUsage): string {
  return JSON.stringify([u.model, u.context, u.cost, u.limits, u.file]);
}
