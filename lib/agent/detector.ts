// Automatic detection for one pane: which agent runs (from its foreground process or the app
// its OSC 7501 records name), and its state from the built-in and user rules on the live
// screen, output activity, the program's notifications and an optional AI classifier.
// Reports and OSC 7501 records are decided elsewhere and win over everything here.
import type { Kind } from '../status/osc7501.js';
import { runRules, type RuleMatch } from './detect/engine.js';
import { GENERIC_RULES } from './detect/generic.js';
import { agentByName, agentOfProcess, AGENTS } from './detect/index.js';
import type { AgentDefinition, DetectedState, Rule } from './detect/rule.js';
import { WAITING_AT_PROMPT } from './hook.js';

export interface DetectionConfig {
  enabled: boolean;
  idleThresholdMs: number;
  /** User rules: a rule with a built-in id replaces it, others are added. */
  rules: Rule[];
}

/** Output this recent means an agent is working when no rule says otherwise. */
export const ACTIVE_WINDOW_MS = 1500;

/** Programs that show another machine's screen: an agent there is no process this side can see. */
const REMOTE = /^(ssh|autossh|mosh|mosh-client|et)$/;

/** How the agent was known: its process, its OSC 7501 app, or (beyond ssh) its screen and title. */
export type IdentifiedBy = 'process' | 'app' | 'screen';

export interface DetectInput {
  now: number;
  argv: string[] | null;
  resolvedScript: string | null;
  /** The app of the pane's OSC 7501 records, which may name a built-in agent. */
  app: string | null;
  lines: string[];
  title: string;
  lastActivityAt: number;
  /** A notification the program raised since the user last looked (OSC 9/777/99, BEL). */
  notification: { text: string; bell: boolean } | null;
  ai: { state: DetectedState; kind: Kind | null } | null;
  /** The agent this pane's screen showed last (beyond ssh): kept while its screen matches no rule. */
  seenOnScreen?: string | null;
}

export interface Detection {
  agent: string | null;
  identifiedBy: IdentifiedBy | null;
  state: DetectedState | null;
  kind: Kind | null;
  source: 'notification' | 'ai' | 'screen-and-activity' | 'none';
  text: string;
  rules: RuleMatch[];
  /** True when the rules decided nothing: the moment to ask the AI classifier. */
  inconclusive: boolean;
}

export class Detector {

  constructor(private readonly config: DetectionConfig) {}

  get idleThresholdMs(): number {
    return this.config.idleThresholdMs;
  }

  agentOf(input: Pick<DetectInput, 'argv' | 'resolvedScript' | 'app'> & Partial<Pick<DetectInput, 'lines' | 'title' | 'seenOnScreen'>>): { agent: AgentDefinition | null; by: IdentifiedBy | null } {
    const process = input.argv ? agentOfProcess(input.argv, input.resolvedScript) : null;
    if (process) return { agent: process, by: 'process' };
    const app = agentByName(input.app);
    if (app) return { agent: app, by: 'app' };
    const program = input.argv?.[0]?.split('/').pop() ?? '';
    if (!REMOTE.test(program) || !input.lines) return { agent: null, by: null };
    // Beyond ssh: the agent whose signature its screen or title shows, else the one seen there last.
    const screen = input.lines.join('\n');
    const shown = AGENTS.find((a) => (a.signature.title?.test(input.title ?? '') ?? false) || a.signature.screen.test(screen))
      ?? agentByName(input.seenOnScreen);
    return { agent: shown, by: shown ? 'screen' : null };
  }

  /** The rules that apply to an agent (or to any program when agent is null). */
  rulesFor(agent: AgentDefinition | null): Rule[] {
    const user = this.config.rules;
    const builtIn = [...(agent?.rules ?? []), ...GENERIC_RULES].filter((r) => !user.some((u) => u.id === r.id));
    const mine = user.filter((u) => u.agent === 'generic' || u.agent === agent?.agent || (!agent && !AGENTS.some((a) => a.agent === u.agent)));
    return [...mine, ...builtIn];
  }

  /**
   * The state the pane's screen and activity show; `previous` is the state committed last (kept
   * by an `ignore` rule and between the activity thresholds). Pure: reading changes nothing.
   */
  detect(input: DetectInput, previous: DetectedState | null = null): Detection {
    const { agent, by } = this.agentOf(input);
    const none: Detection = { agent: agent?.agent ?? null, identifiedBy: by, state: null, kind: null, source: 'none', text: '', rules: [], inconclusive: false };
    if (!this.config.enabled) return none;
    const result = runRules(this.rulesFor(agent), input.lines, input.title);
    // An agent notifies when it needs you, so its notification is a question (but for the one
    // that says it waits at its prompt); any other program's asks nothing: it is attention (the
    // pane's `!` mark), not blocked.
    const notification = agent && input.notification && !WAITING_AT_PROMPT.test(input.notification.text) ? input.notification : null;
    if (notification) {
      return { ...none, state: 'blocked', source: 'notification', text: notification.text, rules: result.matches };
    }
    let state = result.state;
    let kind = result.kind;
    const inconclusive = state === null && !result.ignored;
    if (result.ignored) state = previous;
    else if (state === null && input.ai) ({ state, kind } = input.ai);
    else if (state === null && agent) state = this.fromActivity(input, previous);
    const source = result.state !== null || result.ignored || !input.ai ? 'screen-and-activity' : 'ai';
    if (state === null) return { ...none, rules: result.matches, inconclusive };
    return { agent: agent?.agent ?? null, identifiedBy: by, state, kind, source, text: '', rules: result.matches, inconclusive };
  }

  /** Recent output means working; none for the idle threshold means idle; between, no change. */
  private fromActivity(input: DetectInput, previous: DetectedState | null): DetectedState {
    const quiet = input.now - input.lastActivityAt;
    if (input.lastActivityAt > 0 && quiet < ACTIVE_WINDOW_MS) return 'working';
    if (quiet >= this.config.idleThresholdMs || input.lastActivityAt === 0) return 'idle';
    return previous ?? 'idle';
  }
}
