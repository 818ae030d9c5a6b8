// A pane's title: the one given to it (`rename-pane`), else the one its program set (OSC 0/2),
// which leaves with the process group that set it, else its foreground command's name. A
// change is announced at once, or at most every TITLE_ANNOUNCE_MS after the last one.
import { commandName } from '../command-line.js';
import { sanitizeText } from '../sanitize.js';
import type { PaneLive } from './pane-live.js';

/** A title is announced at most this often: a spinner in the title (Codex) changes it ten times a second. */
export const TITLE_ANNOUNCE_MS = 250;

export interface PaneTitleHooks {
  /** The foreground command as last checked (borders ask every frame, /proc is read elsewhere). */
  command(): string[];
  /** The title's text changed, or the program set it again: read it afresh. */
  changed(): void;
  /** Tell the clients the title changed (throttled). */
  announce(): void;
  now(): number;
}

/** What a title hands over to the next server (`server upgrade`). */
export type TitleState = Pick<PaneLive, 'programTitle' | 'titleOwner' | 'givenTitle'>;

export class PaneTitle {
  /** The title the program set, and the process group in the foreground then. */
  private program = '';
  private owner: number | null = null;
  /** The title given to the pane; it wins over the program's and the command's until cleared. */
  private named: string | null;
  /** The text last announced, to tell whether a change of foreground changed it. */
  private shown: string;
  private announcedAt = -Infinity;
  private timer: NodeJS.Timeout | null = null;

  constructor(given: string | null, private readonly hooks: PaneTitleHooks) {
    this.named = given;
    this.shown = this.text;
  }

  /** The title the border shows. */
  get text(): string {
    if (this.named) return this.named;
    if (this.program) return this.program;
    return sanitizeText(commandName(this.hooks.command()), 64);
  }

  /** The title given to the pane, or null when it follows its program. */
  get given(): string | null {
    return this.named;
  }

  /** The program's own title (OSC 0/2), '' when it set none or left. */
  get programTitle(): string {
    return this.program;
  }

  /** Names the pane (already sanitised); null or '' lets the title follow its program again. */
  nameAs(title: string | null): void {
    const next = title || null;
    if (next === this.named) return;
    this.named = next;
    this.changed();
  }

  /** The program set its title (OSC 0/2) while `owner` was the foreground process group. */
  programSet(title: string, owner: number | null): void {
    this.program = sanitizeText(title);
    this.owner = owner;
    this.changed();
  }

  /** Another process group took the foreground: a title belongs to the program that set it (vim's stays no longer than vim). */
  foregroundChanged(pgid: number | null): void {
    if (this.program && this.owner !== null && this.owner !== pgid) this.program = '';
  }

  /** After a look at the foreground: announces the title when its text is not the one last announced. */
  refresh(): void {
    if (this.text !== this.shown) this.changed();
  }

  adopt(state: TitleState): void {
    this.program = state.programTitle;
    this.owner = state.titleOwner;
    this.named = state.givenTitle ?? null;
    this.shown = this.text;
  }

  handover(): TitleState {
    return { programTitle: this.program, titleOwner: this.owner, givenTitle: this.named };
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
  }

  private changed(): void {
    this.shown = this.text;
    this.hooks.changed();
    this.announceSoon();
  }

  /** Announces the title now, or once TITLE_ANNOUNCE_MS has passed since the last time (then the newest). */
  private announceSoon(): void {
    if (this.timer) return;
    const announce = () => {
      this.timer = null;
      this.announcedAt = this.hooks.now();
      this.hooks.announce();
    };
    const wait = Math.min(TITLE_ANNOUNCE_MS, this.announcedAt + TITLE_ANNOUNCE_MS - this.hooks.now());
    if (wait <= 0) announce();
    else this.timer = setTimeout(announce, wait);
  }
}
