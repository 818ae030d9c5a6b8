// A tiny stand-in for OpenAI's Responses API on 127.0.0.1, so a real Codex can run a whole turn
// offline: every POST .../responses gets one streamed text answer in the API's SSE format
// (response.created, output items, response.completed), and is kept for assertions. Codex
// reaches it through a `[model_providers]` entry with `wire_api = "responses"`.
import type http from 'node:http';
import { FakeHttpApi } from './fake-http-api.js';

export interface ResponsesRequest {
  url: string;
  body: { model?: string; stream?: boolean; input?: { type?: string; role?: string; content?: { type?: string; text?: string }[] }[] };
}

/** Every text the user said in a request, oldest first. */
export function userTexts(r: ResponsesRequest): string[] {
  return (r.body.input ?? []).filter((i) => i.role === 'user').flatMap((i) => (i.content ?? []).map((c) => c.text ?? ''));
}

export class FakeOpenAiApi extends FakeHttpApi {
  readonly requests: ResponsesRequest[] = [];
  /** The usage each response states, and headers sent with it (Codex reads its plan's limits from `x-codex-*` headers). */
  usage = { input_tokens: 10, output_tokens: 2, total_tokens: 12 };
  headers: Record<string, string> = {};

  /** `answer` makes the text of the reply to one request; `delayMs` is how long the model thinks first. */
  constructor(private readonly answer: (r: ResponsesRequest) => string, delayMs = 0) {
    super(delayMs);
  }

  /** Resolves with the base URL to give Codex (`base_url`, ending in /v1). */
  async start(): Promise<string> {
    return `${await this.listen()}/v1`;
  }

  protected reply(req: http.IncomingMessage, data: string, res: http.ServerResponse): void {
    if (req.method === 'GET' && req.url?.startsWith('/v1/models')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"object":"list","data":[]}');
      return;
    }
    if (req.method !== 'POST' || !req.url?.includes('/responses')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    let body: ResponsesRequest['body'] = {};
    try {
      body = JSON.parse(data) as ResponsesRequest['body'];
    } catch {
      res.writeHead(400).end();
      return;
    }
    const request = { url: req.url, body };
    this.requests.push(request);
    const text = this.answer(request);
    const n = this.requests.length;
    const item = { type: 'message', id: `msg_${n}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text, annotations: [] }] };
    const response = { id: `resp_${n}`, object: 'response', status: 'in_progress', model: body.model ?? 'fake', output: [] as unknown[] };
    res.writeHead(200, { ...this.headers, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    let seq = 0;
    const event = (type: string, payload: object) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: seq++, ...payload })}\n\n`);
    event('response.created', { response });
    event('response.output_item.added', { output_index: 0, item: { ...item, status: 'in_progress', content: [] } });
    event('response.output_text.delta', { output_index: 0, item_id: item.id, content_index: 0, delta: text });
    event('response.output_item.done', { output_index: 0, item });
    event('response.completed', {
      response: { ...response, status: 'completed', output: [item], usage: { ...this.usage, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } } },
    });
    res.end();
  }
}
