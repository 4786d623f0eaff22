import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { messages } from '@painel/shared/messages';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * Refusals that happen before a route is chosen, in the API's shape ({error, code} in Portuguese)
 * instead of the framework's English defaults (docs/decisions/0010-bad-input-at-the-edge.md).
 */

/** Fastify option `frameworkErrors`: a bad %-escape, a path parameter over maxParamLength. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const refusal =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError('URI_TOO_LONG', messages.uriTooLong)
      : error.code === 'FST_ERR_BAD_URL'
        ? new AppError('BAD_URL', messages.badUrl)
        : new AppError('BAD_REQUEST', messages.badRequest);
  request.log.info({ err: error }, 'refused before routing');
  void reply.status(refusal.statusCode).send(refusal.toBody());
}

/**
 * Node's parser counts the request line and the headers against one limit: when the chunk it
 * stopped in has not finished the request line, the address was what ran over.
 */
function refusalOf(error: ConnectionError): AppError {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return new AppError('REQUEST_TIMEOUT', messages.requestTimeout);
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const packet: unknown = error.rawPacket;
    const requestLineEnded = !Buffer.isBuffer(packet) || packet.includes('\r\n');
    return requestLineEnded
      ? new AppError('HEADERS_TOO_LARGE', messages.headersTooLarge)
      : new AppError('URI_TOO_LONG', messages.uriTooLong);
  }
  return new AppError('BAD_REQUEST', messages.badRequest);
}

/** Fastify option `clientErrorHandler`: what Node's HTTP parser refuses (oversized headers, garbage). */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal = refusalOf(error);
  this.log.info({ err: error }, 'refused by the HTTP parser');
  if (socket.writable) {
    const body = JSON.stringify(refusal.toBody());
    socket.write(
      `HTTP/1.1 ${refusal.statusCode} ${STATUS_CODES[refusal.statusCode]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * An HTTP/1.1 request without a Host header: Node would refuse it with an empty 400 of its own, so
 * the server is built with `requireHostHeader: false` and this `onRequest` hook refuses it instead.
 */
export function refuseMissingHost(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
    const refusal = new AppError('BAD_REQUEST', messages.badRequest);
    void reply.status(refusal.statusCode).send(refusal.toBody());
    return;
  }
  done();
}
