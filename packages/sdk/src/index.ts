import type { components } from './openapi.js';

export { createHelpdesk, type CallOptions, type Helpdesk, type HelpdeskOptions } from './client.js';
export type { LoginInput, SignedIn, StaffSession, StaffUser, TotpEnrolment } from './auth.js';
export type { RawAnswer, RequestOptions, Requester } from './request.js';
export { ApiError, ConnectionError, type ErrorCode, type ErrorDetail } from './errors.js';
export type {
  Event,
  EventDataMap,
  EventPage,
  EventType,
  MessageCreatedData,
  TicketDeletedData,
  TicketEventData,
  TicketUpdatedData,
  WebhookEvent,
} from './events.js';
export { iterateCursor, iteratePages } from './pagination.js';
export type { RetryOptions } from './retry.js';
export { verifyWebhook, WebhookVerificationError, type VerifyOptions } from './webhooks.js';
export type { components, operations, paths } from './openapi.js';

type Schemas = components['schemas'];
export type Ticket = Schemas['Ticket'];
export type TicketListItem = Schemas['TicketListItem'];
export type Message = Schemas['Message'];
export type Customer = Schemas['Customer'];
export type Webhook = Schemas['Webhook'];
export type WebhookWithSecret = Schemas['WebhookWithSecret'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookSubscription = Schemas['WebhookSubscription'];
export type Usage = Schemas['Usage'];
export type User = Schemas['User'];
export type Team = Schemas['Team'];
export type Tag = Schemas['Tag'];
export type Invitation = Schemas['Invitation'];
export type ApiKey = Schemas['ApiKey'];
export type PaginationMeta = Schemas['PaginationMeta'];
export type CreateTicketInput = Schemas['CreateTicketInput'];
export type UpdateTicketInput = Schemas['UpdateTicketInput'];
export type AddMessageInput = Schemas['AddMessageInput'];
export type CreateCustomerInput = Schemas['CreateCustomerInput'];
export type UpdateCustomerInput = Schemas['UpdateCustomerInput'];
export type CreateWebhookInput = Schemas['CreateWebhookInput'];
export type UpdateWebhookInput = Schemas['UpdateWebhookInput'];
