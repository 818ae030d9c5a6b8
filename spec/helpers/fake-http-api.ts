// The HTTP side every fake model API shares: a server on 127.0.0.1 at a free port that hands
// each request, with its whole body, to the API's reply (after `delayMs`, a model thinking).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export abstract class FakeHttpApi {
  private readonly server: http.Server;

  constructor(delayMs = 0) {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => setTimeout(() => this.reply(req, body, res), delayMs));
    });
  }

  protected abstract reply(req: http.IncomingMessage, body: string, res: http.ServerResponse): void;

  /** Listens; resolves with the base URL (`http://127.0.0.1:PORT`). */
  protected async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
