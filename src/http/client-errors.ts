import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { AppError, errorBody } from '../shared/errors.js';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id-plugin.js';

// Errors Node's HTTP layer detects before Fastify sees a request (malformed or oversized requests,
// slow clients), answered in the one error shape. The stream cannot be trusted after any of them (a
// request that does not parse has no known end), so every answer here closes the connection.

const malformed = () =>
  new AppError(400, 'validation_error', 'malformed HTTP request', [{ field: 'request', issue: 'invalid' }]);

/** Node's parser and timeout errors mapped to our answers; null: nothing can or need be answered. */
function answerFor(err: NodeJS.ErrnoException): AppError | null {
  switch (err.code) {
    case 'ECONNRESET':
    case 'EPIPE':
      return null; // the client is gone
    case 'HPE_HEADER_OVERFLOW':
      return new AppError(431, 'headers_too_large', 'request headers are too large', [
        { field: 'headers', issue: 'too_long' },
      ]);
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return new AppError(408, 'request_timeout', 'the request was not received in time');
    default:
      return malformed();
  }
}

/** A complete HTTP/1.1 answer as bytes, for a socket no response object manages. */
export function rawErrorResponse(error: AppError): string {
  // A request that did not parse has no trustworthy headers: a fresh id.
  const requestId = randomUUID();
  const body = JSON.stringify(errorBody(error, requestId));
  const headers = [
    `HTTP/1.1 ${error.statusCode} ${STATUS_CODES[error.statusCode] ?? 'Error'}`,
    `${REQUEST_ID_HEADER}: ${requestId}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    ...Object.entries(error.headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${headers.join('\r\n')}\r\n\r\n${body}`;
}

/** Fastify's clientErrorHandler (Node's server 'clientError'): writes our answer and closes. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  const answer = answerFor(err);
  // A response already under way on this socket cannot be followed by another one.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!answer || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(rawErrorResponse(answer));
  // Whatever the client still sends is not read: close even if it never reads our answer.
  setTimeout(() => socket.destroy(), 1_000).unref();
}

/**
 * Node's server 'checkExpectation' (an Expect header other than 100-continue): 417 in our shape, and
 * the connection is closed so that the body the client sends anyway is never parsed as a request.
 */
export function onUnsupportedExpectation(req: IncomingMessage, res: ServerResponse): void {
  const error = new AppError(417, 'expectation_failed', 'unsupported Expect header (only 100-continue is supported)', [
    { field: 'Expect', issue: 'invalid_value' },
  ]);
  const requestId = requestIdOf(req);
  const body = JSON.stringify(errorBody(error, requestId));
  res.shouldKeepAlive = false;
  res.writeHead(417, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
    [REQUEST_ID_HEADER]: requestId,
  });
  res.end(body, () => res.socket?.destroy());
}

/** HTTP/1.1 requires Host (RFC 9112 §3.2); Node's own refusal is an empty 400, so we check it here. */
export function missingHost(request: FastifyRequest): AppError | null {
  if (request.raw.httpVersion !== '1.1' || request.headers.host !== undefined) return null;
  return new AppError(400, 'validation_error', 'the Host header is required', [{ field: 'Host', issue: 'required' }]);
}
