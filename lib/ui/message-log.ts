// What the status line said to one client (messages, notifications, errors), for prefix ~ as
// tmux's show-messages, and the clock times the status line, the log and clock-mode write.

/** The messages kept, as tmux's message-limit (1000; these are one client's). */
const MAX_MESSAGES = 1000;

/** `14:05`, or `14:05:09` with `seconds`, in local time. */
export function clockTime(at: Date, seconds = false): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getHours())}:${two(at.getMinutes())}${seconds ? `:${two(at.getSeconds())}` : ''}`;
}

export class MessageLog {
  private readonly entries: { at: number; text: string }[] = [];

  add(text: string): void {
    this.entries.push({ at: Date.now(), text });
    if (this.entries.length > MAX_MESSAGES) this.entries.shift();
  }

  /** Oldest first, each after its time. */
  lines(): string[] {
    return this.entries.length ? this.entries.map((m) => `${clockTime(new Date(m.at), true)} ${m.text}`) : ['no messages yet'];
  }
}
