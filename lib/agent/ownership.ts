// Public agent reports of one pane (`thurm agent report` / `release`): which reporting instance
// owns the pane's foreground process group, its sequence numbers, turns, session id, message
// and resume arguments. Every rule of "Report lifecycle state" in agent-reporting.txt; each
// refusal is a ThurmError with its own code and changes nothing.
import { ThurmError } from '../errors.js';
import { field } from '../fields.js';
import { sanitizeText, WITHOUT_CONTROL } from '../sanitize.js';

export const AGENT_STATUSES = ['idle', 'working', 'needs-input', 'done'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

export const MAX_REPLACED = 4096;
/** An agent's name: shown in borders and notifications. */
export const AGENT_NAME = /^[A-Za-z0-9_.+-]{1,64}$/;
/** An agent's session id: typed into a shell in a resume command, so printable ASCII only. */
export const SESSION_ID = /^[\x21-\x7e]{1,256}$/;
/** A reporting instance's id: printable ASCII. */
export const INSTANCE_ID = /^[\x21-\x7e]{1,128}$/;
export const MAX_RESUME_ARGS = 128;
export const MAX_RESUME_BYTES = 32768;

/** Resume arguments: an executable and its arguments, no control characters, bounded. */
export const RESUME_ARGV = field.array(field.string({ max: MAX_RESUME_BYTES, pattern: WITHOUT_CONTROL, expected: 'text without control characters' }), { min: 1, max: MAX_RESUME_ARGS })
  .describe('the command that resumes the agent\'s session, executable first')
  .map((args, fail) => {
    if (!args[0]) fail('the executable comes first');
    if (args.reduce((n, a) => n + Buffer.byteLength(a), 0) > MAX_RESUME_BYTES) fail(`at most ${MAX_RESUME_BYTES} bytes`);
    return args;
  });


export interface AgentReportInput {
  agent: string;
  ownerPid: number;
  instance: string;
  sequence: number;
  status: AgentStatus;
  sessionId?: string;
  message?: string;
  resume?: string[];
}

export interface AgentReleaseInput {
  ownerPid: number;
  instance: string;
  sequence: number;
}

/** What the pane's processes look like now; read from /proc by the caller. */
export interface ProcessFacts {
  /** Process group and start time of a live process, or null when it is gone. */
  stat(pid: number): { pgid: number; startTime: number } | null;
  /** The foreground process group of the pane's tty. */
  foregroundPgid(): number | null;
  /** The words that start a process's program again (see pty/proc.ts programOf), or null. */
  program(pid: number): string[] | null;
}

export interface AgentState {
  agent: string;
  instance: string;
  ownerPid: number;
  status: AgentStatus;
  turn: number;
  sessionId: string | null;
  message: string | null;
  resume: string[] | null;
  updatedAt: number;
}

interface Instance extends AgentState {
  startTime: number;
  pgid: number;
  sequence: number;
}

/** Everything ownership remembers, for the server that replaces this one (`server upgrade`). */
export interface OwnershipState { active: Instance | null; retired: string[]; replaced: number }

export class AgentOwnership {
  private active: Instance | null = null;
  /** Instances that were replaced or released: they can never report again. */
  private readonly retired = new Set<string>();
  private replaced = 0;

  constructor(private readonly facts: ProcessFacts) {}

  /** The owning instance while its owner lives in its group; null otherwise. Reading changes nothing. */
  current(): AgentState | null {
    const a = this.active;
    if (!a || !this.ownerAlive(a) || this.movedAway(a)) return null;
    const { startTime: _s, pgid: _p, sequence: _q, ...state } = a;
    return state;
  }

  /** Whether the owner still runs and leads reporting in the foreground right now. */
  inForeground(): boolean {
    const a = this.active;
    return !!a && this.current() !== null && this.facts.foregroundPgid() === a.pgid;
  }

  handover(): OwnershipState {
    return { active: this.active && { ...this.active }, retired: [...this.retired], replaced: this.replaced };
  }

  adopt(s: OwnershipState): void {
    this.active = s.active && { ...s.active };
    for (const i of s.retired) this.retired.add(i);
    this.replaced = s.replaced;
  }

  /** Makes the transitions time brings: an owner that moved to another group has released. */
  tick(): void {
    this.refresh();
  }

  /** `r` is checked already: the request's declaration (agent report) holds its fields' rules. */
  report(r: AgentReportInput, now = Date.now()): void {
    this.refresh();
    if (this.retired.has(r.instance)) throw new ThurmError('RETIRED_INSTANCE', `instance was replaced or released: ${r.instance}`);
    const owner = this.facts.stat(r.ownerPid);
    if (!owner) throw new ThurmError('NOT_FOREGROUND', `owner process is not running: ${r.ownerPid}`);
    if (owner.pgid !== this.facts.foregroundPgid()) {
      throw new ThurmError('NOT_FOREGROUND', `owner ${r.ownerPid} is not in the pane's foreground process group`);
    }
    const active = this.active;
    if (active && active.instance === r.instance) {
      if (active.ownerPid !== r.ownerPid || active.startTime !== owner.startTime) {
        throw new ThurmError('OWNER_MISMATCH', `instance ${r.instance} belongs to another process (pid or start time differs)`);
      }
      if (r.sequence <= active.sequence) throw new ThurmError('STALE_SEQUENCE', `sequence ${r.sequence} is not after ${active.sequence}`);
      const turn = nextTurn(active.status, r.status, active.turn);
      const sessionId = r.sessionId ?? active.sessionId;
      Object.assign(active, {
        sequence: r.sequence, status: r.status, turn, sessionId, message: messageOf(r), updatedAt: now,
        resume: r.resume ?? (sessionId === active.sessionId ? active.resume : null),
      });
      return;
    }
    if (active) {
      if (this.ownerAlive(active) && active.pgid === owner.pgid) {
        throw new ThurmError('NOT_OWNER', `process group ${owner.pgid} is owned by instance ${active.instance}`);
      }
      if (this.replaced >= MAX_REPLACED) throw new ThurmError('TOO_MANY_INSTANCES', `more than ${MAX_REPLACED} replaced instances in this pane`);
    }
    if (r.sequence < 1) throw new ThurmError('STALE_SEQUENCE', 'sequence numbers start at 1');
    if (r.resume && !r.sessionId) throw new ThurmError('INVALID_ARGUMENT', 'resume arguments need a session id');
    if (active) this.retire(active, true);
    this.active = {
      agent: r.agent, instance: r.instance, ownerPid: r.ownerPid, startTime: owner.startTime, pgid: owner.pgid,
      sequence: r.sequence, status: r.status, turn: nextTurn(null, r.status, 0), sessionId: r.sessionId ?? null,
      message: messageOf(r), resume: r.resume ?? null, updatedAt: now,
    };
  }

  release(r: AgentReleaseInput): void {
    if (!Number.isSafeInteger(r.sequence)) throw new ThurmError('INVALID_ARGUMENT', 'sequence: expected an integer');
    this.refresh();
    if (this.retired.has(r.instance)) throw new ThurmError('RETIRED_INSTANCE', `instance was replaced or released: ${r.instance}`);
    const active = this.active;
    if (!active || active.instance !== r.instance) throw new ThurmError('NOT_OWNER', `instance ${r.instance} does not own this pane`);
    const owner = this.facts.stat(r.ownerPid);
    if (active.ownerPid !== r.ownerPid || !owner || owner.startTime !== active.startTime) {
      throw new ThurmError('OWNER_MISMATCH', `instance ${r.instance} belongs to another process`);
    }
    if (owner.pgid !== this.facts.foregroundPgid()) throw new ThurmError('NOT_FOREGROUND', 'release is only accepted while the owner is in the foreground');
    if (r.sequence <= active.sequence) throw new ThurmError('STALE_SEQUENCE', `sequence ${r.sequence} is not after ${active.sequence}`);
    this.retire(active, false);
  }

  /** An owner that moved to another process group has released its instance. */
  private refresh(): void {
    if (this.active && this.movedAway(this.active)) this.retire(this.active, false);
  }

  private movedAway(a: Instance): boolean {
    const owner = this.facts.stat(a.ownerPid);
    return !!owner && owner.startTime === a.startTime && owner.pgid !== a.pgid;
  }

  private ownerAlive(a: Instance): boolean {
    return this.facts.stat(a.ownerPid)?.startTime === a.startTime;
  }

  private retire(a: Instance, replaced: boolean): void {
    this.retired.add(a.instance);
    if (replaced) this.replaced++;
    if (this.active === a) this.active = null;
  }
}

/** The turn after a transition; throws INVALID_TRANSITION for ones that make no sense. */
function nextTurn(from: AgentStatus | null, to: AgentStatus, turn: number): number {
  const inTurn = from === 'working' || from === 'needs-input';
  if (to === 'working' || to === 'needs-input') return inTurn ? turn : turn + 1;
  if (to === 'done' && !inTurn && from !== 'done') {
    throw new ThurmError('INVALID_TRANSITION', `cannot report done from ${from ?? 'no report'}: no turn is running`);
  }
  return turn;
}


/** Messages are shown in borders and notifications: no bidi or invisible characters. */
function messageOf(r: AgentReportInput): string | null {
  return r.message === undefined ? null : sanitizeText(r.message, 2048);
}

/** Resume arguments from anywhere (`--resume-json`, the socket), checked by RESUME_ARGV. */
export function checkResume(argv: unknown, what = 'resume'): string[] {
  return RESUME_ARGV.check(argv, what);
}
