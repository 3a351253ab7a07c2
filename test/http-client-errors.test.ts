import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import type { App } from '../src/shared/http.js';
import { createTestClock, createTestDatabase, type TestDatabase } from './support/harness.js';
import { rawRequest } from './support/raw-http.js';

// What a hostile or broken client sees at the HTTP level, through a real socket (app.inject never
// builds such requests): every answer is in the one error shape, and the connection is closed
// wherever the byte stream can no longer be trusted. Engine-independent: run on SQLite.

const errorOf = (code: string) => ({
  error: expect.objectContaining({ code, message: expect.any(String), details: expect.any(Array) }),
});

describe('sqlite: HTTP-level errors in the error shape (raw sockets)', () => {
  let db: TestDatabase;
  let app: App;
  let port: number;
  let token: string;
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    const config = loadConfig({ DATABASE_URL: db.url, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' });
    const container = createContainer({ config, database: db.handle, clock: createTestClock() });
    // Short slow-client bounds, so that the cut-off is seen in seconds (production: HTTP_TIMEOUTS).
    app = await buildApp(container, { timeouts: { headersMs: 1_000, requestMs: 1_500, checkIntervalMs: 200 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    token = (await container.orgs.create('Raw')).api_key.token;
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const malformed: [string, string][] = [
    ['a bare LF line ending', 'GET /healthz HTTP/1.1\nHost: x\n\n'],
    [
      'Content-Length with Transfer-Encoding',
      'POST /api/v1/customers HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    [
      'a duplicate Content-Length',
      'POST /api/v1/customers HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
    ],
    ['a NUL in a header value', 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Test: a\0b\r\n\r\n'],
    ['a raw non-ASCII byte in the URL', 'GET /api/v1/customers/\xe9 HTTP/1.1\r\nHost: x\r\n\r\n'],
  ];
  for (const [what, bytes] of malformed) {
    it(`${what}: 400 validation_error, connection closed`, async () => {
      const answer = await rawRequest(port, Buffer.from(bytes, 'latin1'));
      expect(answer.status).toBe(400);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.body).toEqual(errorOf('validation_error'));
      expect(answer.closed).toBe(true);
    });
  }

  it('a 20 KB header: 431 headers_too_large in our shape', async () => {
    const answer = await rawRequest(port, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual(errorOf('headers_too_large'));
    expect(answer.closed).toBe(true);
  });

  it('HTTP/1.1 without Host: 400 naming the Host header', async () => {
    const answer = await rawRequest(port, 'GET /healthz HTTP/1.1\r\n\r\n', 1_000);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(errorOf('validation_error'));
    expect(answer.body.error.details).toEqual([{ field: 'Host', issue: 'required' }]);
  });

  it('Expect: x: 417 in our shape and the connection closed, so the body is never run as a request', async () => {
    const smuggled = 'GET /api/v1/customers HTTP/1.1\r\nHost: x\r\n\r\n';
    const answer = await rawRequest(
      port,
      `POST /api/v1/customers HTTP/1.1\r\nHost: x\r\nExpect: x\r\nContent-Type: application/json\r\nContent-Length: ${smuggled.length}\r\n\r\n${smuggled}`,
    );
    expect(answer.status).toBe(417);
    expect(answer.body).toEqual(errorOf('expectation_failed'));
    expect(answer.closed).toBe(true);
    expect(answer.text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it('a body that never finishes is cut with 408 in our shape', async () => {
    const answer = await rawRequest(
      port,
      `POST /api/v1/customers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":`,
      20_000,
    );
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual(errorOf('request_timeout'));
    expect(answer.closed).toBe(true);
  });

  it('a large body sent in pieces within the bound is answered normally', async () => {
    const body = JSON.stringify({ email: 'big@example.com', metadata: { notes: 'x'.repeat(600_000) } });
    const head = `POST /api/v1/customers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
    const { connect } = await import('node:net');
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (d) => (text += d));
    const closed = new Promise((r) => socket.on('close', r));
    socket.write(head);
    for (let i = 0; i < 10; i++) {
      socket.write(body.slice(i * 60_001, (i + 1) * 60_001));
      await new Promise((r) => setTimeout(r, 60));
    }
    socket.write(body.slice(10 * 60_001));
    await closed;
    expect(text).toMatch(/^HTTP\/1\.1 201 /);
  });

  it('headers that never finish are cut with 408 too', async () => {
    const answer = await rawRequest(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: 1\r\n', 20_000);
    expect(answer.status).toBe(408);
    expect(answer.closed).toBe(true);
  });

  it('a well-formed request on the same server still works (keep-alive, the answer in full)', async () => {
    const answer = await rawRequest(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n', 500);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok' });
  });
});
