// The SDK for web pages: everything but webhook verification (which needs node:crypto and a secret that
// never belongs in a browser).
export { createHelpdesk, type CallOptions, type Helpdesk, type HelpdeskOptions } from './client.js';
export { ApiError, ConnectionError, type ErrorCode, type ErrorDetail } from './errors.js';
export type { LoginInput, SignedIn, StaffSession, StaffUser, TotpEnrolment } from './auth.js';
export type { Event, EventType } from './events.js';
export type { RawAnswer, RequestOptions, Requester } from './request.js';
export type * from './index.js';
