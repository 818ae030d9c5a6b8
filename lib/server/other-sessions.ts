// This user's other sessions as the status line and the session chooser show them: each one's
// most pressing state and how many of its panes need the user, so a blocked agent in `scratch`
// shows while the client is in `default`. Asked of each session's server (`agents`, a small
// reply) every POLL_MS over one open connection, and only while a client is attached here: no
// one else would see it. One question at a time per session; one that does not answer within
// ASK_MS is left out until it does, and nothing here ever waits on it.
import path from 'node:path';
import { Connection } from '../cli/connection.js';
import type { State } from '../status/osc7501.js';
import { isState, needsYou, overviewRank } from '../status/states.js';
import { sessionsIn } from './socket-path.js';

const POLL_MS = 2000;
const ASK_MS = 2000;

export interface OtherSession {
  name: string;
  /** Its most pressing state ('none' when no pane has a status). */
  state: State | 'none';
  /** How many of its panes need the user (blocked, error, an unseen done). */
  needYou: number;
}

/** A session as its panes' states make it: the most pressing one, and how many need the user. Unknown states count for nothing. */
export function sessionState(name: string, paneStates: readonly string[]): OtherSession {
  const states = paneStates.filter(isState).sort((a, b) => overviewRank(a) - overviewRank(b));
  return { name, state: states[0] ?? 'none', needYou: states.filter(needsYou).length };
}

/** What a client screen reads: the other sessions at the last look, by name. */
export interface OtherSessionsView {
  list(): readonly OtherSession[];
}

interface Link {
  connection: Connection | null;
  asking: boolean;
  known: OtherSession | null;
  /** Answered once since the look began: what presses at the first answer is no news. */
  answered: boolean;
}

export class OtherSessions implements OtherSessionsView {
  private readonly links = new Map<string, Link>();
  private shown: readonly OtherSession[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    /** This server's socket: its siblings are the other sessions. */
    private readonly socket: () => string,
    private readonly changed: () => void,
    /** More of a session's panes need the user than at the last look (flashed in the status line). */
    private readonly news: (session: OtherSession) => void = () => {},
  ) {}

  list(): readonly OtherSession[] {
    return this.shown;
  }

  /** Starts looking (a client attached); looking already, nothing changes. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.look(), POLL_MS).unref();
    this.look();
  }

  /** Stops looking and closes every connection (the last client left, the server ends). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const link of this.links.values()) link.connection?.close();
    this.links.clear();
    this.shown = [];
  }

  private look(): void {
    const dir = path.dirname(this.socket());
    const self = path.basename(this.socket(), '.sock');
    const names = new Set(sessionsIn(dir).filter((n) => n !== self));
    for (const [name, link] of this.links) {
      if (names.has(name)) continue;
      link.connection?.close();
      this.links.delete(name);
    }
    for (const name of names) {
      let link = this.links.get(name);
      if (!link) this.links.set(name, (link = { connection: null, asking: false, known: null, answered: false }));
      if (!link.asking) void this.ask(path.join(dir, `${name}.sock`), name, link);
    }
    this.publish();
  }

  private async ask(socket: string, name: string, link: Link): Promise<void> {
    link.asking = true;
    try {
      link.connection ??= await Connection.open(socket, ASK_MS);
      const { agents } = await link.connection.request<{ agents: { state: string }[] }>('agents');
      const known = sessionState(name, agents.map((a) => a.state));
      if (link.answered && known.needYou > (link.known?.needYou ?? 0) && this.links.get(name) === link) this.news(known);
      link.known = known;
      link.answered = true;
    } catch {
      // Gone, stopped or busy: left out, asked again on a fresh connection next time.
      link.connection?.close();
      link.connection = null;
      link.known = null;
    } finally {
      link.asking = false;
    }
    // Stopped meanwhile (or the session went away): this answer is nobody's.
    if (this.links.get(name) === link) this.publish();
    else link.connection?.close();
  }

  private publish(): void {
    const next = [...this.links.values()].flatMap((l) => (l.known ? [l.known] : [])).sort((a, b) => a.name.localeCompare(b.name));
    if (JSON.stringify(next) === JSON.stringify(this.shown)) return;
    this.shown = next;
    this.changed();
  }
}
