// Every notification of the session, decided in one place. Three causes: a pane's status
// entering a state that needs you (states.ts), or saying something new there, whichever source
// made it (record, report, hook, screen rule, AI); a program asking for attention itself (OSC
// 9/777/99, the bell); and its agent's usage crossing a threshold. One limit for all, and the
// same news is never told twice before the user has looked at the pane.
import type { StatusNotification, StatusSummary } from '../status/program-status.js';
import { needsYou } from '../status/states.js';

/** At most this many notifications per pane in NOTIFY_WINDOW_MS. */
export const NOTIFY_LIMIT = 3;
export const NOTIFY_WINDOW_MS = 10_000;
/**
 * News this close together tells of one cause, raised once, whichever source saw it first: a
 * bell and its pane entering a state that needs you (Codex rings as its turn ends), a program's
 * own notification and its pane becoming blocked (an agent rings as its dialog opens), or another
 * source telling of the state the pane just entered (Claude's report of the dialog a screen rule
 * saw first). A source that says something new itself is news.
 */
export const SAME_MOMENT_MS = 2000;
/** The news remembered per pane (a program that says something new each time is bounded). */
const MAX_TOLD = 32;

interface PaneNews {
  /** The status last seen, its source, and the news already told since the user last looked. */
  state: string;
  source: string;
  /** The news the pane shows now, and the news it showed when the user last looked, while it still does. */
  current: string | null;
  seenNow: string | null;
  told: string[];
  sent: number[];
  /** When the program last asked for attention, and when the pane last entered a state that needs you. */
  askedAt: number;
  askedBell: boolean;
  enteredAt: number;
}

export class Notifier {
  private readonly panes = new Map<string, PaneNews>();

  constructor(private readonly raise: (pane: string, n: StatusNotification) => void, private readonly now: () => number = Date.now) {}

  /** The pane's status may have changed. */
  statusChanged(pane: string, s: StatusSummary): void {
    const p = this.news(pane);
    const entered = p.state !== s.state;
    const otherSource = p.source !== s.source;
    p.state = s.state;
    p.source = s.source;
    const news = newsOf(s);
    p.current = news;
    if (news !== p.seenNow) p.seenNow = null;
    if (news === null || news === p.seenNow || p.told.includes(news)) return;
    // Only entering the state, or a new question or message in it, is news: a source taking
    // over with nothing new to say is not.
    if (!entered && !s.text) return;
    this.remember(p, news);
    const now = this.now();
    // A bare bell says no more than the state does; a program's text is news of its own, but for a question.
    const asked = now - p.askedAt < SAME_MOMENT_MS && (p.askedBell || s.state === 'blocked');
    const sameCause = asked || (!entered && otherSource && now - p.enteredAt < SAME_MOMENT_MS);
    if (entered) p.enteredAt = now;
    // Blocked by the program's own notification: that notification was the news.
    if (s.source === 'notification' || sameCause) return;
    this.send(p, now, pane, { cause: s.state as 'blocked' | 'done' | 'error', title: `${s.app ?? 'pane'} ${s.state}`, text: s.text });
  }

  /** The program in the pane asked for attention (OSC 9/777/99, the bell). */
  programAsked(pane: string, n: StatusNotification): void {
    const p = this.news(pane);
    const now = this.now();
    p.askedAt = now;
    p.askedBell = n.cause === 'bell';
    // The same request again (a flood of bells) is not news until the pane is seen.
    const news = `${n.cause}\0${n.title}\0${n.text}`;
    if (p.told.includes(news)) return;
    this.remember(p, news);
    const sameCause = now - p.enteredAt < SAME_MOMENT_MS && (n.cause === 'bell' || p.state === 'blocked');
    if (!sameCause) this.send(p, now, pane, n);
  }

  /** The pane's agent crossed a usage threshold (agent-usages.ts raises each crossing once). */
  usage(pane: string, n: StatusNotification & { cause: 'usage' }): void {
    this.send(this.news(pane), this.now(), pane, n);
  }

  /**
   * A pane whose status is already there when the notifier first sees it (adopted at `server
   * upgrade`, restored): what it shows is no news.
   */
  known(pane: string, s: StatusSummary): void {
    const p = this.news(pane);
    p.state = s.state;
    p.source = s.source;
    p.current = newsOf(s);
    p.seenNow = p.current;
    p.told = [];
  }

  /**
   * The user looked at the pane: what it said before may be told again, but not what they see
   * now, while it stays (the same question asked anew later is news again).
   */
  seen(pane: string): void {
    const p = this.panes.get(pane);
    if (!p) return;
    p.told = [];
    p.seenNow = p.current;
  }

  forget(pane: string): void {
    this.panes.delete(pane);
  }

  private news(pane: string): PaneNews {
    let p = this.panes.get(pane);
    if (!p) this.panes.set(pane, (p = { state: 'none', source: 'none', current: null, seenNow: null, told: [], sent: [], askedAt: -Infinity, askedBell: false, enteredAt: -Infinity }));
    return p;
  }

  private remember(p: PaneNews, news: string): void {
    p.told.push(news);
    if (p.told.length > MAX_TOLD) p.told.shift();
  }

  private send(p: PaneNews, now: number, pane: string, n: StatusNotification): void {
    while (p.sent.length && now - p.sent[0] >= NOTIFY_WINDOW_MS) p.sent.shift();
    if (p.sent.length >= NOTIFY_LIMIT) return;
    p.sent.push(now);
    this.raise(pane, n);
  }
}

/** What a status says that needs the user, or null when it needs nothing. */
function newsOf(s: StatusSummary): string | null {
  return needsYou(s.state) ? `${s.state}\0${s.kind}\0${s.text}` : null;
}
