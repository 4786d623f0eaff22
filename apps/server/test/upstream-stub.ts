import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A local upstream provider for tests. Paths decide the answer:
 * /ok/... JSON echo, /fail 500, /missing 404, /text plain text, /slow/:ms waits, /huge over 5 MB,
 * /nul valid JSON holding U+0000 and a lone surrogate (in values and keys), /deep nested 100 000 levels.
 */
export interface UpstreamStub {
  baseUrl: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

export async function startUpstreamStub(): Promise<UpstreamStub> {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const url = request.url ?? '/';
      received.push({ method: request.method ?? 'GET', url, headers: request.headers, body });
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (url.startsWith('/fail')) return json(500, { erro: 'falhou' });
      if (url.startsWith('/missing')) return json(404, { erro: 'nada' });
      if (url.startsWith('/text')) {
        response.writeHead(200, { 'content-type': 'text/plain' });
        return response.end('isto não é JSON');
      }
      if (url.startsWith('/huge')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end(`{"dados":"${'x'.repeat(5 * 1024 * 1024 + 10)}"}`);
      }
      if (url.startsWith('/nul')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end(
          '{"nome":"Fulano\\u0000 de Tal","apelido":"\\ud800x","lista":["a\\u0000b",{"chave\\u0000":"\\udc00"}],"par":"\\ud83d\\ude00"}',
        );
      }
      if (url.startsWith('/deep')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
      }
      const slow = /^\/slow\/(\d+)/.exec(url);
      if (slow) {
        const timer = setTimeout(() => json(200, { lento: true }), Number(slow[1]));
        response.on('close', () => clearTimeout(timer));
        return;
      }
      return json(200, {
        nome: 'Fulano de Tal Exemplo',
        cpf: '123.456.789-09',
        telefones: [{ ddd: '11', numero: '912345678' }],
        emails: [{ email: 'fulano@example.com' }],
        recebido: { url, body: body ? JSON.parse(body) : null },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
