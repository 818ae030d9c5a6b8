// The web view's tokens and the browser sessions they open. A token is 256 random bits, shown
// once (in the URL's fragment) and kept only as its SHA-256; a browser that presents it gets a
// session: a random id in an HttpOnly, SameSite=Strict cookie that expires. Revoking a token ends
// its sessions. Wrong tokens are rate-limited for everyone at once: a guesser gains nothing by
// opening more connections. Kept in the server's memory: a new server asks for a new link.
import crypto from 'node:crypto';
import { ThurmError } from '../errors.js';

/** How long a browser session lasts. */
export const SESSION_MS = 12 * 3600_000;
const MAX_TOKENS = 32;
const MAX_SESSIONS = 256;
/** Wrong tokens allowed per window, from every peer together. */
const FAILURES = 10;
const FAILURE_WINDOW_MS = 60_000;

export interface TokenInfo {
  id: string;
  createdAt: number;
  /** May answer a blocked agent through the guarded-answer path (`thurm web --allow-answers`). */
  answers: boolean;
  lastUsedAt: number | null;
}

interface Token extends TokenInfo { hash: Buffer }

export interface WebSession { id: string; token: string; expires: number; answers: boolean }

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest();

export class WebTokens {
  private readonly tokens = new Map<string, Token>();
  private readonly sessions = new Map<string, WebSession>();
  private failures: number[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  /** A new token: its id for list and revoke, and the secret itself, which is not kept. */
  create(answers = false): { id: string; secret: string } {
    if (this.tokens.size >= MAX_TOKENS) throw new ThurmError('INVALID_ARGUMENT', `web token create: at most ${MAX_TOKENS} tokens; revoke one first`);
    const secret = crypto.randomBytes(32).toString('base64url');
    const id = crypto.randomBytes(4).toString('hex');
    this.tokens.set(id, { id, hash: sha256(secret), createdAt: this.now(), answers, lastUsedAt: null });
    return { id, secret };
  }

  list(): TokenInfo[] {
    return [...this.tokens.values()].map(({ hash: _hash, ...info }) => info);
  }

  /** Forgets a token and ends every session it opened; the ids of those sessions. */
  revoke(id: string): string[] {
    if (!this.tokens.delete(id)) throw new ThurmError('NOT_FOUND', `no web token ${id}`);
    const ended = [...this.sessions.values()].filter((s) => s.token === id).map((s) => s.id);
    for (const s of ended) this.sessions.delete(s);
    return ended;
  }

  /**
   * A session for the token `secret`, or null when it is no token (counted against the limit);
   * SERVER_BUSY once too many wrong ones came lately.
   */
  login(secret: string): WebSession | null {
    const now = this.now();
    this.failures = this.failures.filter((t) => now - t < FAILURE_WINDOW_MS);
    if (this.failures.length >= FAILURES) throw new ThurmError('SERVER_BUSY', 'web: too many wrong tokens lately; try again in a minute');
    const hash = sha256(secret);
    const token = [...this.tokens.values()].find((t) => crypto.timingSafeEqual(t.hash, hash));
    if (!token) {
      this.failures.push(now);
      return null;
    }
    token.lastUsedAt = now;
    this.expire();
    if (this.sessions.size >= MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
    const session = { id: crypto.randomBytes(32).toString('base64url'), token: token.id, expires: now + SESSION_MS, answers: token.answers };
    this.sessions.set(session.id, session);
    return session;
  }

  /** The live session a cookie names, or null. */
  session(id: string | undefined): WebSession | null {
    if (!id) return null;
    const s = this.sessions.get(id);
    if (!s || s.expires <= this.now()) return null;
    return s;
  }

  private expire(): void {
    const now = this.now();
    for (const [id, s] of this.sessions) if (s.expires <= now) this.sessions.delete(id);
  }
}
