// Deliberate bounds on how long a client may hold a connection and how long the server works on a
// request (docs/operations.md, Timeouts and failures). Node's own defaults are not used: Fastify turns its request timeout
// off, and a body that never finishes would hold its connection forever.

export interface HttpTimeouts {
  /** The request line and headers must arrive within this (then 408, connection closed). */
  headersMs: number;
  /** The complete request, body included, must arrive within this (then 408, connection closed). */
  requestMs: number;
  /** An idle keep-alive connection is closed after this (above the usual 60 s of load balancers). */
  keepAliveMs: number;
  /** How often Node checks the two timeouts above (their precision). */
  checkIntervalMs: number;
  /**
   * Server-side work on one request (authentication, the handler, waiting for the database), upload
   * time not counted: a request still unanswered then gets 503 service_unavailable with Retry-After.
   */
  deadlineMs: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 65_000,
  checkIntervalMs: 1_000,
  deadlineMs: 30_000,
};
