import { connect } from 'node:net';

/**
 * Sends raw bytes to a listening app and returns the status and the body of its answer: for what
 * only a real socket shows (what Node's HTTP parser refuses before any route runs).
 */
export function rawRequest(port: number, data: string | Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      if (Number.isNaN(status)) reject(new Error(`no HTTP answer: ${received.slice(0, 200)}`));
      else resolve({ status, body });
    });
    socket.write(data);
  });
}
