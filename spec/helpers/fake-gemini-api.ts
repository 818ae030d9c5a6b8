// A tiny stand-in for Google's Gemini API on 127.0.0.1, so a real Gemini CLI can run a whole
// turn offline: `:streamGenerateContent?alt=sse` gets one SSE chunk with the answer's text,
// `:generateContent` side calls a short JSON text; every request is kept for assertions.
import type http from 'node:http';
import { FakeHttpApi } from './fake-http-api.js';

/** An answer that asks to run a shell command (the CLI asks the user first), instead of text. */
export interface ShellCall { command: string }

export class FakeGeminiApi extends FakeHttpApi {
  readonly requests: { url: string; body: string }[] = [];

  /** `thinkMs`: how long the model thinks before it answers (a turn the CLI shows as working). */
  constructor(private readonly answer: (body: string) => string | ShellCall, private readonly thinkMs = 0) {
    super();
  }

  start(): Promise<string> {
    return this.listen();
  }

  protected reply(req: http.IncomingMessage, body: string, res: http.ServerResponse): void {
    const url = req.url ?? '';
    this.requests.push({ url, body });
    const candidate = (answer: string | ShellCall) => ({
      candidates: [{ content: { role: 'model', parts: [typeof answer === 'string' ? { text: answer } : { functionCall: { name: 'run_shell_command', args: { command: answer.command } } }] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    });
    if (url.includes(':streamGenerateContent')) {
      const text = this.answer(body);
      // Only the turn's answer thinks: side calls come back at once.
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(`data: ${JSON.stringify(candidate(text))}\r\n\r\n`);
      }, this.thinkMs);
    } else if (url.includes(':generateContent')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(candidate('{"next_speaker": "user", "reasoning": "done"}')));
    } else if (url.includes(':countTokens')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"totalTokens": 10}');
    } else {
      res.writeHead(404).end();
    }
  }
}
