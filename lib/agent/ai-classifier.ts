// The optional AI classifier (`[detection.ai] command`): asked about a pane only when the
// rules are inconclusive, at most once per interval per pane, with a timeout. It gets
// {"agent", "title", "screen": [lines]} as JSON on stdin and answers {"state", "kind"?}.
// Any failure is quiet: detection falls back to the rules and activity.
import { execFile } from 'node:child_process';
import { KINDS, type Kind } from '../status/osc7501.js';
import type { DetectedState } from './detect/rule.js';

export interface AiConfig { command: string[]; intervalMs: number; timeoutMs: number }
export interface AiQuestion { agent: string | null; title: string; screen: string[] }

const STATES: readonly DetectedState[] = ['working', 'blocked', 'idle'];

/** Reads the classifier's answer; null for anything but a known state. */
export function parseAiAnswer(stdout: string): { state: DetectedState; kind: Kind | null } | null {
  try {
    const a = JSON.parse(stdout) as { state?: unknown; kind?: unknown };
    if (!STATES.includes(a.state as DetectedState)) return null;
    const kind = a.state === 'blocked' && (KINDS as readonly string[]).includes(a.kind as string) ? (a.kind as Kind) : null;
    return { state: a.state as DetectedState, kind };
  } catch {
    return null;
  }
}

export class AiClassifier {
  private readonly askedAt = new Map<string, number>();
  private readonly running = new Set<string>();

  constructor(private readonly config: () => AiConfig) {}

  maybeAsk(pane: string, question: AiQuestion, answer: (state: DetectedState, kind: Kind | null) => void, now = Date.now()): boolean {
    const { command, intervalMs, timeoutMs } = this.config();
    const [file, ...args] = command;
    if (!file || this.running.has(pane) || now - (this.askedAt.get(pane) ?? -Infinity) < intervalMs) return false;
    this.askedAt.set(pane, now);
    this.running.add(pane);
    const child = execFile(file, args, { timeout: timeoutMs, maxBuffer: 64 * 1024 }, (err, stdout) => {
      this.running.delete(pane);
      const parsed = err ? null : parseAiAnswer(stdout);
      if (parsed) answer(parsed.state, parsed.kind);
      else console.error(`thurm: detection.ai.command gave no usable answer for pane ${pane}${err ? `: ${err.message}` : ''}`);
    });
    child.stdin?.on('error', () => {});
    child.stdin?.end(JSON.stringify(question));
    return true;
  }

  /** When `pane` may be asked again (now or earlier: at once, unless an answer is awaited). */
  nextAskAt(pane: string): number {
    return (this.askedAt.get(pane) ?? -Infinity) + this.config().intervalMs;
  }

  forget(pane: string): void {
    this.askedAt.delete(pane);
  }
}
