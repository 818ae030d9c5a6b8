// A tiny stand-in for Anthropic's Messages API on 127.0.0.1, so a real Claude Code can run a
// whole turn offline: every POST /v1/messages gets one streamed answer in the API's SSE format
// (https://docs.anthropic.com/en/api/messages-streaming), a text or one tool call, and is kept
// for assertions.
import type http from 'node:http';
import { FakeHttpApi } from './fake-http-api.js';

export interface ApiMessage { role: string; content: string | { type: string; text?: string }[] }

export interface ApiRequest {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: { model?: string; stream?: boolean; tools?: unknown[]; messages?: ApiMessage[] };
}

/** The text of a message, whether its content is a string or a list of blocks. */
export function messageText(m: ApiMessage): string {
  return typeof m.content === 'string' ? m.content : m.content.map((b) => b.text ?? '').join('\n');
}

/** An answer that calls a tool (`stop_reason: tool_use`) instead of saying something. */
export interface ToolCall { tool: string; input: Record<string, unknown> }

/** An answer that is an API error (a 400 is not retried: the turn fails at once). */
export interface ApiFailure { status: number; error: string; message: string }

export type ApiAnswer = string | ToolCall | ApiFailure;

export class FakeAnthropicApi extends FakeHttpApi {
  readonly requests: ApiRequest[] = [];
  /** The usage each answer states as it starts, and headers sent with it (rate-limit headers). */
  usage: Record<string, number> = { input_tokens: 10, output_tokens: 1 };
  headers: Record<string, string> = {};

  /** `answer` makes the reply to one request (the conversation's, or a side one such as a title). */
  constructor(private readonly answer: (r: ApiRequest) => ApiAnswer) {
    super();
  }

  start(): Promise<string> {
    return this.listen();
  }

  protected reply(req: http.IncomingMessage, data: string, res: http.ServerResponse): void {
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/messages')) {
      res.writeHead(req.method === 'HEAD' ? 200 : 404).end();
      return;
    }
    let body: ApiRequest['body'] = {};
    try {
      body = JSON.parse(data) as ApiRequest['body'];
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (req.url.startsWith('/v1/messages/count_tokens')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"input_tokens":10}');
      return;
    }
    const request = { url: req.url, headers: req.headers, body };
    this.requests.push(request);
    const answer = this.answer(request);
    if (typeof answer !== 'string' && 'status' in answer) {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'error', error: { type: answer.error, message: answer.message } }));
      return;
    }
    const text = typeof answer === 'string' ? answer : '';
    const message = { id: `msg_${this.requests.length}`, type: 'message', role: 'assistant', model: body.model ?? 'fake', content: [] as unknown[], stop_reason: null, stop_sequence: null, usage: this.usage };
    const toolUse = typeof answer === 'string' ? null : { type: 'tool_use', id: `toolu_${this.requests.length}`, name: answer.tool, input: answer.input };
    if (!body.stream) {
      res.writeHead(200, { ...this.headers, 'content-type': 'application/json' });
      res.end(JSON.stringify({ ...message, content: [toolUse ?? { type: 'text', text }], stop_reason: toolUse ? 'tool_use' : 'end_turn' }));
      return;
    }
    res.writeHead(200, { ...this.headers, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const event = (name: string, payload: object) => res.write(`event: ${name}\ndata: ${JSON.stringify({ type: name, ...payload })}\n\n`);
    event('message_start', { message });
    if (toolUse) {
      event('content_block_start', { index: 0, content_block: { ...toolUse, input: {} } });
      event('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(toolUse.input) } });
    } else {
      event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
      event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } });
    }
    event('content_block_stop', { index: 0 });
    event('message_delta', { delta: { stop_reason: toolUse ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: 5 } });
    event('message_stop', {});
    res.end();
  }
}
