import { once } from 'node:events';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 between the panel and its PostgreSQL or Redis, to cut the line:
 * - `refuse`: every connection is dropped, new ones are closed as soon as they open (the server
 *   is down);
 * - `blackhole`: every connection is dropped, new ones are accepted and never answered (packets
 *   lost on the way: only a timeout notices).
 */
export interface TcpProxy {
  port: number;
  /** The target's URL with host and port replaced by the proxy's. */
  url: string;
  cut(mode: 'refuse' | 'blackhole'): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const targetPort = Number(target.port);
  let mode: 'open' | 'refuse' | 'blackhole' = 'open';
  const piped = new Set<Socket>();
  const held = new Set<Socket>();
  const track = (sockets: Set<Socket>, socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  };
  const drop = (sockets: Set<Socket>) => {
    for (const socket of sockets) socket.destroy();
  };

  const server = createServer((client) => {
    if (mode === 'refuse') {
      client.destroy();
      return;
    }
    if (mode === 'blackhole') {
      track(held, client);
      return;
    }
    track(piped, client);
    const upstream = connect(targetPort, target.hostname);
    track(piped, upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  return {
    port,
    url: url.toString(),
    cut(next) {
      mode = next;
      drop(piped);
    },
    restore() {
      mode = 'open';
      // Held (blackholed) connections never reached the server: their clients must start over.
      drop(held);
    },
    async close() {
      drop(piped);
      drop(held);
      server.close();
    },
  };
}
