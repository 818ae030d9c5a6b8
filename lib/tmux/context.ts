// What a shim command works with: requests to the session's server (the same the thurm CLI
// sends, over one connection opened on first use), the session as tmux names it, and stdout.
import fs from 'node:fs';
import path from 'node:path';
import { Connection } from '../cli/connection.js';
import { printable } from '../sanitize.js';
import type { PaneInfo, RequestFields, RequestType, ResultOf } from '../server/protocol.js';
import { sessionNames, socketPath } from '../server/socket-path.js';
import type { Parsed } from './args.js';
import { expand, truthy } from './format.js';
import { SessionView } from './session-view.js';

export interface ShimCommand {
  name: string;
  aliases?: string[];
  /** tmux getopt flags (`dhl:t:`); any other flag is unsupported. */
  flags: string;
  /** -t names where the command sends a client, not the session whose server it asks (switch-client). */
  targetElsewhere?: true;
  /** `run` runs tmux commands, each as its words, as the command line's are (if-shell's, run-shell -C's). */
  run(ctx: ShimContext, args: Parsed, run: (commands: string[][]) => Promise<void>): Promise<void>;
}

/** Sends one request of the command table and resolves with its result (waiting as long as it takes when `waits`). */
export type Send = (type: string, fields: Record<string, unknown>, waits: boolean) => Promise<unknown>;

export interface ShimOptions {
  /** -L or -S chose the socket, so a target's session name does not. */
  explicit?: boolean;
  /** How requests reach the session's server: by default over a connection to `socket`; the server's own `:` prompt runs them in place. */
  send?: Send;
  /** Run for an attached client (its `:` prompt), where attaching would nest a session in it. */
  inClient?: boolean;
  /** tmux's -f FILE: the commands a session this call starts runs first (new-session). */
  configFile?: string;
}

export class ShimContext {
  private connection: Promise<Connection> | null = null;
  /** Contexts of other sessions' sockets this call used, closed with this one. */
  private readonly others = new Map<string, ShimContext>();
  /** The call's exit status when no command failed: run-shell's command's, as tmux gives it. */
  readonly result: { status: number };
  readonly explicit: boolean;
  readonly inClient: boolean;
  readonly configFile: string | undefined;
  private readonly send: Send;

  /** `self`: the caller's pane ($TMUX_PANE) when it belongs to `socket`. */
  constructor(readonly socket: string, private readonly self: string | undefined, readonly out: (text: string) => void, options: ShimOptions = {}, result = { status: 0 }) {
    this.explicit = options.explicit ?? false;
    this.inClient = options.inClient ?? false;
    this.configFile = options.configFile;
    this.result = result;
    this.send = options.send ?? (async (type, fields, waits) => {
      this.connection ??= Connection.open(this.socket);
      const connection = await this.connection;
      return waits ? connection.request(type, fields, null) : connection.request(type, fields);
    });
  }

  /** The context of the session served on `socket` (this one's when it is the same). */
  at(socket: string): ShimContext {
    if (socket === this.socket) return this;
    let other = this.others.get(socket);
    if (!other) this.others.set(socket, (other = new ShimContext(socket, undefined, this.out, { explicit: true, inClient: this.inClient, configFile: this.configFile }, this.result)));
    return other;
  }

  /**
   * The context a command with target `-t` works in: a target naming a running session by
   * its name (`work`, `work:1.0`) is that session's, as from outside tmux; ids and windows stay here.
   */
  forTarget(target: string | undefined): ShimContext {
    if (this.explicit || !target || /^[%@$:]/.test(target)) return this;
    const name = target.replace(/^=/, '').split(':')[0];
    try {
      const socket = socketPath(name);
      return fs.existsSync(socket) ? this.at(socket) : this;
    } catch {
      return this;
    }
  }

  /** A request of the command table, typed by its declaration; `waits`: for as long as its answer takes (wait-for). */
  async request<K extends RequestType>(type: K, fields: RequestFields<K>, waits = false): Promise<ResultOf<K>> {
    return (await this.send(type, fields as Record<string, unknown>, waits)) as ResultOf<K>;
  }

  /**
   * Every running session with its view, by socket: one tmux server serves all its sessions (what
   * `-a` and list-sessions list), thurm runs a server per session, their sockets side by side
   * (just this one when -L or -S chose it). Fails as tmux does when none runs.
   */
  async sessions(): Promise<{ session: ShimContext; view: SessionView }[]> {
    const dir = path.dirname(this.socket);
    const sockets = this.explicit ? [this.socket] : [...new Set([this.socket, ...sessionNames(this.socket).map((name) => path.join(dir, `${name}.sock`))])];
    const found: { session: ShimContext; view: SessionView }[] = [];
    for (const socket of sockets.sort()) {
      const session = this.at(socket);
      // A socket whose server does not answer is a session that has ended.
      const view = await session.view().catch(() => null);
      if (view) found.push({ session, view });
    }
    if (!found.length) await this.view();
    return found;
  }

  /** The session as it is now (asked again after every change a command makes). */
  async view(): Promise<SessionView> {
    return new SessionView(await this.request('info', {}), this.self, this.socket);
  }

  /** A format expanded for a pane; the values (program text: titles, paths) made inert. `extra`: variables asked for apart (history). */
  format(view: SessionView, pane: PaneInfo, format: string, extra: Record<string, string> = {}): string {
    const vars = { ...view.variables(pane), ...extra };
    return expand(format, (name) => (Object.hasOwn(vars, name) ? printable(vars[name]) : undefined));
  }

  /** A list command's line for a pane: `format` expanded, or null when the `-f` filter is false for it. */
  listLine(view: SessionView, pane: PaneInfo, format: string, filter: string | undefined, extra: Record<string, string> = {}): string | null {
    return filter === undefined || truthy(this.format(view, pane, filter, extra)) ? this.format(view, pane, format, extra) : null;
  }

  /** Prints lines, each ended by a newline as tmux does. */
  print(lines: string[]): void {
    if (lines.length) this.out(`${lines.join('\n')}\n`);
  }

  async close(): Promise<void> {
    for (const other of this.others.values()) await other.close();
    if (this.connection) (await this.connection.catch(() => null))?.close();
  }
}
