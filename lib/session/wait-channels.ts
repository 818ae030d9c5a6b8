// tmux's wait-for channels, by which scripts wait for each other: `wait-for NAME` waits until
// another runs `wait-for -S NAME` (a signal no one waited for is kept, so the next wait returns at
// once), and `-L`/`-U` take and give back a lock, handed to those waiting in the order they came.
// Nothing here is saved: like tmux's, the channels live as long as the server.
import { ThurmError } from '../errors.js';

/** Channels with a kept signal, a lock or someone waiting, at most: each is a few bytes, but names come from scripts. */
export const MAX_CHANNELS = 1000;

interface Channel {
  woken: boolean;
  locked: boolean;
  waiters: Set<() => void>;
  /** Those waiting for the lock, first come first served. */
  lockers: (() => void)[];
}

export class WaitChannels {
  private readonly channels = new Map<string, Channel>();

  /** Resolves once `name` is signalled (at once when a signal is kept); rejects when `abort` fires first. */
  wait(name: string, abort?: AbortSignal): Promise<void> {
    const channel = this.channel(name);
    if (channel.woken) {
      channel.woken = false;
      this.drop(name, channel);
      return Promise.resolve();
    }
    return this.queue(name, channel, abort, (wake) => {
      channel.waiters.add(wake);
      return () => channel.waiters.delete(wake);
    });
  }

  /** Wakes everyone waiting on `name`, or keeps the signal for the next wait when no one is. */
  signal(name: string): void {
    const channel = this.channel(name);
    if (!channel.waiters.size) {
      channel.woken = true;
      return;
    }
    const waiters = [...channel.waiters];
    channel.waiters.clear();
    this.drop(name, channel);
    for (const wake of waiters) wake();
  }

  /** Takes the lock of `name`, once whoever holds it and those who asked first have given it back. */
  lock(name: string, abort?: AbortSignal): Promise<void> {
    const channel = this.channel(name);
    if (!channel.locked) {
      channel.locked = true;
      return Promise.resolve();
    }
    return this.queue(name, channel, abort, (wake) => {
      channel.lockers.push(wake);
      return () => {
        const at = channel.lockers.indexOf(wake);
        if (at >= 0) channel.lockers.splice(at, 1);
      };
    });
  }

  /** Gives the lock of `name` back: to the next who waits for it, else free. */
  unlock(name: string): void {
    const channel = this.channels.get(name);
    if (!channel?.locked) throw new ThurmError('INVALID_ARGUMENT', `channel ${name} not locked`);
    const next = channel.lockers.shift();
    if (next) next();
    else {
      channel.locked = false;
      this.drop(name, channel);
    }
  }

  /** Releases every waiter and lock, as tmux does when its server exits. */
  flush(): void {
    const channels = [...this.channels.values()];
    this.channels.clear();
    for (const channel of channels) for (const wake of [...channel.waiters, ...channel.lockers]) wake();
  }

  get size(): number {
    return this.channels.size;
  }

  private channel(name: string): Channel {
    let channel = this.channels.get(name);
    if (!channel) {
      if (this.channels.size >= MAX_CHANNELS) throw new ThurmError('SERVER_BUSY', `too many wait-for channels in use (${MAX_CHANNELS})`);
      channel = { woken: false, locked: false, waiters: new Set(), lockers: [] };
      this.channels.set(name, channel);
    }
    return channel;
  }

  /** Forgets a channel that holds nothing any more. */
  private drop(name: string, channel: Channel): void {
    if (!channel.woken && !channel.locked && !channel.waiters.size && !channel.lockers.length) this.channels.delete(name);
  }

  /** A promise woken through what `enqueue` registers; an abort takes it out again. */
  private queue(name: string, channel: Channel, abort: AbortSignal | undefined, enqueue: (wake: () => void) => () => void): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        dequeue();
        this.drop(name, channel);
        reject(new ThurmError('IO_ERROR', 'client went away'));
      };
      const dequeue = enqueue(() => {
        abort?.removeEventListener('abort', onAbort);
        resolve();
      });
      abort?.addEventListener('abort', onAbort, { once: true });
    });
  }
}
