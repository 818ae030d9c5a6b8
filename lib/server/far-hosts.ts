// The far hosts' agents, live in this session (the overview, `thurm agents`): one link per host
// in hosts.json, over OpenSSH. A link is two `ssh ... thurm proxy` channels of one shared ssh
// connection: one subscribed to the far session's events, one that asks its `agents` whenever an
// event says something changed (and so stays exact without mirroring the far Mux here). ssh runs
// with BatchMode: a host that wants a password is marked `needs-login`, never prompted for. A
// link that fails is tried again with backoff; what it last knew stays, marked stale with its age.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { Duplex } from 'node:stream';
import { Connection } from '../cli/connection.js';
import { ERROR_CODES, ThurmError } from '../errors.js';
import { sanitizeText } from '../sanitize.js';
import type { AgentRow } from '../session/agents.js';
import { USAGE_FIELD, type ReportedUsage } from '../agent/usage.js';
import { type FarHostState, hostsPath, PROXY_HEADER, readHosts, sshArgv, type Host } from '../session/hosts.js';
import { SOURCES, type StatusNotification } from '../status/program-status.js';
import { isState, needsYou } from '../status/states.js';
import { type OtherSession, sessionState } from './other-sessions.js';
import { PROTOCOL_VERSION } from './protocol.js';

export interface FarHostView {
  name: string;
  dest: string;
  state: FarHostState;
  /** What ssh or the far thurm said when the link failed (sanitised), else null. */
  error: string | null;
  /** When the link entered this state (ms since the epoch, this host's clock). */
  since: number;
  /** When its agents were last known to be current; null: never. Rows are stale unless `live`. */
  seenAt: number | null;
  /** Its panes with a status as last known, `since` on this host's clock. */
  agents: readonly AgentRow[];
  /** The pid of the ssh that carries its events, while it runs. */
  pid: number | null;
}

/**
 * Each live far host as the status line counts another session (`build:◆1`): its most pressing
 * state and how many of its panes need the user. A host not live counts for nothing: stale.
 */
export function hostsAsSessions(hosts: readonly FarHostView[]): OtherSession[] {
  return hosts.filter((h) => h.state === 'live').map((h) => sessionState(`${h.name}:`, h.agents.map((a) => a.state)));
}

/** What a client screen and the commands read. */
export interface FarHostsView {
  list(): readonly FarHostView[];
  /** Focuses a far pane through the host's link (prefix `a`, Enter on a far row). */
  focus(host: string, pane: string): Promise<void>;
}

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 60_000;
/** How long ssh may take to log in and the far thurm to say what it speaks. */
const OPEN_MS = 20_000;
const MAX_HEADER = 256;
const MAX_STDERR = 4096;
const WATCH_MS = 2000;
/** A far pane id as a far server gives it (a digit string; a bound on anything else). */
const PANE_ID = /^[A-Za-z0-9%_-]{1,32}$/;
/** The events that can change what `agents` answers. */
const TRIGGERS = ['status-changed', 'usage-changed', 'pane-added', 'pane-closed', 'pane-respawned', 'window-moved', 'window-closed'];

/** A far row's usage when it is one (a far thurm's checked like a request's), else null. */
export function farUsage(v: unknown): ReportedUsage | null {
  try {
    return v == null ? null : USAGE_FIELD.check(v, 'usage');
  } catch {
    return null;
  }
}

/** A host's link failed: in which state, and what was said. */
class LinkFailure extends Error {
  constructor(readonly state: FarHostState, message: string) {
    super(message);
  }
}

/** The state a failed `ssh ... thurm proxy` leaves, from its exit status and what it printed last. */
export function failureOf(status: number | null, stderr: string): LinkFailure {
  const said = sanitizeText(stderr.trim().split('\n').filter(Boolean).pop()?.replace(/^thurm: /, '') ?? '', 200);
  if (status === 255) {
    const login = /permission denied|password|passphrase|host key verification failed|authenticity/i.test(stderr);
    return new LinkFailure(login ? 'needs-login' : 'unreachable', said || 'ssh failed');
  }
  if (status === ERROR_CODES.SERVER_UNAVAILABLE.exit) return new LinkFailure('no-session', said || 'no session running there');
  if (status === ERROR_CODES.PROTOCOL_ERROR.exit) return new LinkFailure('incompatible', said || 'the far thurm speaks another protocol');
  return new LinkFailure('failed', said || `the far thurm exited ${status}`);
}

interface Channel {
  child: ChildProcess;
  connection: Connection;
}

class FarHost implements FarHostView {
  state: FarHostState = 'connecting';
  error: string | null = null;
  since = Date.now();
  seenAt: number | null = null;
  agents: AgentRow[] = [];
  private events: Channel | null = null;
  private requests: Channel | null = null;
  private retryMs = FIRST_RETRY_MS;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private asking = false;
  private askAgain = false;
  /** The far rows already told as news (pane and the far time it entered its state). */
  private told = new Set<string>();

  constructor(
    readonly host: Host,
    private readonly controlDir: string,
    private readonly changed: () => void,
    private readonly news: (pane: string, n: StatusNotification) => void,
  ) {
    void this.connect();
  }

  get name(): string {
    return this.host.name;
  }

  get dest(): string {
    return this.host.dest;
  }

  get pid(): number | null {
    return this.events?.child.pid ?? null;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.close();
  }

  async focus(pane: string): Promise<void> {
    if (!this.requests || this.state !== 'live') throw new ThurmError('SERVER_UNAVAILABLE', `host ${this.name}: ${this.state}${this.error ? `: ${this.error}` : ''}`);
    await this.requests.connection.request('focus', { pane });
  }

  private async connect(): Promise<void> {
    try {
      this.events = await this.channel();
      this.events.connection.ws.on('message', (data, binary) => {
        if (!binary && data.includes('"type":"event"')) void this.ask();
      });
      await this.events.connection.request('subscribe', { types: TRIGGERS });
      // The second channel goes through the connection the first made.
      this.requests = await this.channel();
      await this.ask();
    } catch (err) {
      if (this.stopped) return;
      this.failed(err instanceof LinkFailure ? err : new LinkFailure(this.state === 'live' ? 'lost' : 'unreachable', sanitizeText((err as Error).message, 200)));
    }
  }

  /** A channel opened for this link, which reports its own end; none once the link is stopped. */
  private async channel(): Promise<Channel> {
    const channel = await this.open();
    if (this.stopped) {
      channel.connection.close();
      channel.child.kill('SIGTERM');
      throw new Error('stopped');
    }
    channel.connection.ws.once('close', () => this.dropped(channel));
    return channel;
  }

  /** One `ssh ... thurm proxy`, its header read and checked, and a connection over it. */
  private open(): Promise<Channel> {
    const args = ['proxy', '--protocol', String(PROTOCOL_VERSION)];
    const child = spawn('ssh', sshArgv(this.host, { args, controlDir: this.controlDir, background: true }), { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => { stderr = (stderr + d.toString('utf8')).slice(-MAX_STDERR); });
    child.stdin!.on('error', () => {});
    return new Promise<Channel>((resolve, reject) => {
      let head = Buffer.alloc(0);
      const fail = (e: LinkFailure) => {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.kill('SIGKILL');
        reject(e);
      };
      const timer = setTimeout(() => fail(new LinkFailure('unreachable', `no answer within ${OPEN_MS / 1000}s`)), OPEN_MS);
      const onData = (chunk: Buffer) => {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf(10);
        if (end < 0) {
          if (head.length > MAX_HEADER) fail(new LinkFailure('incompatible', 'the far side is no thurm proxy'));
          return;
        }
        const m = PROXY_HEADER.exec(head.subarray(0, end).toString('utf8'));
        if (!m) return fail(new LinkFailure('incompatible', 'the far side is no thurm proxy'));
        if (Number(m[1]) !== PROTOCOL_VERSION) return fail(new LinkFailure('incompatible', `the far thurm (${sanitizeText(m[2], 32)}) speaks protocol ${m[1]}, this one ${PROTOCOL_VERSION}`));
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.stdout!.pause();
        if (end + 1 < head.length) child.stdout!.unshift(head.subarray(end + 1));
        child.off('exit', onExit);
        const stream = Duplex.from({ readable: child.stdout!, writable: child.stdin! });
        child.once('exit', () => stream.destroy());
        Connection.over(stream, `host ${this.name}`).then((connection) => resolve({ child, connection }), (err) => {
          child.kill('SIGKILL');
          reject(err);
        });
      };
      const onExit = (status: number | null) => {
        // What it printed last may still be on its way.
        setImmediate(() => fail(failureOf(status, stderr)));
      };
      child.stdout!.on('data', onData);
      child.once('exit', onExit);
      child.once('error', (err) => fail(new LinkFailure('failed', `cannot run ssh: ${err.message}`)));
    });
  }

  /** Asks the far `agents` (once at a time; asked again when something changed meanwhile). */
  private async ask(): Promise<void> {
    if (this.asking) return void (this.askAgain = true);
    this.asking = true;
    try {
      do {
        this.askAgain = false;
        if (!this.requests) return;
        const { agents } = await this.requests.connection.request<{ agents: (Omit<AgentRow, 'since'> & { since: string; forMs: number; host?: string | null })[] }>('agents');
        const now = Date.now();
        // Its own far hosts' rows are theirs to show; program text from there is made inert here too.
        const rows = agents.filter((a) => !a.host && isState(a.state) && Number.isInteger(a.window) && PANE_ID.test(a.pane));
        this.agents = rows.map((a) => ({
          pane: a.pane, window: a.window, state: a.state, source: SOURCES.includes(a.source) ? a.source : 'none', since: now - Math.max(0, Number(a.forMs) || 0),
          app: a.app === null ? null : sanitizeText(String(a.app), 64), text: sanitizeText(String(a.text), 4096), usage: farUsage(a.usage),
        }));
        this.tell(rows);
        this.retryMs = FIRST_RETRY_MS;
        this.seenAt = now;
        this.set('live', null);
      } while (this.askAgain);
    } catch (err) {
      // A channel that closed says so itself (dropped()); one that stays open and does not
      // answer is a far session frozen or gone: what it showed is no longer live.
      if (!this.stopped && this.requests && !this.requests.connection.closed) this.failed(new LinkFailure('lost', `the far session did not answer: ${sanitizeText((err as Error).message, 160)}`));
    } finally {
      this.asking = false;
    }
  }

  /** Each far pane that entered a state needing the user is news once (not again after a reconnect). */
  private tell(agents: readonly { pane: string; state: string; app: string | null; text: string; since: string }[]): void {
    const keys = new Set<string>();
    for (const a of agents) {
      if (!needsYou(a.state as AgentRow['state'])) continue;
      const key = `${a.pane}@${a.since}`;
      keys.add(key);
      if (this.told.has(key)) continue;
      const cause = a.state === 'blocked' || a.state === 'error' || a.state === 'done' ? a.state : 'blocked';
      const app = a.app === null ? 'pane' : sanitizeText(String(a.app), 64);
      this.news(`${this.name}:${a.pane}`, { cause, title: `${app} ${a.state} on ${this.name}`, text: sanitizeText(String(a.text), 4096) });
    }
    this.told = keys;
  }

  private dropped(channel: Channel): void {
    if (this.events !== channel && this.requests !== channel) return;
    this.failed(new LinkFailure('lost', 'the link dropped'));
  }

  private failed(e: LinkFailure): void {
    if (this.timer) clearTimeout(this.timer);
    this.close();
    if (this.stopped) return;
    this.set(e.state, e.message);
    if (e.state === 'incompatible') this.retryMs = MAX_RETRY_MS;
    this.timer = setTimeout(() => void this.connect(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
  }

  private close(): void {
    for (const channel of [this.events, this.requests]) {
      channel?.connection.close();
      channel?.child.kill('SIGTERM');
    }
    this.events = this.requests = null;
  }

  private set(state: FarHostState, error: string | null): void {
    if (state !== this.state) this.since = Date.now();
    const same = state === this.state && error === this.error;
    this.state = state;
    this.error = error;
    if (!same || state === 'live') this.changed();
  }
}

export class FarHosts implements FarHostsView {
  private readonly hosts = new Map<string, FarHost>();
  private readonly file: string;
  private watching = false;

  constructor(
    /** Where ssh keeps its shared connections: this user's private socket folder. */
    private readonly controlDir: string,
    private readonly changed: () => void,
    private readonly news: (pane: string, n: StatusNotification) => void,
    env: NodeJS.ProcessEnv = process.env,
  ) {
    this.file = hostsPath(env);
  }

  list(): readonly FarHostView[] {
    return [...this.hosts.values()];
  }

  async focus(host: string, pane: string): Promise<void> {
    const far = this.hosts.get(host);
    if (!far) throw new ThurmError('NOT_FOUND', `no host named ${host}`);
    await far.focus(pane);
  }

  /** Links every host of hosts.json, and follows the file's changes. */
  start(): void {
    this.load();
    if (this.watching) return;
    this.watching = true;
    fs.watchFile(this.file, { interval: WATCH_MS, persistent: false }, () => this.load());
  }

  stop(): void {
    if (this.watching) fs.unwatchFile(this.file);
    this.watching = false;
    for (const far of this.hosts.values()) far.stop();
    this.hosts.clear();
  }

  /** Links the hosts the file names now: a host whose entry changed is linked again. */
  private load(): void {
    let wanted: Map<string, Host>;
    try {
      wanted = readHosts(this.file);
    } catch (err) {
      console.error(`thurm: ${(err as Error).message}`);
      return;
    }
    for (const [name, far] of this.hosts) {
      if (JSON.stringify(wanted.get(name)) === JSON.stringify(far.host)) continue;
      far.stop();
      this.hosts.delete(name);
    }
    for (const [name, host] of wanted) {
      if (!this.hosts.has(name)) this.hosts.set(name, new FarHost(host, this.controlDir, this.changed, this.news));
    }
    this.changed();
  }
}
