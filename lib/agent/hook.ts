// The legacy hook integration of built-in agents (Claude Code's hooks): `thurm agent hook KIND`
// turns one hook event into a state for the agent's pane, with source `hook`. Unlike public
// reports it keeps no sequence or instance: the newest event from the owner wins.
import { ThurmError } from '../errors.js';
import { hasControl } from '../sanitize.js';
import { identityOfProcess } from './detect/agents.js';
import type { AgentStatus, ProcessFacts } from './ownership.js';

export interface HookEvent {
  agent: string;
  ownerPid: number;
  event: string;
  message?: string;
  sessionId?: string;
}

export interface HookState {
  agent: string;
  ownerPid: number;
  status: AgentStatus;
  message: string | null;
  sessionId: string | null;
  /** How the agent was started (its executable's path, an interpreter's script): what a restore resumes with. */
  program: string[] | null;
  event: string;
  updatedAt: number;
  /**
   * Why the state no longer counts (its agent's screen and output outlived it), or null. The
   * agent's next hook event makes it count again; its session id is kept either way.
   */
  stale?: string | null;
}

/** What an agent says when a turn has ended and it waits at its prompt: idle, not a question. */
export const WAITING_AT_PROMPT = /waiting for your input/i;

/** A program longer than this is not recorded (a resume then names the agent bare). */
const MAX_PROGRAM_WORDS = 16;
const MAX_PROGRAM_BYTES = 4096;

/** Claude Code's hook events to states; null ends the hook state (the session ended). */
export function statusOfHookEvent(event: string, message = ''): { status: AgentStatus; blockedKind: 'permission' | null } | null | undefined {
  switch (event) {
    case 'SessionStart': return { status: 'idle', blockedKind: null };
    case 'UserPromptSubmit':
    case 'PreToolUse':
    case 'PostToolUse':
    case 'PreCompact':
    case 'SubagentStop': return { status: 'working', blockedKind: null };
    case 'Notification':
      // "Claude is waiting for your input" comes after a turn ended: that is idle, not blocked.
      if (WAITING_AT_PROMPT.test(message)) return { status: 'idle', blockedKind: null };
      return { status: 'needs-input', blockedKind: /permission/i.test(message) ? 'permission' : null };
    case 'Stop': return { status: 'done', blockedKind: null };
    case 'SessionEnd': return null;
    default: return undefined;
  }
}

/** The hook state with its owner's identity, as handed to the server that replaces this one. */
export type HookHandover = HookState & { startTime: number; pgid: number; blockedKind: 'permission' | null };

export class HookOwnership {
  private state: HookHandover | null = null;

  handover(): HookHandover | null {
    return this.state && { ...this.state };
  }

  adopt(s: HookHandover | null): void {
    // A server before programs were recorded hands over none.
    this.state = s && { ...s, program: s.program ?? null };
  }

  constructor(private readonly facts: ProcessFacts) {}

  apply(e: HookEvent, now = Date.now()): void {
    const mapped = statusOfHookEvent(e.event, e.message);
    if (mapped === undefined) throw new ThurmError('INVALID_ARGUMENT', `unknown hook event: ${e.event.slice(0, 64)}`);
    const owner = this.facts.stat(e.ownerPid);
    if (!owner || owner.pgid !== this.facts.foregroundPgid()) {
      throw new ThurmError('NOT_FOREGROUND', `hook owner ${e.ownerPid} is not in the pane's foreground process group`);
    }
    if (mapped === null) {
      this.state = null;
      return;
    }
    const before = this.state;
    const same = before !== null && before.ownerPid === e.ownerPid && before.startTime === owner.startTime;
    this.state = {
      agent: e.agent, ownerPid: e.ownerPid, startTime: owner.startTime, pgid: owner.pgid, event: e.event,
      status: mapped.status, blockedKind: mapped.blockedKind, message: e.message ?? null,
      // A session start names its own session (none yet: none); other events keep the owner's.
      sessionId: e.sessionId ?? (same && e.event !== 'SessionStart' ? before.sessionId : null),
      program: same ? before.program : this.programOf(e.agent, e.ownerPid),
      updatedAt: now,
      stale: null,
    };
  }

  /** The user saw the turn's end: a done state is the agent waiting at its prompt. */
  seen(): boolean {
    if (this.state?.status !== 'done' || this.state.stale) return false;
    this.state.status = 'idle';
    return true;
  }

  /** The state no longer counts, for `reason` (shown by `agent explain`). */
  expire(reason: string): void {
    if (this.state && !this.state.stale) this.state.stale = reason;
  }

  /** How the owner was started, when that command is one that runs this agent. */
  private programOf(agent: string, pid: number): string[] | null {
    const words = this.facts.program(pid);
    const fits = words && words.length <= MAX_PROGRAM_WORDS && Buffer.byteLength(words.join('')) <= MAX_PROGRAM_BYTES;
    // Typed into a shell by a restore: no control characters, and it must really be the agent.
    return fits && !words.some(hasControl) && identityOfProcess(words)?.agent === agent ? words : null;
  }

  /** The hook state while its owner runs in the foreground (reading changes nothing: see tick). */
  current(): (HookState & { pgid: number; blockedKind: 'permission' | null }) | null {
    const s = this.state;
    if (!s || !this.ownerAlive()) return null;
    return this.facts.stat(s.ownerPid)!.pgid === this.facts.foregroundPgid() ? s : null;
  }

  /** Ends the hook state of an agent that is gone (its pid dead or reused). */
  tick(): void {
    if (this.state && !this.ownerAlive()) this.state = null;
  }

  private ownerAlive(): boolean {
    return !!this.state && this.facts.stat(this.state.ownerPid)?.startTime === this.state.startTime;
  }
}
