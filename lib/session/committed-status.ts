// A pane's status as every reader sees it: what its sources make of it, committed with a
// sequence number only when it differs from the last commit (see Pane.commitStatus).
import type { StatusSummary } from '../status/program-status.js';

export class CommittedStatus {
  private current: { value: StatusSummary; seq: number } | null = null;

  get value(): StatusSummary {
    return this.current!.value;
  }

  /** Counts the commits: the one `info` shows is the one the event with this number announced. */
  get seq(): number {
    return this.current!.seq;
  }

  /** Commits `value` when it differs from the committed one; whether it did. */
  commit(value: StatusSummary): boolean {
    const c = this.current;
    if (c && sameStatus(c.value, value)) return false;
    this.current = { value, seq: (c?.seq ?? 0) + 1 };
    return true;
  }
}

function sameStatus(a: StatusSummary, b: StatusSummary): boolean {
  return a.state === b.state && a.source === b.source && a.kind === b.kind && a.app === b.app && a.text === b.text
    && a.progress === b.progress && a.progressState === b.progressState;
}
