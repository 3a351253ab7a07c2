import { validationError } from '../shared/errors.js';
import type { App } from '../shared/http.js';
import { Data, DataList, errorResponses } from '../shared/schemas.js';
import {
  CreateMailboxBody,
  DeletedSchema,
  MailboxIdParams,
  MailboxSchema,
  MailboxWithUrlSchema,
  TestMailBody,
  TestMailResultSchema,
  UpdateMailboxBody,
} from './mailbox-schemas.js';
import type { MailboxService } from './mailbox-service.js';
import type { TestMailer } from './mailbox-test-mail.js';

export interface MailboxRouteDeps {
  mailboxes: MailboxService;
  testMail: TestMailer;
  /** The signed-in user's address, the test mail's default recipient. */
  users: { get(organizationId: string, id: string): Promise<{ email: string }> };
}

export async function registerMailboxRoutes(app: App, { mailboxes, testMail, users }: MailboxRouteDeps): Promise<void> {
  const tags = ['mailboxes'];
  const admin = { scopes: ['admin' as const] };

  app.get(
    '/mailboxes',
    {
      config: admin,
      schema: {
        tags,
        summary: 'List mailboxes (all, no pagination; passwords and inbound URLs are never listed)',
        response: { 200: DataList(MailboxSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await mailboxes.list(request.auth.organizationId) }),
  );

  app.post(
    '/mailboxes',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Create a mailbox (its inbound_url, which carries a secret, is returned only here and on rotation)',
        description:
          'The address is unique across every organization (mail is routed by it) and stored lowercased: a taken ' +
          'address is 409. Passwords and the Mailgun signing key are write-only and stored encrypted.',
        body: CreateMailboxBody,
        response: { 201: Data(MailboxWithUrlSchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await mailboxes.create(request.auth.organizationId, request.body) }),
  );

  app.get(
    '/mailboxes/:mailbox_id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Retrieve a mailbox',
        params: MailboxIdParams,
        response: { 200: Data(MailboxSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await mailboxes.get(request.auth.organizationId, request.params.mailbox_id) }),
  );

  app.patch(
    '/mailboxes/:mailbox_id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Update a mailbox',
        description: 'imap or smtp replace the settings (null removes them); a password left out keeps the stored one.',
        params: MailboxIdParams,
        body: UpdateMailboxBody,
        response: { 200: Data(MailboxSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await mailboxes.update(request.auth.organizationId, request.params.mailbox_id, request.body ?? {}),
    }),
  );

  app.delete(
    '/mailboxes/:mailbox_id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a mailbox (mail to its address is refused from then on)',
        params: MailboxIdParams,
        response: { 200: Data(DeletedSchema), ...errorResponses },
      },
    },
    async (request) => {
      await mailboxes.remove(request.auth.organizationId, request.params.mailbox_id);
      return { data: { deleted: true } };
    },
  );

  app.post(
    '/mailboxes/:mailbox_id/rotate-inbound-token',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Replace the secret token of inbound_url (the previous URL stops working at once)',
        params: MailboxIdParams,
        response: { 200: Data(MailboxWithUrlSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await mailboxes.rotateInboundToken(request.auth.organizationId, request.params.mailbox_id),
    }),
  );

  app.post(
    '/mailboxes/:mailbox_id/test',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Send a test mail from the mailbox, through the SMTP server its replies use',
        description:
          "Sent at once (not queued) through the mailbox's SMTP settings, else SMTP_URL, to `to` or by default " +
          "to the signed-in user's email (with an API key, `to` is required). 200 with status sent (the server " +
          'accepted it) or failed (with the error); 409 when there is no way to send at all.',
        params: MailboxIdParams,
        body: TestMailBody,
        response: { 200: Data(TestMailResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { organizationId, userId } = request.auth;
      let to = request.body?.to;
      if (to === undefined) {
        if (!userId) throw validationError('to is required when the request is made with an API key', 'to', 'required');
        to = (await users.get(organizationId, userId)).email;
      }
      return { data: await testMail.send(organizationId, request.params.mailbox_id, to) };
    },
  );
}
