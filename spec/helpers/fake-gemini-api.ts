// A tiny stand-in for Google's Gemini API on 127.0.0.1, so a real Gemini CLI can run a whole
// turn offline: `:streamGenerateContent?alt=sse` gets one SSE chunk with the answer's text,
// `:generateContent` side calls a short JSON text; every request is kept for assertions.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export class FakeGeminiApi {
  readonly requests: { url: string; body: string }[] = [];
  private readonly server: http.Server;

  /** `delayMs`: how long the model thinks before it answers (a turn the CLI shows as working). */
  constructor(private readonly answer: (body: string) => string, private readonly delayMs = 0) {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => this.reply(req.url ?? '', body, res));
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private reply(url: string, body: string, res: http.ServerResponse): void {
    this.requests.push({ url, body });
    const candidate = (text: string) => ({ candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }], usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 } });
    if (url.includes(':streamGenerateContent')) {
      const text = this.answer(body);
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(`data: ${JSON.stringify(candidate(text))}\r\n\r\n`);
      }, this.delayMs);
    } else if (url.includes(':generateContent')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(candidate('{"next_speaker": "user", "reasoning": "done"}')));
    } else if (url.includes(':countTokens')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"totalTokens": 10}');
    } else {
      res.writeHead(404).end();
    }
  }
}
