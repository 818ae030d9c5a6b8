// The program-reported status of one pane: OSC 7501 records with their lifetimes, OSC 9;4
// progress, and the program's own requests for attention (OSC 9, 777, 99 and BEL). It is fed
// by the pane's parser hooks and its raw output. Which of these notify is the session's
// notifier's call (lib/session/notifier.ts).
import { sanitizeText } from '../sanitize.js';
import { OscFramingScanner } from './osc-framing.js';
import { MAX_SEQUENCE_BYTES, parseOsc7501, queryReply, type Kind, type State } from './osc7501.js';
import { parseOsc9Progress, type Progress } from './progress.js';
import { recordText, StatusRecords, type StatusRecord } from './records.js';

/** What raises a notification: the pane entering a state, the program asking for attention, or its agent's usage crossing a threshold. */
export const NOTIFICATION_CAUSES = ['blocked', 'done', 'error', 'program', 'bell', 'usage'] as const;

export type NotificationCause = (typeof NOTIFICATION_CAUSES)[number];

export interface StatusNotification {
  cause: NotificationCause;
  title: string;
  text: string;
}

export interface ProgramStatusHooks {
  /** Bytes for the pty (the feature query's reply); must be written at once, in order. */
  reply(data: string): void;
  changed(): void;
  /** The program asked for attention. */
  notify(n: StatusNotification & { cause: 'program' | 'bell' }): void;
  /** The process group in the pane's foreground now: the owner of a record set now. */
  foregroundGroup?(): number | null;
}

/** Where a pane's status comes from, most trusted first (see docs/status.md). */
export const SOURCES = ['program-status', 'report', 'hook', 'notification', 'ai', 'screen-and-activity', 'none'] as const;
export type StatusSource = (typeof SOURCES)[number];

export interface StatusSummary {
  state: State | 'none';
  source: StatusSource;
  kind: Kind | null;
  app: string | null;
  text: string;
  progress: number | null;
  progressState: Progress['state'] | null;
}

/** What a server hands to the one that replaces it (`server upgrade`). */
export interface ProgramStatusState {
  records: StatusRecord[];
  lastApp: string | null;
  /** Absent from servers before it was kept. */
  lastAppOwner?: number | null;
  progress: Progress | null;
  progressOwner?: number | null;
}

export class ProgramStatus {
  readonly records = new StatusRecords();
  private readonly framing = new OscFramingScanner();
  private osc9Progress: Progress | null = null;
  /** The process group in the foreground when the OSC 9;4 progress was set. */
  private progressOwner: number | null = null;
  /**
   * The last app any record named: it may name a built-in agent (claude, codex...). It is the
   * app of the program that named it, and goes with that program like its records.
   */
  lastApp: string | null = null;
  private lastAppOwner: number | null = null;

  constructor(private readonly hooks: ProgramStatusHooks, private readonly now: () => number = Date.now) {}

  handover(): ProgramStatusState {
    return { records: this.records.all(), lastApp: this.lastApp, lastAppOwner: this.lastAppOwner, progress: this.osc9Progress, progressOwner: this.progressOwner };
  }

  adopt(s: ProgramStatusState): void {
    this.records.adopt(s.records);
    this.lastApp = s.lastApp;
    this.lastAppOwner = s.lastAppOwner ?? null;
    this.osc9Progress = s.progress;
    this.progressOwner = s.progressOwner ?? null;
  }

  /** Raw pty output, before the emulator parses it; call the result once it has parsed it. */
  scan(data: Uint8Array): () => void {
    return this.framing.scan(data);
  }

  /** OSC 7501 framings scanned but not yet handed over by the emulator. */
  get framingPending(): number {
    return this.framing.pending;
  }

  /** The OSC 7501 hook: `body` is what follows `7501;`. */
  onOsc7501(body: string): boolean {
    const framing = this.framing.take(body);
    const length = framing?.length ?? Buffer.byteLength(body) + 8;
    if (length > MAX_SEQUENCE_BYTES) return true;
    const parsed = parseOsc7501(body);
    if (parsed.type === 'query') {
      this.hooks.reply(queryReply(framing?.terminator === 'st' ? 'st' : 'bel'));
      return true;
    }
    if (parsed.type === 'ignored') return true;
    const owner = parsed.report.state === 'clear' ? null : this.hooks.foregroundGroup?.() ?? null;
    const { changed } = this.records.apply(parsed.report, this.now(), owner);
    if (parsed.report.app) {
      this.lastApp = parsed.report.app;
      // A clear names its app too: it goes with the program that sent it, like any other.
      this.lastAppOwner = owner ?? this.hooks.foregroundGroup?.() ?? null;
    }
    if (changed) this.hooks.changed();
    return true;
  }

  /**
   * OSC 9: `4;...` is progress; other `N;...` bodies are ConEmu commands (9;9 is the working
   * directory many prompts send each time), never notifications; anything else is a text.
   */
  onOsc9(data: string): boolean {
    if (/^\d+(;|$)/.test(data)) {
      const progress = data.startsWith('4;') ? parseOsc9Progress(data) : undefined;
      if (progress !== undefined) {
        this.osc9Progress = progress;
        this.progressOwner = progress ? this.hooks.foregroundGroup?.() ?? null : null;
        this.hooks.changed();
      }
      return true;
    }
    this.notify({ cause: 'program', title: 'notification', text: sanitizeText(data, 512) });
    return true;
  }

  /** OSC 777 ; notify ; title ; body (rxvt-unicode, foot, WezTerm). */
  onOsc777(data: string): boolean {
    const [what, title = '', ...body] = data.split(';');
    if (what === 'notify') this.notify({ cause: 'program', title: sanitizeText(title, 128), text: sanitizeText(body.join(';'), 512) });
    return true;
  }

  /** OSC 99 ; metadata ; payload (kitty); only plain text payloads are shown. */
  onOsc99(data: string): boolean {
    const semi = data.indexOf(';');
    const meta = semi < 0 ? '' : data.slice(0, semi);
    const payload = semi < 0 ? data : data.slice(semi + 1);
    if (!/(^|:)e=1(:|$)/.test(meta) && payload) this.notify({ cause: 'program', title: 'notification', text: sanitizeText(payload, 512) });
    return true;
  }

  onBell(): void {
    this.notify({ cause: 'bell', title: 'bell', text: 'bell' });
  }

  /** OSC 133;A, a new shell prompt: working, blocked and idle records end, and the progress. */
  onPrompt(): void {
    this.lastApp = null;
    const progress = this.dropProgress();
    if (this.records.endStates(['working', 'blocked', 'idle']) || progress) this.hooks.changed();
  }

  /**
   * The pane's shell (process group `shell`) is back in the foreground: working, blocked and
   * idle records that another program set end with that program, as at its exit, and so do
   * the progress and the app it set.
   */
  onShellBack(shell: number): void {
    const left = (owner: number | null) => owner !== null && owner !== shell;
    if (left(this.lastAppOwner)) this.lastApp = null;
    const progress = left(this.progressOwner) && this.dropProgress();
    if (this.records.endStates(['working', 'blocked', 'idle'], (r) => left(r.owner)) || progress) this.hooks.changed();
  }

  /** The pane's process exited. */
  onExit(): void {
    this.lastApp = null;
    const progress = this.dropProgress();
    if (this.records.endStates(['working', 'blocked', 'idle']) || progress) this.hooks.changed();
  }

  /** Forgets the OSC 9;4 progress; whether there was one. */
  private dropProgress(): boolean {
    const had = this.osc9Progress !== null;
    this.osc9Progress = null;
    this.progressOwner = null;
    return had;
  }

  /** The user focused the pane or typed into it: done and error records have been seen (whether any ended). */
  onAttention(): boolean {
    return this.records.endStates(['done', 'error']);
  }

  /** RIS (ESC c): every record and the progress go. */
  onReset(): void {
    this.lastApp = null;
    const progress = this.dropProgress();
    const had = this.records.size > 0;
    this.records.clear();
    if (had || progress) this.hooks.changed();
  }

  summary(): StatusSummary {
    const r = this.records.mostPressing();
    const osc9 = this.osc9Progress;
    return {
      state: r?.state ?? 'none',
      source: r ? 'program-status' : 'none',
      kind: r?.kind ?? null,
      app: r ? this.records.appOf(r) : null,
      text: r ? recordText(r) : '',
      progress: osc9 ? osc9.value : r?.progress ?? null,
      progressState: osc9 ? osc9.state : r?.progress !== null && r?.progress !== undefined ? 'normal' : null,
    };
  }

  /** Records grouped under their (inherited) app, for `thurm info`. */
  programs(): { app: string | null; records: StatusRecord[] }[] {
    const groups = new Map<string | null, StatusRecord[]>();
    // Code-unit order: the same in every locale, and no ICU collator loaded into the server.
    const id = (r: StatusRecord) => r.id ?? '';
    for (const r of this.records.all().sort((a, b) => (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0))) {
      const app = this.records.appOf(r);
      groups.set(app, [...(groups.get(app) ?? []), r]);
    }
    return [...groups].map(([app, records]) => ({ app, records }));
  }

  private notify(n: StatusNotification & { cause: 'program' | 'bell' }): void {
    this.hooks.notify(n);
  }
}
