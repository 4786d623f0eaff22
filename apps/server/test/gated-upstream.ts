import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An upstream provider that holds every call (so lookups stay pending) until the test lets them
 * through; from then on it answers at once.
 */
export interface GatedUpstream {
  baseUrl: string;
  /** How many calls arrived so far. */
  received(): number;
  openAll(): void;
  close(): Promise<void>;
}

export async function startGatedUpstream(): Promise<GatedUpstream> {
  const held: ServerResponse[] = [];
  let received = 0;
  let open = false;
  const answer = (response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ nome: 'Fulano de Tal Exemplo', cpf: '123.456.789-09' }));
  };
  const server = createServer((request, response) => {
    request.resume();
    received += 1;
    if (open) answer(response);
    else held.push(response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => received,
    openAll() {
      open = true;
      for (const response of held.splice(0)) answer(response);
    },
    async close() {
      server.closeAllConnections();
      server.close();
    },
  };
}
