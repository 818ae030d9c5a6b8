// What `thurm web` acts on in the server: the tokens, which outlive a stop and start, and the
// web view while it runs. Loaded at the first `thurm web`: a server nobody views carries none of it.
import { ThurmError } from '../errors.js';
import type { FarHostsView } from '../server/far-hosts.js';
import type { Mux } from '../session/mux.js';
import { WebTokens } from './web-tokens.js';
import { type AnswerPath, type WebOptions, type WebStatus, WebView } from './web-view.js';

export class WebHost {
  readonly tokens = new WebTokens();
  private view: WebView | null = null;

  constructor(private readonly mux: Mux, private readonly hosts: FarHostsView, private readonly answer: AnswerPath) {}

  /**
   * Starts the view with a new token (one that may answer, when the view allows answers) and
   * gives its link; running already, only its status (link null).
   */
  async start(opts: WebOptions): Promise<{ status: WebStatus; link: string | null }> {
    if (this.view) return { status: this.view.status(), link: null };
    this.view = await WebView.start(this.mux, this.hosts, this.tokens, opts, this.answer);
    return { status: this.view.status(), link: this.view.link(this.tokens.create(opts.allowAnswers === true).secret) };
  }

  status(): WebStatus | null {
    return this.view?.status() ?? null;
  }

  /** Stops the view (its viewers are cut off); false when it was not running. */
  async stop(): Promise<boolean> {
    const view = this.view;
    this.view = null;
    await view?.stop();
    return view !== null;
  }

  /** A new token's id and the link that carries it; `answers`: it may answer, where the view allows it. */
  createToken(answers: boolean): { id: string; link: string } {
    if (!this.view) throw new ThurmError('INVALID_ARGUMENT', 'web token create: the web view is not running (thurm web starts it)');
    const { id, secret } = this.tokens.create(answers);
    return { id, link: this.view.link(secret) };
  }

  /** Revokes a token: the browsers it let in are cut off at once. */
  revokeToken(id: string): void {
    this.view?.endSessions(this.tokens.revoke(id));
  }
}
