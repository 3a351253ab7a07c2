import { AppError, notFound } from '../shared/errors.js';
import type { App } from '../shared/http.js';
import { Data, PagedList, PageQuerySchema, errorResponses } from '../shared/schemas.js';
import { Type } from 'typebox';
import {
  checkMailgunSignature,
  mailgunBody,
  postmarkBody,
  readMultipart,
  type InboundBody,
} from './inbound-formats.js';
import type { InboundService } from './inbound-service.js';
import {
  FailureIdParams,
  InboundAcceptedSchema,
  InboundFailureSchema,
  InboundTokenParams,
  MailboxIdParams,
  RequeuedSchema,
} from './mailbox-schemas.js';
import type { MailboxService } from './mailbox-service.js';

interface InboundRouteDeps {
  inbound: InboundService;
  mailboxes: MailboxService;
  config: { mail: { maxMessageBytes: number; mailgunSigningKey: string | null } };
  clock: () => number;
}

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** GET failures and retry, under /api/v1 with the admin scope. */
export async function registerInboundAdminRoutes(app: App, { inbound }: Pick<InboundRouteDeps, 'inbound'>) {
  const tags = ['mailboxes'];
  const admin = { scopes: ['admin' as const] };
  app.get(
    '/mailboxes/:mailbox_id/failures',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Received mail of this mailbox that could not become a ticket message, newest first',
        params: MailboxIdParams,
        querystring: Type.Object(PageQuerySchema),
        response: { 200: PagedList(InboundFailureSchema), ...errorResponses },
      },
    },
    async (request) => inbound.failures(request.auth.organizationId, request.params.mailbox_id, request.query),
  );
  app.post(
    '/mailboxes/:mailbox_id/failures/:failure_id/retry',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Process a failed message again (from its stored copy)',
        params: FailureIdParams,
        response: { 202: Data(RequeuedSchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(202).send({
        data: await inbound.retryFailure(
          request.auth.organizationId,
          request.params.mailbox_id,
          request.params.failure_id,
        ),
      }),
  );
}

/**
 * POST /inbound/email/{token}: mail posted by a provider or relay. No API key: the secret token in
 * the path names the mailbox (404 for any other). The body is stored before the answer is sent.
 */
export async function registerInboundWebhookRoute(app: App, deps: InboundRouteDeps): Promise<void> {
  const { inbound, mailboxes, config, clock } = deps;
  const limit = config.mail.maxMessageBytes;
  // The route's own body limit: the message, plus what JSON escaping or form encoding adds.
  const bodyLimit = limit * 2 + 1024 * 1024;
  await app.register(async (instance) => {
    const scope = instance as unknown as App;
    scope.addContentTypeParser('message/rfc822', { parseAs: 'buffer', bodyLimit }, (_req, body, done) =>
      done(null, { kind: 'raw', raw: body }),
    );
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit },
      (_req, body, done) => done(null, { kind: 'form', fields: Object.fromEntries(new URLSearchParams(String(body))) }),
    );
    scope.addContentTypeParser('multipart/form-data', { bodyLimit }, (req, payload, done) => {
      readMultipart(payload, req.headers, bodyLimit).then(
        (fields) => done(null, { kind: 'form', fields }),
        (err) => done(err as Error, undefined),
      );
    });

    scope.post(
      '/inbound/email/:token',
      {
        bodyLimit,
        schema: {
          tags: ['mailboxes'],
          security: [],
          summary: 'Receive a mail for the mailbox the token names (raw message/rfc822, Postmark JSON or Mailgun form)',
          description:
            "No API key: the secret token of the mailbox's inbound_url. A mail is stored before the 200, once per " +
            'Message-ID per mailbox (a repeat answers duplicate: true). Mailgun posts must carry a valid signature.',
          params: InboundTokenParams,
          response: { 200: Data(InboundAcceptedSchema), ...errorResponses },
        },
      },
      async (request) => {
        const { token } = request.params;
        const found = TOKEN.test(token) ? await mailboxes.findByInboundToken(token) : null;
        if (!found) throw notFound('mailbox');
        const body = await inboundBody(request.body, request.headers['content-type']);
        if (body.mailgun) {
          const sealed = found.mailbox.mailgun_signing_key;
          const key = sealed ? await mailboxes.openSecret(sealed) : config.mail.mailgunSigningKey;
          if (!key) throw new AppError(401, 'unauthorized', 'no Mailgun signing key is set for this mailbox');
          checkMailgunSignature(key, body.mailgun, clock());
        }
        const result = await inbound.storeRawMessage({
          organizationId: found.organizationId,
          mailboxId: found.mailbox.id,
          raw: body.raw,
          source: body.source,
          recipient: body.recipient,
        });
        return { data: { stored: !result.duplicate, duplicate: result.duplicate } };
      },
    );
  });
}

async function inboundBody(parsed: unknown, contentType: string | undefined): Promise<InboundBody> {
  const body = parsed as { kind?: string; raw?: Buffer; fields?: Record<string, string> } | undefined;
  if (body?.kind === 'raw' && body.raw) return { raw: body.raw, recipient: null, source: 'webhook' };
  if (body?.kind === 'form' && body.fields) return mailgunBody(body.fields);
  if (contentType?.startsWith('application/json')) return postmarkBody(parsed);
  throw new AppError(
    400,
    'validation_error',
    'the body must be a message (message/rfc822), Postmark JSON or a Mailgun form',
    [{ field: 'body', issue: 'required' }],
  );
}
