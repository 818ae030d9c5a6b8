// `[[notify.route]]`: commands that carry a pane's notifications beyond its terminal (a phone, a
// chat, a webhook). A route runs once a notification of a cause it takes has gone unanswered for
// its `after`, again every `repeat` while it stays so, and its `resolved` command once the user
// looked at the pane, its state moved on or it closed. The notifier already tells each cause once
// (notifier.ts); a route runs for it at most once but for its repeats. Commands are argv, never a
// shell: the event comes as JSON on stdin and in THURM_NOTIFY_* variables. They run with a
// timeout, a few at a time, the rest waiting in a bounded queue, so a hung command holds nothing
// up; each run is announced (a `notification-delivered` event) and counted per route for `info`.
import { spawn } from 'node:child_process';
import { sanitizeText } from '../sanitize.js';
import type { NotificationCause, StatusNotification } from '../status/program-status.js';

export interface NotifyRoute {
  name: string;
  causes: NotificationCause[];
  afterMs: number;
  command: string[];
  /** 0: no repeat. */
  repeatMs: number;
  resolved: string[] | null;
  timeoutMs: number;
}

export type DeliveryKind = 'notify' | 'repeat' | 'resolved' | 'test';

export interface Delivery { route: string; pane: string; cause: NotificationCause; kind: DeliveryKind; ok: boolean; error: string | null }

export interface RouteStats { name: string; delivered: number; failed: number; lastError: string | null; lastAt: string | null }

/** Route commands running at once, at most, and waiting behind them (the rest are dropped, and counted failed). */
const MAX_RUNNING = 4;
const MAX_WAITING = 64;
/** What a command may print that is kept for its error message. */
const MAX_STDERR = 512;

interface Pending { route: NotifyRoute; pane: string; n: StatusNotification; timer: NodeJS.Timeout | null; runs: number }

export class NotifyRoutes {
  private readonly pending = new Map<string, Pending>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly stats = new Map<string, RouteStats>();

  constructor(
    private readonly routes: () => readonly NotifyRoute[],
    private readonly session: () => string,
    private readonly delivered: (d: Delivery) => void,
  ) {}

  /** A notification was raised in `pane`: each route that takes its cause runs after its wait, unless answered first. */
  notified(pane: string, n: StatusNotification): void {
    for (const route of this.routes()) {
      if (!route.causes.includes(n.cause)) continue;
      const key = `${route.name}\0${pane}`;
      // A newer cause of the pane takes the place of the one still waiting on this route.
      this.drop(key);
      const p: Pending = { route, pane, n, timer: null, runs: 0 };
      this.pending.set(key, p);
      this.wait(key, p, route.afterMs);
    }
  }

  /**
   * The pane's notifications are answered (the user looked, it closed), or those whose cause it
   * no longer shows (`stillShows`): each route that ran for one runs its `resolved` command.
   */
  answered(pane: string, stillShows: (cause: NotificationCause) => boolean = () => false): void {
    for (const [key, p] of this.pending) {
      if (p.pane !== pane || stillShows(p.n.cause)) continue;
      this.drop(key);
      if (p.runs > 0 && p.route.resolved) void this.run(p.route, p.route.resolved, p.pane, p.n, 'resolved');
    }
  }

  /** `thurm notify test`: a sample notification through the route named (every route when none), at once. */
  test(name?: string): Promise<Delivery[]> {
    const routes = this.routes().filter((r) => name === undefined || r.name === name);
    const sample: StatusNotification = { cause: 'blocked', title: 'thurm test', text: 'a test of [[notify.route]]' };
    return Promise.all(routes.map((r) => this.run(r, r.command, 'test', sample, 'test')));
  }

  /** Each route's runs so far. */
  describe(): RouteStats[] {
    return this.routes().map((r) => ({ ...this.statsOf(r.name) }));
  }

  dispose(): void {
    for (const key of [...this.pending.keys()]) this.drop(key);
  }

  private wait(key: string, p: Pending, ms: number): void {
    p.timer = setTimeout(() => {
      p.timer = null;
      if (this.pending.get(key) !== p) return;
      void this.run(p.route, p.route.command, p.pane, p.n, p.runs++ === 0 ? 'notify' : 'repeat');
      if (p.route.repeatMs > 0) this.wait(key, p, p.route.repeatMs);
    }, ms);
  }

  private drop(key: string): void {
    const p = this.pending.get(key);
    if (!p) return;
    if (p.timer) clearTimeout(p.timer);
    this.pending.delete(key);
  }

  private statsOf(name: string): RouteStats {
    let s = this.stats.get(name);
    if (!s) this.stats.set(name, (s = { name, delivered: 0, failed: 0, lastError: null, lastAt: null }));
    return s;
  }

  private async run(route: NotifyRoute, argv: string[], pane: string, n: StatusNotification, kind: DeliveryKind): Promise<Delivery> {
    const failure = await this.slot(() => this.spawn(route, argv, pane, n, kind));
    // What a command printed is its own text: inert before a log, `info` or an event shows it.
    const error = failure === null ? null : sanitizeText(failure, MAX_STDERR);
    const s = this.statsOf(route.name);
    s.lastAt = new Date().toISOString();
    if (error === null) s.delivered++;
    else {
      s.failed++;
      s.lastError = error;
      console.error(`thurm: notify route ${route.name} (${kind}, pane ${pane}): ${error}`);
    }
    const d: Delivery = { route: route.name, pane, cause: n.cause, kind, ok: error === null, error };
    this.delivered(d);
    return d;
  }

  /** Runs `job` once fewer than MAX_RUNNING run; an error message when the queue is full. */
  private async slot(job: () => Promise<string | null>): Promise<string | null> {
    if (this.running >= MAX_RUNNING) {
      if (this.waiting.length >= MAX_WAITING) return `dropped: ${MAX_RUNNING} route commands ran and ${MAX_WAITING} waited`;
      await new Promise<void>((go) => this.waiting.push(go));
    }
    this.running++;
    try {
      return await job();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  /** Runs one command to its end or its timeout: null when it exited 0, else why not. */
  private spawn(route: NotifyRoute, argv: string[], pane: string, n: StatusNotification, kind: DeliveryKind): Promise<string | null> {
    const event = { route: route.name, kind, session: this.session(), pane, cause: n.cause, title: n.title, text: n.text, at: new Date().toISOString() };
    return new Promise((resolve) => {
      const child = spawn(argv[0], argv.slice(1), {
        stdio: ['pipe', 'ignore', 'pipe'],
        timeout: route.timeoutMs,
        env: {
          ...process.env, THURM_NOTIFY_ROUTE: route.name, THURM_NOTIFY_KIND: kind, THURM_NOTIFY_SESSION: event.session,
          THURM_NOTIFY_PANE: pane, THURM_NOTIFY_CAUSE: n.cause, THURM_NOTIFY_TITLE: n.title, THURM_NOTIFY_TEXT: n.text,
        },
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr = (stderr + d).slice(-MAX_STDERR); });
      child.stdin.on('error', () => undefined);
      child.stdin.end(`${JSON.stringify(event)}\n`);
      child.once('error', (err) => resolve(err.message));
      child.once('close', (code, signal) => {
        const why = stderr.trim().split('\n').pop() ?? '';
        if (signal) resolve(`${signal === 'SIGTERM' ? `timed out after ${route.timeoutMs / 1000} s` : `killed by ${signal}`}${why ? `: ${why}` : ''}`);
        else resolve(code === 0 ? null : `exited ${code}${why ? `: ${why}` : ''}`);
      });
    });
  }
}
