// The public events stream (`subscribe` on the socket, `thurm events`): a snapshot of the
// session, then every change as one event with ids, in order. The snapshot is taken and the
// subscription made in the same turn of the event loop, so nothing falls between them.
// Events say what changed and carry the new value (a status with its source), so a consumer
// needs no second request; repeated announcements of an unchanged status are left out.
// What every stream makes of one Mux event (its status, digest, serialised fields) is made
// once for all of them, so a crowd of subscribers costs one lookup and one serialisation each.
import { unhandled } from '../errors.js';
import { paneStatus, sessionInfo } from '../commands/info.js';
import type { MuxEvent } from '../session/events.js';
import type { Mux } from '../session/mux.js';
import type { Window } from '../session/windows.js';
import type { Output } from '../fields.js';
import type { CONNECTION_MODES, EventFields, EventType, SessionInfo } from './protocol.js';

/** An event as a subscriber gets it: its envelope (`seq` numbers the stream from 1), then its fields (EVENTS). */
export type PublicEvent = { [K in EventType]: { type: K; seq: number; at: string; pane?: string } & EventFields<K> }[EventType];

/** What a `subscribe` request asks for (CONNECTION_MODES.subscribe declares it). */
export type EventFilter = Output<typeof CONNECTION_MODES.subscribe.fields>;

/** A committed status as events tell it: each commit is told once, whatever of it changed. */
function statusKey(s: SessionInfo['panes'][number]['status']): string {
  return JSON.stringify(s);
}

/**
 * The Mux hands one event object to all its listeners in the same turn: what a subscription
 * derives from it is kept with it, for the other subscriptions, until the event is collected.
 */
const derived = new WeakMap<MuxEvent, Map<string, unknown>>();
function once<T>(e: MuxEvent, what: string, make: () => T): T {
  let known = derived.get(e);
  if (!known) derived.set(e, (known = new Map()));
  if (!known.has(what)) known.set(what, make());
  return known.get(what) as T;
}

/** What a window event says of its window (WINDOW_FIELDS). */
function windowFields(mux: Mux, w: Readonly<Window>): { window: string; index: number; name: string; panes: string[] } {
  return { window: `@${w.id}`, index: w.index, name: mux.windowName(w), panes: mux.windowPaneIds(w) };
}

export interface Subscription {
  snapshot: SessionInfo;
  dispose(): void;
}

/**
 * The frame of an event: its envelope up to `seq`, which differs from stream to stream, then
 * `tail`, the UTF-8 of its fields, made once for every stream. One allocation per stream, and
 * the fields are not encoded again for each (a crowd of subscribers is the garbage collector's).
 */
function eventFrame(type: EventType, seq: number, tail: Buffer): Buffer {
  const head = `{"type":"event","event":{"type":"${type}","seq":${seq},`;
  const frame = Buffer.allocUnsafe(head.length + tail.length);
  frame.write(head, 0, 'latin1');
  tail.copy(frame, head.length);
  return frame;
}

/**
 * Subscribes `send` to the session's events, each as its frame (`{"type": "event", "event"}`,
 * UTF-8); `send` returns false when the peer is gone.
 */
export function subscribe(mux: Mux, filter: EventFilter, send: (frame: Buffer) => boolean): Subscription {
  let seq = 0;
  const lastStatus = new Map<string, string>();
  const agents = new Map<string, string | null>();
  const snapshot = sessionInfo(mux);
  for (const p of snapshot.panes) {
    lastStatus.set(p.id, statusKey(p.status));
    agents.set(p.id, p.agent?.instance ?? null);
  }
  let event: MuxEvent;
  const emit = <K extends EventType>(type: K, pane: string | undefined, ...[details]: [keyof EventFields<K>] extends [never] ? [EventFields<K>?] : [EventFields<K>]): void => {
    if (filter.pane !== undefined && pane !== undefined && pane !== filter.pane) return;
    // The end of the session always comes through: it ends the stream.
    if (filter.types && !filter.types.includes(type) && type !== 'session-ended') return;
    // The fields after `type` and `seq`, the same on every stream; the keys keep PublicEvent's order.
    const tail = once(event, `${type} ${pane}`, () => Buffer.from(`${JSON.stringify({ at: new Date().toISOString(), ...(pane !== undefined && { pane }), ...details }).slice(1)}}`));
    if (!send(eventFrame(type, ++seq, tail))) sub.dispose();
  };
  const statusOf = (id: string) => once(event, `status ${id}`, () => paneStatus(mux.pane(id)));
  const onStatus = (id: string): void => {
    const status = statusOf(id);
    // A blocked pane's event carries the digest of its screen, so a script can answer it safely;
    // the dialog drawn after the state was told is told again with its own digest.
    const digest = status.state === 'blocked' ? once(event, `digest ${id}`, () => mux.pane(id).answerDigest()) : undefined;
    const key = `${once(event, `key ${id}`, () => statusKey(status))}${digest ?? ''}`;
    const agent = mux.pane(id).agent.current();
    const before = agents.get(id) ?? null;
    if ((agent?.instance ?? null) !== before) {
      agents.set(id, agent?.instance ?? null);
      if (agent) emit('agent-bound', id, { agent: agent.agent, instance: agent.instance, ownerPid: agent.ownerPid, sessionId: agent.sessionId });
      else if (before !== null) emit('agent-released', id, { instance: before });
    }
    if (lastStatus.get(id) === key) return;
    lastStatus.set(id, key);
    emit('status-changed', id, { status, ...(digest !== undefined && { digest }) });
  };
  const onEvent = (e: MuxEvent): void => {
    switch (e.type) {
      case 'pane-added': {
        const pane = mux.pane(e.pane);
        const status = statusOf(e.pane);
        lastStatus.set(e.pane, statusKey(status));
        agents.set(e.pane, pane.agent.current()?.instance ?? null);
        return emit('pane-added', e.pane, { command: pane.argv, cwd: pane.cwd, title: pane.title, status });
      }
      case 'pane-removed':
        lastStatus.delete(e.pane);
        agents.delete(e.pane);
        return emit('pane-closed', e.pane);
      case 'pane-exited': return emit('pane-exited', e.pane, { exitCode: e.exitCode, signal: e.signal });
      case 'pane-respawned': {
        const pane = mux.pane(e.pane);
        const status = statusOf(e.pane);
        lastStatus.set(e.pane, statusKey(status));
        agents.set(e.pane, null);
        return emit('pane-respawned', e.pane, { command: pane.argv, cwd: pane.cwd, title: pane.title, status });
      }
      case 'focus-changed': return emit('focus-changed', e.pane);
      case 'layout-changed': return emit('layout-changed', undefined, { panes: mux.paneIds(), zoomed: mux.zoomed });
      case 'pane-title-changed': return emit('title-changed', e.pane, { title: mux.pane(e.pane).title });
      case 'status-changed': return onStatus(e.pane);
      case 'usage-changed': return emit('usage-changed', e.pane, { usage: mux.usages.get(e.pane) });
      case 'notification': return emit('notification', e.pane, { cause: e.notification.cause, title: e.notification.title, text: e.notification.text });
      case 'notification-delivered':
        // A `notify test` run is its command's reply, of no pane.
        if (e.kind === 'test') return;
        return emit('notification-delivered', e.pane, { route: e.route, cause: e.cause, kind: e.kind, ok: e.ok, error: e.error });
      case 'client-attached': return emit('client-attached', undefined, { client: e.client });
      case 'client-detached': return emit('client-detached', undefined, { client: e.client });
      case 'web-viewer': return emit(`web-${e.change}`, undefined, { viewer: e.viewer, view: e.view, address: e.address });
      case 'window-added': case 'window-selected': case 'window-renamed': case 'window-moved': {
        const w = mux.windowList().find((x) => x.window.id === e.window)?.window;
        return w && emit(e.type, undefined, windowFields(mux, w));
      }
      case 'window-synchronized': {
        const w = mux.windowList().find((x) => x.window.id === e.window)?.window;
        return w && emit(e.type, undefined, { ...windowFields(mux, w), synchronize: w.synchronize });
      }
      case 'window-closed': return emit('window-closed', undefined, { window: `@${e.window}` });
      case 'session-renamed': return emit('session-renamed', undefined, { from: e.from, session: e.to });
      case 'session-ended': return emit('session-ended', undefined);
      // Not on the public stream: output is read with capture, and the rest stays in the server.
      case 'pane-output': case 'pane-resized': case 'buffer-added': case 'save-changed': case 'options-changed': case 'mark-changed': case 'message-shown': case 'session-ending':
        return;
      default: return unhandled(e);
    }
  };
  const sub = mux.subscribe((e) => {
    if (e.type === 'pane-output') return;
    // A pane the Mux no longer has (closed in the same turn) has nothing left to report; a far
    // host's pane was never one of its own.
    const own = e.type !== 'pane-removed' && !(e.type === 'notification' && e.far);
    if ('pane' in e && typeof e.pane === 'string' && own && !once(e, 'placed', () => mux.paneIds().includes(e.pane as string))) return;
    event = e;
    onEvent(e);
  });
  return { snapshot, dispose: () => sub.dispose() };
}
