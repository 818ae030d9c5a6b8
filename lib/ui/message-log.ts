// What the status line said to one client (messages, notifications, errors), for prefix ~ as
// tmux's show-messages.
import { strftime } from '../strftime.js';

/** The messages kept, as tmux's message-limit (1000; these are one client's). */
const MAX_MESSAGES = 1000;

export class MessageLog {
  private readonly entries: { at: number; text: string }[] = [];

  add(text: string): void {
    this.entries.push({ at: Date.now(), text });
    if (this.entries.length > MAX_MESSAGES) this.entries.shift();
  }

  /** Oldest first, each after its time. */
  lines(): string[] {
    return this.entries.length ? this.entries.map((m) => `${strftime('%H:%M:%S', new Date(m.at))} ${m.text}`) : ['no messages yet'];
  }
}
