// Watches one pane of a session as a script would: every status, notification and title event on one
// connection (so a false state between two polls still shows), and polls of its info, screen
// and explanation over another (a subscribed connection only receives events).
import { Connection } from '../../lib/cli/connection.js';
import type { AgentExplanation, PaneInfo, SessionInfo } from '../../lib/server/protocol.js';
import type { ThurmEnv } from './thurm-env.js';
import { waitUntil } from './wait.js';

export interface SeenEvent { type: string; at: string; pane?: string; status?: { state: string; source: string }; cause?: string; usage?: any }

export interface PaneWatch {
  /** This pane's events so far, in order. */
  events(): SeenEvent[];
  info(): Promise<PaneInfo>;
  screen(): Promise<string>;
  explain(): Promise<AgentExplanation>;
  /** Polls until `probe` accepts the pane's info and screen; both, and its events, in the message when it never does. */
  waitFor<T>(probe: (p: PaneInfo, screen: string) => T, what: string, timeoutMs: number): Promise<NonNullable<T>>;
  close(): void;
}

export async function watchPane(env: ThurmEnv, pane: string, types = ['status-changed', 'notification', 'title-changed']): Promise<PaneWatch> {
  const events = await Connection.open(env.socket);
  const polls = await Connection.open(env.socket);
  const seen: SeenEvent[] = [];
  events.ws.on('message', (data, isBinary) => {
    const msg = JSON.parse(data.toString());
    if (!isBinary && msg.type === 'event' && msg.event.pane === pane) seen.push(msg.event);
  });
  await events.request('subscribe', { types });
  const info = async () => (await polls.request<SessionInfo>('info')).panes.find((p) => p.id === pane)!;
  const screen = async () => (await polls.request<{ lines: string[] }>('capture', { pane })).lines.join('\n');
  return {
    events: () => [...seen],
    info,
    screen,
    explain: () => polls.request<AgentExplanation>('agent-explain', { pane }),
    waitFor: async (probe, what, timeoutMs) => {
      let last: PaneInfo | null = null;
      let text = '';
      return waitUntil(async () => {
        last = await info();
        text = await screen();
        return probe(last, text);
      }, () => `${what}; pane ${pane}: ${JSON.stringify(last)}\n${text}\nevents: ${JSON.stringify(seen)}`, timeoutMs);
    },
    close: () => {
      events.close();
      polls.close();
    },
  };
}
