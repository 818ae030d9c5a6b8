// What an agent reports of its own usage: how full its context is, what the session cost, and
// how close its plan's limits are. Two sources: the JSON Claude Code hands its status-line
// command (`thurm agent statusline`), and the `token_count` lines Codex writes to its session
// log (codex-usage.ts). Only figures the agent gave are kept (a context percentage Codex does
// not state is the quotient of two it does, and says so); each says which field it came from.
import { field } from '../fields.js';
import { WITHOUT_CONTROL } from '../sanitize.js';

export const USAGE_SOURCES = ['claude-code-statusline', 'codex-session-log'] as const;
export type UsageSource = (typeof USAGE_SOURCES)[number];

export interface UsageLimit {
  /** The limit's window as the agent names it: `5h`, `7d`, or its own key. */
  window: string;
  usedPercent: number;
  resetsAt: string | null;
  from: string;
}

export interface AgentUsage {
  agent: string;
  source: UsageSource;
  /** The session log the figures were read from (Codex); null for figures handed to thurm. */
  file: string | null;
  model: { name: string; from: string } | null;
  context: { usedPercent: number | null; usedTokens: number | null; size: number | null; from: string } | null;
  cost: { usd: number; from: string } | null;
  limits: UsageLimit[];
}

/** Usage as thurm keeps it: with when the agent reported it. */
export type ReportedUsage = AgentUsage & { at: string };

const MAX_TEXT = 128;
const FROM = field.string({ max: 128, pattern: WITHOUT_CONTROL, expected: 'text without control characters' }).describe('the agent\'s field it came from');
/** An agent's usage as `agents --json`, `info`, `explain` and `usage-changed` events give it. */
export const USAGE_FIELD = field.object({
  agent: field.string({ max: 64 }),
  source: field.enum(USAGE_SOURCES).describe('`claude-code-statusline`: the JSON Claude Code gives its status line; `codex-session-log`: Codex\'s token_count lines'),
  file: field.string({ max: 4096 }).nullable().describe('the session log read (Codex)'),
  at: field.string({ max: 64, format: 'date-time' }).describe('when the agent last reported it'),
  model: field.object({ name: field.string({ max: MAX_TEXT, pattern: WITHOUT_CONTROL, expected: 'text without control characters' }), from: FROM }).nullable(),
  context: field.object({
    usedPercent: field.number().nullable(), usedTokens: field.int({ min: 0 }).nullable(), size: field.int({ min: 0 }).nullable().describe('the context window in tokens'), from: FROM,
  }).nullable(),
  cost: field.object({ usd: field.number(), from: FROM }).nullable().describe('the session\'s cost as the agent states it'),
  limits: field.array(field.object({
    window: field.string({ max: 64, pattern: /^[a-z0-9_]+$/, expected: 'a-z 0-9 _' }), usedPercent: field.number(), resetsAt: field.string({ max: 64, format: 'date-time' }).nullable(), from: FROM,
  }), { max: 16 }).describe('the plan\'s rate limits, the nearest first'),
});

const MAX_LIMITS = 16;

type Json = Record<string, unknown>;
const object = (v: unknown): Json | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? v as Json : null);
const finite = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const percent = (v: unknown): number | null => {
  const n = finite(v);
  return n !== null && n >= 0 && n <= 1000 ? Math.round(n * 10) / 10 : null;
};
const count = (v: unknown): number | null => {
  const n = finite(v);
  return n !== null && n >= 0 && Number.isSafeInteger(n) ? n : null;
};
/** Printable text only: a model's name reaches borders. */
const text = (v: unknown): string | null => {
  if (typeof v !== 'string') return null;
  const clean = v.replace(/[\u0000-\u001f\u007f-\u009f]/gu, '').trim().slice(0, MAX_TEXT);
  return clean || null;
};

/** A reset time given as Unix seconds (or ms), or as an ISO date; null for anything else. */
export function resetTime(v: unknown): string | null {
  const n = finite(v);
  if (n !== null && n > 0) {
    const d = new Date(n > 1e12 ? n : n * 1000);
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
  }
  if (typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v) && !Number.isNaN(Date.parse(v))) return new Date(v).toISOString();
  return null;
}

/** The nearest limit first: the fullest. */
function byNearest(limits: UsageLimit[]): UsageLimit[] {
  return limits.sort((a, b) => b.usedPercent - a.usedPercent).slice(0, MAX_LIMITS);
}

const CLAUDE_WINDOWS: Record<string, string> = { five_hour: '5h', seven_day: '7d' };

/** The usage in the JSON Claude Code hands its status-line command; null when it holds none. */
export function claudeStatusLineUsage(json: unknown): AgentUsage | null {
  const o = object(json);
  if (!o) return null;
  const m = object(o.model);
  const modelName = text(m?.display_name) ?? text(m?.id);
  const c = object(o.context_window);
  const used = percent(c?.used_percentage), size = count(c?.context_window_size);
  const usd = finite(object(o.cost)?.total_cost_usd);
  const limits: UsageLimit[] = [];
  for (const [key, value] of Object.entries(object(o.rate_limits) ?? {})) {
    const l = object(value), p = percent(l?.used_percentage);
    if (!l || p === null || !/^[a-z0-9_]{1,64}$/.test(key)) continue;
    limits.push({ window: CLAUDE_WINDOWS[key] ?? key, usedPercent: p, resetsAt: resetTime(l.resets_at), from: `rate_limits.${key}.used_percentage` });
  }
  const usage: AgentUsage = {
    agent: 'claude-code', source: 'claude-code-statusline', file: null,
    model: modelName ? { name: modelName, from: m?.display_name !== undefined && text(m.display_name) ? 'model.display_name' : 'model.id' } : null,
    context: used !== null || size !== null ? { usedPercent: used, usedTokens: null, size, from: used !== null ? 'context_window.used_percentage' : 'context_window.context_window_size' } : null,
    cost: usd !== null && usd >= 0 ? { usd, from: 'cost.total_cost_usd' } : null,
    limits: byNearest(limits),
  };
  return usage.model || usage.context || usage.cost || usage.limits.length ? usage : null;
}

/** `5h` for 300 minutes, `7d` for 10080, `90m` for 90. */
function windowName(minutes: number | null, key: string): string {
  if (minutes === null || minutes <= 0) return key;
  if (minutes % 1440 === 0) return `${minutes / 1440}d`;
  if (minutes % 60 === 0) return `${minutes / 60}h`;
  return `${minutes}m`;
}

/**
 * The usage of one line of a Codex session log when it is a `token_count` event (null
 * otherwise), with the model its last `turn_context` named. `resets_in_seconds` (older Codex)
 * counts from the line's own timestamp.
 */
export function codexTokenCountUsage(line: unknown, model: string | null, file: string): AgentUsage | null {
  const o = object(line), p = object(o?.payload);
  if (o?.type !== 'event_msg' || p?.type !== 'token_count') return null;
  const info = object(p.info);
  const size = count(info?.model_context_window), tokens = count(object(info?.last_token_usage)?.total_tokens);
  const limits: UsageLimit[] = [];
  const stamp = typeof o.timestamp === 'string' ? Date.parse(o.timestamp) : NaN;
  for (const key of ['primary', 'secondary']) {
    const l = object(object(p.rate_limits)?.[key]), used = percent(l?.used_percent);
    if (!l || used === null) continue;
    const inSeconds = finite(l.resets_in_seconds);
    const resetsAt = resetTime(l.resets_at) ?? (inSeconds !== null && !Number.isNaN(stamp) ? new Date(stamp + inSeconds * 1000).toISOString() : null);
    limits.push({ window: windowName(finite(l.window_minutes), key), usedPercent: used, resetsAt, from: `rate_limits.${key}.used_percent` });
  }
  const context = size !== null || tokens !== null
    ? {
      usedPercent: size && tokens !== null ? Math.round((tokens / size) * 1000) / 10 : null, usedTokens: tokens, size,
      from: size && tokens !== null ? 'info.last_token_usage.total_tokens / info.model_context_window' : 'info.model_context_window',
    }
    : null;
  if (!context && !limits.length) return null;
  return { agent: 'codex', source: 'codex-session-log', file, model: model ? { name: model, from: 'turn_context.model' } : null, context, cost: null, limits: byNearest(limits) };
}

/** The model a Codex `turn_context` line names, or null. */
export function codexTurnModel(line: unknown): string | null {
  const o = object(line);
  return o?.type === 'turn_context' ? text(object(o.payload)?.model) : null;
}

/** `ctx 42% · $1.23 · 5h 61%`: context, cost and the nearest limit, what the overview shows. */
export function usageLabel(u: AgentUsage): string {
  const parts: string[] = [];
  if (u.context?.usedPercent != null) parts.push(`ctx ${Math.round(u.context.usedPercent)}%`);
  if (u.cost) parts.push(`$${u.cost.usd.toFixed(2)}`);
  const nearest = u.limits[0];
  if (nearest) parts.push(`${nearest.window} ${Math.round(nearest.usedPercent)}%`);
  return parts.join(' · ');
}

/** What an alert is about: the context, or one limit (`limit 5h`). */
export interface UsageAlert { key: string; text: string }

/**
 * The thresholds `u` is at or above: the context at `contextAt` percent, a limit at `limitAt`
 * (0: that alert is off).
 */
export function usageAlerts(u: AgentUsage, contextAt: number, limitAt: number): UsageAlert[] {
  const alerts: UsageAlert[] = [];
  const ctx = u.context?.usedPercent;
  if (contextAt > 0 && ctx != null && ctx >= contextAt) alerts.push({ key: 'context', text: `context ${Math.round(ctx)}% full` });
  if (limitAt > 0) {
    for (const l of u.limits) if (l.usedPercent >= limitAt) alerts.push({ key: `limit ${l.window}`, text: `${l.window} limit ${Math.round(l.usedPercent)}% used` });
  }
  return alerts;
}

/** Each figure on a line of its own with the field it came from: what `agent explain` prints. */
export function usageLines(u: AgentUsage & { at?: string }): string[] {
  const from = (s: string) => `  (from ${s})`;
  return [
    `usage: reported by ${u.source}${u.file ? ` ${u.file}` : ''}${u.at ? ` at ${u.at}` : ''}`,
    ...(u.model ? [`  model: ${u.model.name}${from(u.model.from)}`] : []),
    ...(u.context ? [`  context: ${u.context.usedPercent ?? '?'}%${u.context.usedTokens !== null ? ` ${u.context.usedTokens} tokens` : ''}${u.context.size !== null ? ` of ${u.context.size}` : ''}${from(u.context.from)}`] : []),
    ...(u.cost ? [`  cost: $${u.cost.usd.toFixed(4)}${from(u.cost.from)}`] : []),
    ...u.limits.map((l) => `  limit ${l.window}: ${l.usedPercent}% used${l.resetsAt ? `, resets ${l.resetsAt}` : ''}${from(l.from)}`),
  ];
}
