// Generated from the server's OpenAPI document by `npm run sdk:generate`: do not edit.

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the database answers */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics (text exposition format) */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tickets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tickets, newest first
         * @description Requires an API key with the `tickets:read` scope.
         */
        get: operations["listTickets"];
        put?: never;
        /**
         * Create a ticket with its first message
         * @description Channel `API` with an API key; `INTERNAL` when a signed-in staff user creates it (any `channel` in the body is ignored).
         *
         *     Requires an API key with the `tickets:write` scope.
         */
        post: operations["createTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tickets/{ticket_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a ticket with all messages
         * @description Requires an API key with the `tickets:read` scope.
         */
        get: operations["getTicket"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update status, priority, subject, assignee, team or tags
         * @description Requires an API key with the `tickets:write` scope.
         */
        patch: operations["updateTicket"];
        trace?: never;
    };
    "/api/v1/tickets/{ticket_id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a message (OUTBOUND with user_id, else INBOUND from the customer)
         * @description With a signed-in session the message is OUTBOUND from that user (a `user_id` naming anyone else is 403). `If-Match` with the ticket's ETag (as GET answers it) adds it only if the ticket is unchanged since (else 412).
         *
         *     Requires an API key with the `tickets:write` scope.
         */
        post: operations["addTicketMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attachments/{attachment_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a file received with a message (as listed in the message's `attachments`)
         * @description Requires an API key with the `tickets:read` scope.
         */
        get: operations["downloadAttachment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tickets/{ticket_id}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A ticket's internal notes, oldest first
         * @description Requires an API key with the `tickets:read` scope.
         */
        get: operations["listTicketNotes"];
        put?: never;
        /**
         * Add an internal note (staff only; never sent to the customer)
         * @description The author is the signed-in user with a session (a `user_id` naming anyone else is 403); with an API key `user_id` is required and must name a staff user of the organization (else 400). `If-Match` with the ticket's ETag (as GET answers it) adds the note only if the ticket is unchanged since (else 412). Adding a note does not change the ticket's representation or ETag.
         *
         *     Requires an API key with the `tickets:write` scope.
         */
        post: operations["addTicketNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List customers (newest first), optionally searching email and name
         * @description Requires an API key with the `customers:read` scope.
         */
        get: operations["listCustomers"];
        put?: never;
        /**
         * Create a customer
         * @description Requires an API key with the `customers:write` scope.
         */
        post: operations["createCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/customers/{customer_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a customer
         * @description Requires an API key with the `customers:read` scope.
         */
        get: operations["getCustomer"];
        put?: never;
        post?: never;
        /**
         * Delete a customer with all of the customer's tickets and messages (irreversible)
         * @description Requires an API key with the `customers:write` scope.
         */
        delete: operations["deleteCustomer"];
        options?: never;
        head?: never;
        /**
         * Update a customer (omitted fields kept, null clears, metadata replaced whole)
         * @description Requires an API key with the `customers:write` scope.
         */
        patch: operations["updateCustomer"];
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhooks (all, no pagination)
         * @description Requires an API key with the `webhooks:read` scope.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create a webhook (the secret is returned only here)
         * @description Requires an API key with the `webhooks:write` scope.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/subscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Subscribe a URL to an event (REST hooks)
         * @description Requires an API key with the `tickets:write` scope.
         */
        post: operations["subscribeWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unsubscribe a URL from one event or all
         * @description Requires an API key with the `tickets:write` scope.
         */
        post: operations["unsubscribeWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a webhook
         * @description Requires an API key with the `webhooks:read` scope.
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook and stop its deliveries
         * @description Requires an API key with the `webhooks:write` scope.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Update a webhook
         * @description Requires an API key with the `webhooks:write` scope.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/api/v1/webhooks/{webhook_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delivery history (one record per attempt series, newest first)
         * @description Requires an API key with the `webhooks:read` scope.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhook_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a webhook.test delivery to this webhook only (whatever its events, is_active or breaker)
         * @description Requires an API key with the `webhooks:write` scope.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeliver: a new attempt series of the same event, byte-identical body, same webhook-id
         * @description Requires an API key with the `webhooks:write` scope.
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhook_id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret (the previous one may keep signing for an overlap)
         * @description Requires an API key with the `webhooks:write` scope.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The event log, oldest first, with gap-free cursors (after / next_cursor)
         * @description Requires an API key with the `events:read` scope.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The event log live, as Server-Sent Events (text/event-stream), resumable by Last-Event-ID
         * @description Requires an API key with the `events:read` scope.
         */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tickets/{ticket_id}/presence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report that a staff user is viewing or typing on the ticket (sent to live event streams, never stored)
         * @description Requires an API key with the `tickets:read` scope.
         */
        post: operations["reportTicketPresence"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Usage of the current calendar month (server time zone) against the organization's plan
         * @description Requires an API key with the `billing:read` scope.
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List staff users (oldest first)
         * @description Requires an API key with the `admin` or `tickets:read` scope.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Create a staff user (takes a seat); id optional, e.g. an identity provider id
         * @description Requires an API key with the `admin` scope.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a staff user
         * @description Requires an API key with the `admin` or `tickets:read` scope.
         */
        get: operations["getUser"];
        put?: never;
        post?: never;
        /**
         * Delete a staff user; their tickets stay, unassigned, and they leave their teams
         * @description Requires an API key with the `admin` scope.
         */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        /**
         * Update a staff user
         * @description Requires an API key with the `admin` scope.
         */
        patch: operations["updateUser"];
        trace?: never;
    };
    "/api/v1/teams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List teams (oldest first)
         * @description Requires an API key with the `admin` or `tickets:read` scope.
         */
        get: operations["listTeams"];
        put?: never;
        /**
         * Create a team, optionally with members (user ids)
         * @description Requires an API key with the `admin` scope.
         */
        post: operations["createTeam"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a team with its members
         * @description Requires an API key with the `admin` or `tickets:read` scope.
         */
        get: operations["getTeam"];
        put?: never;
        post?: never;
        /**
         * Delete a team; its tickets stay, with team null
         * @description Requires an API key with the `admin` scope.
         */
        delete: operations["deleteTeam"];
        options?: never;
        head?: never;
        /**
         * Update a team; member_ids replaces the whole membership
         * @description Requires an API key with the `admin` scope.
         */
        patch: operations["updateTeam"];
        trace?: never;
    };
    "/api/v1/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List all tags by name (no pagination)
         * @description Requires an API key with the `admin` or `tickets:read` scope.
         */
        get: operations["listTags"];
        put?: never;
        /**
         * Create a tag (name unique per organization, color #rrggbb)
         * @description Requires an API key with the `admin` scope.
         */
        post: operations["createTag"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tags/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a tag
         * @description Requires an API key with the `admin` or `tickets:read` scope.
         */
        get: operations["getTag"];
        put?: never;
        post?: never;
        /**
         * Delete a tag; it is removed from every ticket
         * @description Requires an API key with the `admin` scope.
         */
        delete: operations["deleteTag"];
        options?: never;
        head?: never;
        /**
         * Update a tag
         * @description Requires an API key with the `admin` scope.
         */
        patch: operations["updateTag"];
        trace?: never;
    };
    "/api/v1/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List invitations (newest first)
         * @description Requires an API key with the `admin` scope.
         */
        get: operations["listInvitations"];
        put?: never;
        /**
         * Invite a staff member (a pending invitation takes a seat; expires in 7 days unless expires_at is given)
         * @description Requires an API key with the `admin` scope.
         */
        post: operations["createInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an invitation
         * @description Requires an API key with the `admin` scope.
         */
        get: operations["getInvitation"];
        put?: never;
        post?: never;
        /**
         * Delete an invitation record (any state)
         * @description Requires an API key with the `admin` scope.
         */
        delete: operations["deleteInvitation"];
        options?: never;
        head?: never;
        /**
         * Update a pending invitation (name, role, expires_at)
         * @description Requires an API key with the `admin` scope.
         */
        patch: operations["updateInvitation"];
        trace?: never;
    };
    "/api/v1/invitations/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept a pending invitation: creates the staff user (optional id and name)
         * @description Requires an API key with the `admin` scope.
         */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an invitation
         * @description Requires an API key with the `admin` scope.
         */
        post: operations["revokeInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys, revoked ones included (never the token)
         * @description Requires an API key with the `admin` scope.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key; its token is returned only in this response
         * @description Requires an API key with the `admin` scope.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an API key (never the token)
         * @description Requires an API key with the `admin` scope.
         */
        get: operations["getApiKey"];
        put?: never;
        post?: never;
        /**
         * Revoke an API key; it stops working at once
         * @description Requires an API key with the `admin` scope.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mailboxes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List mailboxes (all, no pagination; passwords and inbound URLs are never listed)
         * @description Requires an API key with the `admin` scope.
         */
        get: operations["listMailboxes"];
        put?: never;
        /**
         * Create a mailbox (its inbound_url, which carries a secret, is returned only here and on rotation)
         * @description The address is unique across every organization (mail is routed by it) and stored lowercased: a taken address is 409. Passwords and the Mailgun signing key are write-only and stored encrypted.
         *
         *     Requires an API key with the `admin` scope.
         */
        post: operations["createMailbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mailboxes/{mailbox_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a mailbox
         * @description Requires an API key with the `admin` scope.
         */
        get: operations["getMailbox"];
        put?: never;
        post?: never;
        /**
         * Delete a mailbox (mail to its address is refused from then on)
         * @description Requires an API key with the `admin` scope.
         */
        delete: operations["deleteMailbox"];
        options?: never;
        head?: never;
        /**
         * Update a mailbox
         * @description imap or smtp replace the settings (null removes them); a password left out keeps the stored one.
         *
         *     Requires an API key with the `admin` scope.
         */
        patch: operations["updateMailbox"];
        trace?: never;
    };
    "/api/v1/mailboxes/{mailbox_id}/rotate-inbound-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the secret token of inbound_url (the previous URL stops working at once)
         * @description Requires an API key with the `admin` scope.
         */
        post: operations["rotateMailboxInboundToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mailboxes/{mailbox_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test mail from the mailbox, through the SMTP server its replies use
         * @description Sent at once (not queued) through the mailbox's SMTP settings, else SMTP_URL, to `to` or by default to the signed-in user's email (with an API key, `to` is required). 200 with status sent (the server accepted it) or failed (with the error); 409 when there is no way to send at all.
         *
         *     Requires an API key with the `admin` scope.
         */
        post: operations["sendMailboxTestMail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mailboxes/{mailbox_id}/failures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Received mail of this mailbox that could not become a ticket message, newest first
         * @description Requires an API key with the `admin` scope.
         */
        get: operations["listMailboxFailures"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mailboxes/{mailbox_id}/failures/{failure_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Process a failed message again (from its stored copy)
         * @description Requires an API key with the `admin` scope.
         */
        post: operations["retryMailboxFailure"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with email and password */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The current session */
        get: operations["getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out: the session ends and its cookie is cleared */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create the first administrator with the first-start setup link */
        post: operations["setupFirstAdministrator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/accept-invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation: set name and password, and sign in */
        post: operations["acceptInvitationWithPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with a reset link; other sessions end */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change your password; your other sessions end */
        put: operations["changePassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your sessions */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** End one of your sessions (at once, in every process) */
        delete: operations["revokeSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start two-factor enrolment (TOTP) */
        post: operations["startTotpEnrolment"];
        /** Disable two-factor (needs a code) */
        delete: operations["disableTotp"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm enrolment with a code: answers the recovery codes, once */
        post: operations["confirmTotpEnrolment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/organization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's sign-in rules
         * @description Requires an API key with the `admin` scope.
         */
        get: operations["getSignInRules"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Require two-factor for every staff user of the organization
         * @description Requires an API key with the `admin` scope.
         */
        patch: operations["updateSignInRules"];
        trace?: never;
    };
    "/api/v1/widgets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the chat widgets, oldest first
         * @description Requires an API key with the `admin` scope.
         */
        get: operations["listWidgets"];
        put?: never;
        /**
         * Create a chat widget; the answer is the only one that shows its identity_secret
         * @description Requires an API key with the `admin` scope.
         */
        post: operations["createWidget"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/widgets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a chat widget
         * @description Requires an API key with the `admin` scope.
         */
        get: operations["getWidget"];
        put?: never;
        post?: never;
        /**
         * Delete a chat widget: its visitors' sessions end; the tickets opened through it stay
         * @description Requires an API key with the `admin` scope.
         */
        delete: operations["deleteWidget"];
        options?: never;
        head?: never;
        /**
         * Change a chat widget (name, allowed origins, identity mode)
         * @description Requires an API key with the `admin` scope.
         */
        patch: operations["updateWidget"];
        trace?: never;
    };
    "/api/v1/widgets/{id}/rotate-identity-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the identity secret (the old one stops verifying at once); the new one is shown once
         * @description Requires an API key with the `admin` scope.
         */
        post: operations["rotateWidgetIdentitySecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's organization: name, public slug and help center settings
         * @description Requires an API key with the `tickets:read` or `tickets:write` or `customers:read` or `customers:write` or `webhooks:read` or `webhooks:write` or `billing:read` or `events:read` or `kb:read` or `kb:write` or `admin` scope.
         */
        get: operations["getOrganization"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the organization's name, slug or help center settings
         * @description A new slug must be free (409 otherwise); public URLs with the old slug answer 301 to the new one.
         *
         *     Requires an API key with the `admin` scope.
         */
        patch: operations["updateOrganization"];
        trace?: never;
    };
    "/api/v1/kb/collections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every collection, by position
         * @description Requires an API key with the `kb:read` scope.
         */
        get: operations["listKbCollections"];
        put?: never;
        /**
         * Create a collection
         * @description Requires an API key with the `kb:write` scope.
         */
        post: operations["createKbCollection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kb/collections/{collection_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A collection
         * @description Requires an API key with the `kb:read` scope.
         */
        get: operations["getKbCollection"];
        put?: never;
        post?: never;
        /**
         * Delete an empty collection (409 conflict while it holds articles)
         * @description Requires an API key with the `kb:write` scope.
         */
        delete: operations["deleteKbCollection"];
        options?: never;
        head?: never;
        /**
         * Change a collection
         * @description Requires an API key with the `kb:write` scope.
         */
        patch: operations["updateKbCollection"];
        trace?: never;
    };
    "/api/v1/kb/articles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Articles, most recently updated first
         * @description `search`: words that must all appear in the title or body (case-insensitive).
         *
         *     Requires an API key with the `kb:read` scope.
         */
        get: operations["listKbArticles"];
        put?: never;
        /**
         * Create an article
         * @description The slug is made from the title when absent (unique in the organization). Status defaults to draft.
         *
         *     Requires an API key with the `kb:write` scope.
         */
        post: operations["createKbArticle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kb/articles/{article_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An article
         * @description Requires an API key with the `kb:read` scope.
         */
        get: operations["getKbArticle"];
        put?: never;
        post?: never;
        /**
         * Delete an article
         * @description Requires an API key with the `kb:write` scope.
         */
        delete: operations["deleteKbArticle"];
        options?: never;
        head?: never;
        /**
         * Change an article (publish, archive, edit)
         * @description A changed slug keeps redirecting from the old one. Publishing, or editing a published article, keeps a revision.
         *
         *     Requires an API key with the `kb:write` scope.
         */
        patch: operations["updateKbArticle"];
        trace?: never;
    };
    "/api/v1/kb/articles/{article_id}/revisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An article's revisions (as published), newest first
         * @description Requires an API key with the `kb:read` scope.
         */
        get: operations["listKbArticleRevisions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kb/articles/{article_id}/revisions/{revision_id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put a revision's title and body back
         * @description The status is kept: a published article publishes the restored text (and keeps a new revision).
         *
         *     Requires an API key with the `kb:write` scope.
         */
        post: operations["restoreKbArticleRevision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kb/assistant-report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The assistant's report: outcomes, answers by mode, feedback, unanswered questions
         * @description Conversations started in the last `days` days (default 30): `answered` (not handed off, at least one answer from the articles), `handed_off` (a ticket was opened), `abandoned` (neither); `deflection_rate` is answered / total. Answers given in the period by mode, the feedback on them, and the latest answers and unanswered questions (mode `none`), 20 of each, newest first.
         *
         *     Requires an API key with the `kb:read` scope.
         */
        get: operations["getKbAssistantReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widget/v1/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Open a visitor session with a widget's key (and the site's identity token, if any) */
        post: operations["openVisitorSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widget/v1/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The visitor's conversations, newest first (at most 20) */
        get: operations["listVisitorConversations"];
        put?: never;
        /** Open a conversation (a ticket of channel WIDGET) with its first message */
        post: operations["openVisitorConversation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widget/v1/conversations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the visitor’s conversations with its messages */
        get: operations["getVisitorConversation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widget/v1/conversations/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Write in one of the visitor’s conversations */
        post: operations["addVisitorMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widget/v1/conversations/{id}/typing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The visitor is typing: shown to agents on the ticket for about 30 seconds (never stored) */
        post: operations["reportVisitorTyping"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widget/v1/conversations/{id}/seen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The widget showed the conversation up to this message: replies up to it are not mailed */
        post: operations["reportVisitorSeen"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widget/v1/assistant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask the organization's assistant (answers from published articles, citing them)
         * @description The same answer as the help center's `POST /help/{slug}/api/chat`. 409 `conflict` when the organization has no published articles (the session says so: `assistant: false`).
         */
        post: operations["askVisitorAssistant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widget/v1/assistant/{conversation_id}/handoff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hand the assistant conversation to a person: a ticket (channel WIDGET_AI) with the transcript */
        post: operations["handOffVisitorAssistant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widget/v1/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The visitor's conversations live (text/event-stream): message.created, ticket.updated, presence */
        get: operations["streamVisitorEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbound/email/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a mail for the mailbox the token names (raw message/rfc822, Postmark JSON or Mailgun form)
         * @description No API key: the secret token of the mailbox's inbound_url. A mail is stored before the 200, once per Message-ID per mailbox (a repeat answers duplicate: true). Mailgun posts must carry a valid signature.
         */
        post: operations["receiveEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/help/{slug}/api/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search a help center's published articles (public; no authentication)
         * @description A question in plain words: any of its words may match, stemmed. Best first, at most 10.
         */
        get: operations["searchHelpCenter"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/help/{slug}/api/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask the help center's assistant (public; no authentication)
         * @description Answers from published articles only, citing them. `mode`: `extractive` (quotes of the best passages), `none` (nothing relevant: a person is offered), or `generated` (written by the configured model). With `Accept: text/event-stream` the answer streams as `delta` events, then one `done` event with the data (a `reset` event, rare, says to drop the deltas shown so far: the text that follows replaces them). A retry with the same `Idempotency-Key` header (or, in a conversation, the same question again within two minutes) answers the answer already given, and uses no further AI credit.
         */
        post: operations["askHelpCenterAssistant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/help/{slug}/api/chat/{conversation_id}/handoff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hand the conversation to a person: a ticket (channel KB_CHAT) with the transcript */
        post: operations["handOffHelpCenterConversation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/help/{slug}/api/chat/{conversation_id}/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Say whether an answer helped */
        post: operations["sendHelpCenterFeedback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Ticket: {
            id: string;
            ticket_number: string;
            subject: string;
            /** @enum {string} */
            status: "OPEN" | "PENDING" | "ON_HOLD" | "RESOLVED" | "CLOSED";
            /** @enum {string} */
            priority: "LOW" | "MEDIUM" | "HIGH" | "URGENT";
            /** @enum {string} */
            channel: "API" | "EMAIL" | "INTERNAL" | "WIDGET" | "WIDGET_AI" | "KB_CHAT";
            external_organization_id: string | null;
            external_organization_name: string | null;
            customer: {
                id: string;
                email: string;
                name: string | null;
                external_user_id: string | null;
            };
            assignee: {
                id: string;
                name: string;
                email: string;
            } | null;
            team: {
                id: string;
                name: string;
            } | null;
            tags: {
                id: string;
                name: string;
                color: string;
            }[];
            messages: components["schemas"]["Message"][];
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            updated_at: string;
            /** Format: date-time */
            closed_at: string | null;
        };
        TicketListItem: {
            id: string;
            ticket_number: string;
            subject: string;
            /** @enum {string} */
            status: "OPEN" | "PENDING" | "ON_HOLD" | "RESOLVED" | "CLOSED";
            /** @enum {string} */
            priority: "LOW" | "MEDIUM" | "HIGH" | "URGENT";
            /** @enum {string} */
            channel: "API" | "EMAIL" | "INTERNAL" | "WIDGET" | "WIDGET_AI" | "KB_CHAT";
            external_organization_id: string | null;
            external_organization_name: string | null;
            customer: {
                id: string;
                email: string;
                name: string | null;
                external_user_id: string | null;
            };
            assignee: {
                id: string;
                name: string;
                email: string;
            } | null;
            team: {
                id: string;
                name: string;
            } | null;
            tags: {
                id: string;
                name: string;
                color: string;
            }[];
            message_count: number;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            updated_at: string;
        };
        Message: {
            id: string;
            content: string;
            /** @enum {string} */
            type: "INBOUND" | "OUTBOUND";
            author: {
                /** @enum {string} */
                type: "customer" | "user";
                id: string;
                email: string | null;
                name: string | null;
            } | null;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            delivery: {
                /** @enum {string} */
                channel: "email";
                /** @enum {string} */
                status: "queued" | "sent" | "failed";
                attempt_count: number;
                last_error: string | null;
                /** Format: date-time */
                sent_at: string | null;
            } | null;
            attachments: components["schemas"]["Attachment"][];
        };
        Attachment: {
            id: string;
            /** @description The sender's name for the file, without any directory part */
            filename: string;
            /** @description What the bytes were recognised as (never what the mail claimed); `application/octet-stream` when unknown */
            content_type: string;
            /** @description Bytes */
            size: number;
        };
        Note: {
            id: string;
            ticket_id: string;
            content: string;
            author: {
                /** @enum {string} */
                type: "user";
                id: string;
                email: string;
                name: string;
            };
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
        };
        Customer: {
            id: string;
            email: string;
            name: string | null;
            external_user_id: string | null;
            external_organization_id: string | null;
            external_organization_name: string | null;
            avatar_url: string | null;
            metadata: {
                [key: string]: unknown;
            } | null;
            ticket_count: number;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            updated_at: string;
        };
        Webhook: {
            /** Format: uuid */
            id: string;
            name: string;
            url: string;
            events: string[];
            is_active: boolean;
            /** Format: date-time */
            last_delivery_at: string | null;
            /** @enum {string|null} */
            last_delivery_status: "success" | "failed" | null;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            updated_at: string;
        };
        WebhookWithSecret: {
            /** Format: uuid */
            id: string;
            name: string;
            url: string;
            /** @description HMAC-SHA256 signing secret; shown only here */
            secret: string;
            events: string[];
            is_active: boolean;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
        };
        WebhookDelivery: {
            id: string;
            event: string;
            /**
             * @description Outcome of the latest attempt
             * @enum {string}
             */
            status: "success" | "failed";
            /** @description HTTP status of the latest attempt; null when no response was received */
            status_code: number | null;
            attempt_count: number;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /** Format: date-time */
            completed_at: string | null;
            /** Format: date-time */
            next_attempt_at: string | null;
        };
        QueuedWebhookDelivery: {
            id: string;
            event: string;
            /**
             * @description null: no attempt has finished yet
             * @enum {string|null}
             */
            status: "success" | "failed" | null;
            status_code: number | null;
            attempt_count: number;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /** Format: date-time */
            completed_at: string | null;
            /** Format: date-time */
            next_attempt_at: string | null;
        };
        WebhookWithNewSecret: {
            /** Format: uuid */
            id: string;
            name: string;
            url: string;
            events: string[];
            is_active: boolean;
            /** Format: date-time */
            last_delivery_at: string | null;
            /** @enum {string|null} */
            last_delivery_status: "success" | "failed" | null;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            updated_at: string;
            /** @description The new signing secret; shown only here */
            secret: string;
        };
        Event: {
            /**
             * Format: uuid
             * @description Also the webhook-id header of its deliveries
             */
            id: string;
            type: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /** @description Exactly the webhook body's data for this event */
            data: {
                [key: string]: unknown;
            };
        };
        WebhookSubscription: {
            id: string;
            url: string;
            event: string;
        };
        Usage: {
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            period_start: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            period_end: string;
            tickets: {
                used: number;
                limit: number | null;
            };
            seats: {
                used: number;
                limit: number | null;
            };
            webhooks: {
                used: number;
                limit: number | null;
            };
            ai_credits: {
                used: number;
                included: number;
                purchased: number;
                remaining: number;
                overage_this_period: number;
            };
        };
        User: {
            id: string;
            name: string;
            email: string;
            /** @enum {string} */
            role: "admin" | "agent";
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            updated_at: string;
        };
        Team: {
            id: string;
            name: string;
            members: components["schemas"]["TeamMember"][];
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            updated_at: string;
        };
        TeamMember: {
            id: string;
            name: string;
            email: string;
        };
        Tag: {
            id: string;
            name: string;
            color: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            updated_at: string;
        };
        Invitation: {
            id: string;
            email: string;
            name: string | null;
            /** @enum {string} */
            role: "admin" | "agent";
            /** @enum {string} */
            status: "pending" | "accepted" | "revoked" | "expired";
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            expires_at: string;
            user_id: string | null;
            /** Format: date-time */
            accepted_at: string | null;
            /** Format: date-time */
            revoked_at: string | null;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            updated_at: string;
        };
        AcceptedInvitation: {
            invitation: components["schemas"]["Invitation"];
            user: components["schemas"]["User"];
        };
        InvitationWithAcceptUrl: {
            id: string;
            email: string;
            name: string | null;
            /** @enum {string} */
            role: "admin" | "agent";
            /** @enum {string} */
            status: "pending" | "accepted" | "revoked" | "expired";
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            expires_at: string;
            user_id: string | null;
            /** Format: date-time */
            accepted_at: string | null;
            /** Format: date-time */
            revoked_at: string | null;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            updated_at: string;
            /** @description PUBLIC_URL/app/accept?token=…: single use, valid until the invitation expires; shown only here */
            accept_url?: string;
        };
        SignedIn: {
            user: components["schemas"]["User"];
            organization: {
                id: string;
                name: string;
            };
            /** @description send it as X-CSRF-Token on every POST, PUT, PATCH and DELETE */
            csrf_token: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            expires_at: string;
        };
        StaffSession: {
            id: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            last_seen_at: string;
            ip: string | null;
            user_agent: string | null;
            current: boolean;
        };
        TotpEnrolment: {
            secret: string;
            otpauth_url: string;
        };
        TotpRecoveryCodes: {
            recovery_codes: string[];
        };
        SignInRules: {
            require_two_factor: boolean;
        };
        ApiKey: {
            id: string;
            name: string | null;
            /** @description the start of the token, to recognise it; never enough to use it */
            prefix: string;
            scopes: ("tickets:read" | "tickets:write" | "customers:read" | "customers:write" | "webhooks:read" | "webhooks:write" | "billing:read" | "events:read" | "kb:read" | "kb:write" | "admin")[];
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /** Format: date-time */
            last_used_at: string | null;
            /** Format: date-time */
            revoked_at: string | null;
        };
        ApiKeyWithToken: {
            id: string;
            name: string | null;
            /** @description the start of the token, to recognise it; never enough to use it */
            prefix: string;
            scopes: ("tickets:read" | "tickets:write" | "customers:read" | "customers:write" | "webhooks:read" | "webhooks:write" | "billing:read" | "events:read" | "kb:read" | "kb:write" | "admin")[];
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /** Format: date-time */
            last_used_at: string | null;
            /** Format: date-time */
            revoked_at: string | null;
            /** @description shown only in this response */
            token: string;
        };
        Widget: {
            id: string;
            name: string;
            /** @description The public key (`wk_…`) the embed snippet carries */
            key: string;
            allowed_origins: string[];
            /**
             * @description off: every visitor is anonymous; optional: a visitor may be identified by a JWT from the site; required: only identified visitors may chat
             * @enum {string}
             */
            identity: "off" | "optional" | "required";
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            updated_at: string;
        };
        WidgetWithSecret: {
            id: string;
            name: string;
            /** @description The public key (`wk_…`) the embed snippet carries */
            key: string;
            allowed_origins: string[];
            /**
             * @description off: every visitor is anonymous; optional: a visitor may be identified by a JWT from the site; required: only identified visitors may chat
             * @enum {string}
             */
            identity: "off" | "optional" | "required";
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            updated_at: string;
            /** @description The HS256 secret identity tokens are signed with: shown only on create and on rotation */
            identity_secret: string;
        };
        VisitorSession: {
            /** @description The bearer of the visitor routes (Authorization: Bearer, or ?token= on the stream) */
            token: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            expires_at: string;
            visitor: {
                email: string | null;
                name: string | null;
                identified: boolean;
            };
            /** @description The assistant answers first (POST /widget/v1/assistant): the organization has published articles */
            assistant: boolean;
        };
        VisitorConversation: {
            /** @description The ticket id */
            id: string;
            ticket_number: string;
            subject: string;
            /** @enum {string} */
            status: "OPEN" | "PENDING" | "ON_HOLD" | "RESOLVED" | "CLOSED";
            messages: components["schemas"]["VisitorMessage"][];
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            updated_at: string;
        };
        VisitorMessage: {
            id: string;
            content: string;
            /** @enum {string} */
            type: "INBOUND" | "OUTBOUND";
            author: {
                /** @enum {string} */
                type: "customer" | "agent";
                name: string | null;
            };
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
        };
        Mailbox: {
            /** Format: uuid */
            id: string;
            name: string;
            address: string;
            from_name: string | null;
            imap: {
                host: string;
                port: number;
                /** @enum {string} */
                tls: "implicit" | "starttls" | "none";
                username: string;
                folder: string;
            } | null;
            smtp: {
                host: string;
                port: number;
                /** @enum {string} */
                tls: "implicit" | "starttls" | "none";
                username: string | null;
            } | null;
            /**
             * @description error: the last IMAP poll failed (last_error)
             * @enum {string}
             */
            status: "active" | "error";
            last_error: string | null;
            /** Format: date-time */
            last_polled_at: string | null;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            updated_at: string;
        };
        MailboxWithInboundUrl: {
            /** Format: uuid */
            id: string;
            name: string;
            address: string;
            from_name: string | null;
            imap: {
                host: string;
                port: number;
                /** @enum {string} */
                tls: "implicit" | "starttls" | "none";
                username: string;
                folder: string;
            } | null;
            smtp: {
                host: string;
                port: number;
                /** @enum {string} */
                tls: "implicit" | "starttls" | "none";
                username: string | null;
            } | null;
            /**
             * @description error: the last IMAP poll failed (last_error)
             * @enum {string}
             */
            status: "active" | "error";
            last_error: string | null;
            /** Format: date-time */
            last_polled_at: string | null;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            updated_at: string;
            /** @description Where providers post inbound mail; carries a secret token, shown only on create and rotation */
            inbound_url: string;
        };
        MailboxTestMailResult: {
            /**
             * @description sent: the SMTP server accepted the mail; failed: it refused, or could not be reached (error)
             * @enum {string}
             */
            status: "sent" | "failed";
            from: string;
            to: string;
            /** @description The Message-ID of the test mail, angle brackets included */
            message_id: string;
            /** @description The SMTP server's answer when it accepted the mail */
            response: string | null;
            /** @description Why sending failed */
            error: string | null;
        };
        PaginationMeta: {
            pagination: {
                page: number;
                limit: number;
                total: number;
                total_pages: number;
                /** @constant */
                total_capped?: true;
            };
        };
        Error: {
            error: {
                code: string;
                message: string;
                details: {
                    field: string;
                    issue: string;
                    /** @description organization_required: an organization the email has an account in */
                    id?: string;
                    /** @description organization_required: that organization's name */
                    name?: string;
                }[];
                /** @description The X-Request-Id of this request (quote it when reporting a problem) */
                request_id: string;
            };
        };
        Organization: {
            id: string;
            name: string;
            /** @description The public address of the help center: /help/{slug}/ */
            slug: string;
            help_center: {
                /** @description When false every public help center page and API is 404 */
                enabled: boolean;
                /** @description The help center's title (the organization's name unless set) */
                title: string;
            };
        };
        KbCollection: {
            id: string;
            name: string;
            description: string | null;
            position: number;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            updated_at: string;
        };
        KbArticle: {
            id: string;
            collection_id: string | null;
            title: string;
            slug: string;
            body_markdown: string;
            /** @description Rendered from body_markdown and sanitized (no scripts, handlers or javascript: URLs) */
            body_html: string;
            /** @enum {string} */
            status: "draft" | "published" | "archived";
            locale: string;
            author: {
                id: string;
                name: string;
            } | null;
            /** Format: date-time */
            published_at: string | null;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            updated_at: string;
        };
        KbArticleRevision: {
            id: string;
            article_id: string;
            title: string;
            body_markdown: string;
            author: {
                id: string;
                name: string;
            } | null;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            created_at: string;
        };
        KbAssistantReport: {
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            from: string;
            /**
             * Format: date-time
             * @description UTC, millisecond precision
             */
            to: string;
            /** @description Conversations started in the period */
            conversations: {
                total: number;
                /** @description Not handed off, and at least one answer came from the articles (generated or extractive) */
                answered: number;
                /** @description Handed to a person: a ticket was opened */
                handed_off: number;
                /** @description Not handed off, and no answer came from the articles */
                abandoned: number;
                /** @description answered / total (null when there were none) */
                deflection_rate: number | null;
            };
            /** @description Answers given in the period, by mode */
            answers: {
                total: number;
                generated: number;
                extractive: number;
                none: number;
            };
            /** @description Feedback on the answers given in the period */
            feedback: {
                helpful: number;
                not_helpful: number;
            };
            /** @description The latest questions answered with mode none (at most 20), newest first */
            unanswered: {
                answer_id: string;
                conversation_id: string;
                question: string;
                /**
                 * Format: date-time
                 * @description UTC, millisecond precision
                 */
                asked_at: string;
            }[];
            /** @description The latest answers (at most 20), newest first */
            recent_answers: {
                id: string;
                conversation_id: string;
                question: string;
                /** @enum {string} */
                mode: "generated" | "extractive" | "none";
                helpful: boolean | null;
                /**
                 * Format: date-time
                 * @description UTC, millisecond precision
                 */
                created_at: string;
            }[];
        };
        CreateTicketInput: {
            subject: string;
            message: string;
            customer: {
                /** Format: email */
                email: string;
                name?: string | null;
                external_user_id?: string | null;
                external_organization_id?: string | null;
                external_organization_name?: string | null;
                metadata?: {
                    [key: string]: unknown;
                } | null;
            };
            /** @enum {string} */
            priority?: "LOW" | "MEDIUM" | "HIGH" | "URGENT";
            tag_ids?: string[];
        };
        UpdateOrganizationInput: {
            name?: string;
            /** @description Unique; the old slug keeps redirecting (301) to the new one */
            slug?: string;
            help_center?: {
                enabled?: boolean;
                title?: string | null;
            };
        };
        CreateKbCollectionInput: {
            name: string;
            description?: string | null;
            /** @description Default: after the last */
            position?: number;
        };
        UpdateKbCollectionInput: {
            name?: string;
            description?: string | null;
            /** @description Default: after the last */
            position?: number;
        };
        CreateKbArticleInput: {
            title: string;
            body_markdown: string;
            collection_id?: string | null;
            slug?: string;
            /** @enum {string} */
            status?: "draft" | "published" | "archived";
            locale?: string;
        };
        UpdateKbArticleInput: {
            title?: string;
            body_markdown?: string;
            collection_id?: string | null;
            slug?: string;
            /** @enum {string} */
            status?: "draft" | "published" | "archived";
            locale?: string;
        };
        AskAssistantInput: {
            message: string;
            conversation_id?: string;
        };
        HandoffInput: {
            /** Format: email */
            email: string;
            name?: string | null;
        };
        FeedbackInput: {
            answer_id: string;
            helpful: boolean;
        };
        UpdateTicketInput: {
            /** @enum {string} */
            status?: "OPEN" | "PENDING" | "ON_HOLD" | "RESOLVED" | "CLOSED";
            /** @enum {string} */
            priority?: "LOW" | "MEDIUM" | "HIGH" | "URGENT";
            subject?: string;
            assignee_id?: string | null;
            team_id?: string | null;
            add_tag_ids?: string[];
            remove_tag_ids?: string[];
        };
        AddMessageInput: {
            content: string;
            user_id?: string | null;
        };
        AddNoteInput: {
            /** @description Stored and returned as plain text (HTML is not interpreted) */
            content: string;
            /** @description The staff user writing the note: required with an API key; with a signed-in session it is that user */
            user_id?: string | null;
        };
        PresenceInput: {
            state: "viewing" | "typing";
            /** @description The staff user present: required with an API key; with a session, the signed-in user */
            user_id?: string;
        };
        CreateCustomerInput: {
            /** Format: email */
            email: string;
            name?: string | null;
            external_user_id?: string | null;
            external_organization_id?: string | null;
            external_organization_name?: string | null;
            /** Format: uri */
            avatar_url?: string | null;
            metadata?: {
                [key: string]: unknown;
            } | null;
        };
        UpdateCustomerInput: {
            /** Format: email */
            email?: string;
            name?: string | null;
            external_user_id?: string | null;
            external_organization_id?: string | null;
            external_organization_name?: string | null;
            /** Format: uri */
            avatar_url?: string | null;
            metadata?: {
                [key: string]: unknown;
            } | null;
        };
        CreateWebhookInput: {
            /** @description 1 to 100 characters */
            name: string;
            /** @description Public absolute http(s) URL, no spaces */
            url: string;
            /** @description At least one event type */
            events: ("ticket.created" | "ticket.updated" | "message.created" | "ticket.deleted" | "customer.created" | "customer.updated" | "customer.deleted" | "note.created" | "article.created" | "article.updated" | "article.deleted")[];
        };
        UpdateWebhookInput: {
            /** @description 1 to 100 characters */
            name?: string;
            /** @description Public absolute http(s) URL, no spaces */
            url?: string;
            /** @description At least one event type */
            events?: ("ticket.created" | "ticket.updated" | "message.created" | "ticket.deleted" | "customer.created" | "customer.updated" | "customer.deleted" | "note.created" | "article.created" | "article.updated" | "article.deleted")[];
            is_active?: boolean;
        };
        SubscribeInput: {
            /** @description Public absolute http(s) URL, no spaces */
            url: string;
            /**
             * @description Event type
             * @enum {string}
             */
            event: "ticket.created" | "ticket.updated" | "message.created" | "ticket.deleted" | "customer.created" | "customer.updated" | "customer.deleted" | "note.created" | "article.created" | "article.updated" | "article.deleted";
        };
        UnsubscribeInput: {
            /** @description Public absolute http(s) URL, no spaces */
            url: string;
            /**
             * @description Event type
             * @enum {string}
             */
            event?: "ticket.created" | "ticket.updated" | "message.created" | "ticket.deleted" | "customer.created" | "customer.updated" | "customer.deleted" | "note.created" | "article.created" | "article.updated" | "article.deleted";
        };
        RotateSecretInput: {
            /**
             * @description Seconds the previous secret keeps signing deliveries (second v1 signature)
             * @default 0
             */
            previous_secret_expires_in: number;
        };
        CreateUserInput: {
            id?: string;
            name: string;
            /** Format: email */
            email: string;
            /** @enum {string} */
            role?: "admin" | "agent";
        };
        UpdateUserInput: {
            name?: string;
            /** Format: email */
            email?: string;
            /** @enum {string} */
            role?: "admin" | "agent";
        };
        CreateTeamInput: {
            name: string;
            member_ids?: string[];
        };
        UpdateTeamInput: {
            name?: string;
            member_ids?: string[];
        };
        CreateTagInput: {
            name: string;
            /** @description #rrggbb */
            color?: string;
        };
        UpdateTagInput: {
            name?: string;
            /** @description #rrggbb */
            color?: string;
        };
        CreateInvitationInput: {
            /** Format: email */
            email: string;
            name?: string | null;
            /** @enum {string} */
            role?: "admin" | "agent";
            /**
             * Format: date-time
             * @description must be in the future; default 7 days from now
             */
            expires_at?: string;
        };
        UpdateInvitationInput: {
            name?: string | null;
            /** @enum {string} */
            role?: "admin" | "agent";
            /**
             * Format: date-time
             * @description must be in the future; default 7 days from now
             */
            expires_at?: string;
        };
        AcceptInvitationInput: {
            id?: string;
            name?: string;
        };
        CreateApiKeyInput: {
            name?: string | null;
            scopes: ("tickets:read" | "tickets:write" | "customers:read" | "customers:write" | "webhooks:read" | "webhooks:write" | "billing:read" | "events:read" | "kb:read" | "kb:write" | "admin")[];
        };
        CreateMailboxInput: {
            /** @description 1 to 100 characters */
            name: string;
            /** @description The support address mail is received at (unique across every organization; stored lowercased) */
            address: string;
            from_name?: string | null;
            /** @description Poll this mailbox over IMAP. password is required unless the mailbox already has one */
            imap?: {
                host: string;
                port: number;
                /** @enum {string} */
                tls: "implicit" | "starttls" | "none";
                username: string;
                /** @description Write-only: stored encrypted, never returned */
                password?: string;
                /** @default INBOX */
                folder: string;
            } | null;
            /** @description Send replies through this server (else through SMTP_URL) */
            smtp?: {
                host: string;
                port: number;
                /** @enum {string} */
                tls: "implicit" | "starttls" | "none";
                username?: string | null;
                /** @description Write-only: stored encrypted, never returned */
                password?: string | null;
            } | null;
            /** @description Write-only: the Mailgun webhook signing key for this mailbox's inbound URL (else MAILGUN_SIGNING_KEY) */
            mailgun_signing_key?: string | null;
        };
        UpdateMailboxInput: {
            /** @description 1 to 100 characters */
            name?: string;
            /** @description The support address mail is received at (unique across every organization; stored lowercased) */
            address?: string;
            from_name?: string | null;
            /** @description Poll this mailbox over IMAP. password is required unless the mailbox already has one */
            imap?: {
                host: string;
                port: number;
                /** @enum {string} */
                tls: "implicit" | "starttls" | "none";
                username: string;
                /** @description Write-only: stored encrypted, never returned */
                password?: string;
                /** @default INBOX */
                folder: string;
            } | null;
            /** @description Send replies through this server (else through SMTP_URL) */
            smtp?: {
                host: string;
                port: number;
                /** @enum {string} */
                tls: "implicit" | "starttls" | "none";
                username?: string | null;
                /** @description Write-only: stored encrypted, never returned */
                password?: string | null;
            } | null;
            /** @description Write-only: the Mailgun webhook signing key for this mailbox's inbound URL (else MAILGUN_SIGNING_KEY) */
            mailgun_signing_key?: string | null;
        };
        MailboxTestMailInput: {
            /** @description Where to send the test mail (default: the signed-in user's email; required with an API key) */
            to?: string;
        };
        LoginInput: {
            email: string;
            password: string;
            organization_id?: string;
            /** @description a 6-digit TOTP code, or a recovery code */
            totp_code?: string;
        };
        SetupInput: {
            token: string;
            /** Format: email */
            email: string;
            name: string;
            password: string;
        };
        AcceptInvitationWithPasswordInput: {
            token: string;
            name: string;
            password: string;
        };
        ResetPasswordInput: {
            token: string;
            password: string;
        };
        ChangePasswordInput: {
            current_password: string;
            new_password: string;
        };
        TwoFactorCodeInput: {
            /** @description a 6-digit TOTP code, or a recovery code */
            code: string;
        };
        CreateWidgetInput: {
            name: string;
            allowed_origins: string[];
            /**
             * @description off: every visitor is anonymous; optional: a visitor may be identified by a JWT from the site; required: only identified visitors may chat
             * @enum {string}
             */
            identity?: "off" | "optional" | "required";
        };
        UpdateWidgetInput: {
            name?: string;
            allowed_origins?: string[];
            /**
             * @description off: every visitor is anonymous; optional: a visitor may be identified by a JWT from the site; required: only identified visitors may chat
             * @enum {string}
             */
            identity?: "off" | "optional" | "required";
        };
        OpenVisitorSessionInput: {
            /** @description The widget key (`wk_…`) */
            key: string;
            /** @description A JWT from the site's backend (HS256) */
            identity_token?: string;
        };
        OpenVisitorConversationInput: {
            /** @description Plain text (HTML is not interpreted) */
            message: string;
            /** Format: email */
            email?: string;
            name?: string;
        };
        AddVisitorMessageInput: {
            /** @description Plain text (HTML is not interpreted) */
            content: string;
        };
        ReportVisitorSeenInput: {
            /** @description The last message the widget showed: replies up to it are not mailed to the visitor */
            message_id: string;
        };
        AskVisitorAssistantInput: {
            message: string;
            conversation_id?: string;
        };
        HandOffVisitorAssistantInput: {
            /** Format: email */
            email?: string;
            name?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Requests allowed per window (one minute); sent when rate limiting is on */
        RateLimitLimit: number;
        /** @description Requests left in the current window */
        RateLimitRemaining: number;
        /** @description Seconds until the current window ends */
        RateLimitReset: number;
        /** @description Seconds to wait before retrying */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is up */
            200: {
                headers: {
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The database answers */
            200: {
                headers: {
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable */
            503: {
                headers: {
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition format */
            200: {
                headers: {
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTickets: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                status?: "OPEN" | "PENDING" | "ON_HOLD" | "RESOLVED" | "CLOSED";
                priority?: "LOW" | "MEDIUM" | "HIGH" | "URGENT";
                customer_id?: string;
                /** @description A staff user id, or `none` for tickets nobody is assigned to */
                assignee_id?: string;
                /** @description Team ids separated by commas (at most 20), or `mine`: the teams of the signed-in user */
                team_id?: string;
                tag_id?: string;
                include_closed?: boolean;
                search?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of tickets (without messages) */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TicketListItem"][];
                        meta: components["schemas"]["PaginationMeta"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTicket: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "subject": "Cannot log in after password reset",
                 *       "message": "Since resetting my password this morning the login page says \"invalid credentials\".",
                 *       "customer": {
                 *         "email": "jane@example.com",
                 *         "name": "Jane Doe",
                 *         "external_user_id": "u_1842"
                 *       },
                 *       "priority": "HIGH",
                 *       "tag_ids": [
                 *         "0193a3c2-7d3e-7c4a-9d51-4f7a2b1c9e10"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateTicketInput"];
            };
        };
        responses: {
            /** @description The created ticket with its first message */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Ticket"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             *     - `plan_limit_exceeded`: the organization's plan does not allow it
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTicket: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description ETag(s) you hold, or *: 304 Not Modified when the current one is among them */
                "if-none-match"?: string;
            };
            path: {
                ticket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ticket with all its messages */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Strong entity tag of this representation */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Ticket"];
                    };
                };
            };
            /** @description Not Modified: If-None-Match holds the current ETag (no body) */
            304: {
                headers: {
                    /** @description Strong entity tag of this representation */
                    ETag?: string;
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateTicket: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description ETag(s) you read, or *: the write happens only if the current ETag is among them (else 412) */
                "if-match"?: string;
            };
            path: {
                ticket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "PENDING",
                 *       "assignee_id": "auth0|5f7c8ec7c33c6c004bbafe82",
                 *       "add_tag_ids": [
                 *         "0193a3c2-7d3e-7c4a-9d51-4f7a2b1c9e10"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["UpdateTicketInput"];
            };
        };
        responses: {
            /** @description The ticket after the update, with all its messages */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Strong entity tag of this representation */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Ticket"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Precondition failed. `error.code` is one of:
             *     - `precondition_failed`: If-Match does not hold the current ETag; nothing was changed
             */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addTicketMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
                /** @description The ticket's ETag(s) you read (GET /tickets/{id}), or *: added only if the ticket's current ETag is among them (else 412, nothing stored) */
                "if-match"?: string;
            };
            path: {
                ticket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "content": "Thanks Jane, we have reset your session: please try again.",
                 *       "user_id": "auth0|5f7c8ec7c33c6c004bbafe82"
                 *     }
                 */
                "application/json": components["schemas"]["AddMessageInput"];
            };
        };
        responses: {
            /** @description The added message */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Message"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Precondition failed. `error.code` is one of:
             *     - `precondition_failed`: If-Match does not hold the current ETag; nothing was changed
             */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    downloadAttachment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                attachment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTicketNotes: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                ticket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every internal note of the ticket, oldest first */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Note"][];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addTicketNote: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
                /** @description The ticket's ETag(s) you read (GET /tickets/{id}), or *: added only if the ticket's current ETag is among them (else 412, nothing stored) */
                "if-match"?: string;
            };
            path: {
                ticket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "content": "Customer is on the legacy SSO plan: check with billing before resetting.",
                 *       "user_id": "auth0|5f7c8ec7c33c6c004bbafe82"
                 *     }
                 */
                "application/json": components["schemas"]["AddNoteInput"];
            };
        };
        responses: {
            /** @description The added internal note */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Note"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Precondition failed. `error.code` is one of:
             *     - `precondition_failed`: If-Match does not hold the current ETag; nothing was changed
             */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCustomers: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                search?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of customers */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Customer"][];
                        meta: components["schemas"]["PaginationMeta"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "jane@example.com",
                 *       "name": "Jane Doe",
                 *       "external_organization_name": "Acme Inc.",
                 *       "metadata": {
                 *         "plan": "pro"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateCustomerInput"];
            };
        };
        responses: {
            /** @description The created customer */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Customer"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             *     - `conflict`: it conflicts with the current state (a duplicate, or a state that does not allow it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description ETag(s) you hold, or *: 304 Not Modified when the current one is among them */
                "if-none-match"?: string;
            };
            path: {
                customer_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Strong entity tag of this representation */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Customer"];
                    };
                };
            };
            /** @description Not Modified: If-None-Match holds the current ETag (no body) */
            304: {
                headers: {
                    /** @description Strong entity tag of this representation */
                    ETag?: string;
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description ETag(s) you read, or *: the write happens only if the current ETag is among them (else 412) */
                "if-match"?: string;
            };
            path: {
                customer_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer and its tickets are deleted */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Precondition failed. `error.code` is one of:
             *     - `precondition_failed`: If-Match does not hold the current ETag; nothing was changed
             */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description ETag(s) you read, or *: the write happens only if the current ETag is among them (else 412) */
                "if-match"?: string;
            };
            path: {
                customer_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Jane Smith",
                 *       "metadata": {
                 *         "plan": "enterprise"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["UpdateCustomerInput"];
            };
        };
        responses: {
            /** @description The customer after the update */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Strong entity tag of this representation */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Customer"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `conflict`: it conflicts with the current state (a duplicate, or a state that does not allow it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Precondition failed. `error.code` is one of:
             *     - `precondition_failed`: If-Match does not hold the current ETag; nothing was changed
             */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every webhook of the organization (no secrets) */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Webhook"][];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "CRM sync",
                 *       "url": "https://hooks.example.com/helpdesk",
                 *       "events": [
                 *         "ticket.created",
                 *         "ticket.updated"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateWebhookInput"];
            };
        };
        responses: {
            /** @description The created webhook with its signing secret */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookWithSecret"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             *     - `plan_limit_exceeded`: the organization's plan does not allow it
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    subscribeWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/zapier/123",
                 *       "event": "ticket.created"
                 *     }
                 */
                "application/json": components["schemas"]["SubscribeInput"];
            };
        };
        responses: {
            /** @description The subscription */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookSubscription"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             *     - `plan_limit_exceeded`: the organization's plan does not allow it
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unsubscribeWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/zapier/123",
                 *       "event": "ticket.created"
                 *     }
                 */
                "application/json": components["schemas"]["UnsubscribeInput"];
            };
        };
        responses: {
            /** @description Unsubscribed (also when nothing matched) */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            success: boolean;
                        };
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description ETag(s) you hold, or *: 304 Not Modified when the current one is among them */
                "if-none-match"?: string;
            };
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook (no secret) */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Strong entity tag of this representation */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Webhook"];
                    };
                };
            };
            /** @description Not Modified: If-None-Match holds the current ETag (no body) */
            304: {
                headers: {
                    /** @description Strong entity tag of this representation */
                    ETag?: string;
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description ETag(s) you read, or *: the write happens only if the current ETag is among them (else 412). A webhook's ETag covers last_delivery_at and last_delivery_status, which change with every recorded delivery: on an active webhook a 412 may only mean a delivery happened since your read; read again and retry. */
                "if-match"?: string;
            };
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook is deleted */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            deleted: boolean;
                        };
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Precondition failed. `error.code` is one of:
             *     - `precondition_failed`: If-Match does not hold the current ETag; nothing was changed
             */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description ETag(s) you read, or *: the write happens only if the current ETag is among them (else 412). A webhook's ETag covers last_delivery_at and last_delivery_status, which change with every recorded delivery: on an active webhook a 412 may only mean a delivery happened since your read; read again and retry. */
                "if-match"?: string;
            };
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "is_active": false
                 *     }
                 */
                "application/json": components["schemas"]["UpdateWebhookInput"];
            };
        };
        responses: {
            /** @description The webhook after the update */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Strong entity tag of this representation */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Webhook"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Precondition failed. `error.code` is one of:
             *     - `precondition_failed`: If-Match does not hold the current ETag; nothing was changed
             */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of delivery records */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"][];
                        meta: components["schemas"]["PaginationMeta"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The queued webhook.test delivery (status null until its first attempt) */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["QueuedWebhookDelivery"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path: {
                webhook_id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new delivery of the same event (same webhook-id, byte-identical body) */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["QueuedWebhookDelivery"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "previous_secret_expires_in": 3600
                 *     }
                 */
                "application/json": components["schemas"]["RotateSecretInput"];
            };
        };
        responses: {
            /** @description The webhook with its new signing secret */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookWithNewSecret"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description A next_cursor from an earlier answer; omitted: from the oldest retained event */
                after?: string;
                limit?: number;
                /** @description Comma-separated event types */
                type?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Events after the cursor, oldest first, with next_cursor and has_more */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Event"][];
                        meta: {
                            /** @description Pass as after to continue; always present (poll with it for newer events) */
                            next_cursor: string;
                            has_more: boolean;
                        };
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    streamEvents: {
        parameters: {
            query?: {
                /** @description Start after this cursor (a next_cursor or an event id of the stream); Last-Event-ID wins */
                after?: string;
                /** @description Comma-separated event types */
                type?: string;
            };
            header?: {
                /** @description Resume after this event id (sent by EventSource) */
                "last-event-id"?: string;
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An endless text/event-stream */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reportTicketPresence: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path: {
                ticket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "state": "typing",
                 *       "user_id": "auth0|5f7c8ec7c33c6c004bbafe82"
                 *     }
                 */
                "application/json": components["schemas"]["PresenceInput"];
            };
        };
        responses: {
            /** @description Reported */
            204: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The current month's usage against the plan */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Usage"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listUsers: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                role?: "admin" | "agent";
            };
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of staff users */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"][];
                        meta: components["schemas"]["PaginationMeta"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "auth0|5f7c8ec7c33c6c004bbafe82",
                 *       "name": "Sam Agent",
                 *       "email": "sam@example.com",
                 *       "role": "agent"
                 *     }
                 */
                "application/json": components["schemas"]["CreateUserInput"];
            };
        };
        responses: {
            /** @description The created staff user */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             *     - `plan_limit_exceeded`: the organization's plan does not allow it
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             *     - `conflict`: it conflicts with the current state (a duplicate, or a state that does not allow it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description ETag(s) you hold, or *: 304 Not Modified when the current one is among them */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The staff user */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Strong entity tag of this representation */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                    };
                };
            };
            /** @description Not Modified: If-None-Match holds the current ETag (no body) */
            304: {
                headers: {
                    /** @description Strong entity tag of this representation */
                    ETag?: string;
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description ETag(s) you read, or *: the write happens only if the current ETag is among them (else 412) */
                "if-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The staff user is deleted */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            deleted: boolean;
                        };
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Precondition failed. `error.code` is one of:
             *     - `precondition_failed`: If-Match does not hold the current ETag; nothing was changed
             */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description ETag(s) you read, or *: the write happens only if the current ETag is among them (else 412) */
                "if-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "admin"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateUserInput"];
            };
        };
        responses: {
            /** @description The staff user after the update */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Strong entity tag of this representation */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `conflict`: it conflicts with the current state (a duplicate, or a state that does not allow it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Precondition failed. `error.code` is one of:
             *     - `precondition_failed`: If-Match does not hold the current ETag; nothing was changed
             */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTeams: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of teams */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Team"][];
                        meta: components["schemas"]["PaginationMeta"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTeam: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Billing",
                 *       "member_ids": [
                 *         "auth0|5f7c8ec7c33c6c004bbafe82"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateTeamInput"];
            };
        };
        responses: {
            /** @description The created team with its members */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Team"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTeam: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description ETag(s) you hold, or *: 304 Not Modified when the current one is among them */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team with its members */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Strong entity tag of this representation */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Team"];
                    };
                };
            };
            /** @description Not Modified: If-None-Match holds the current ETag (no body) */
            304: {
                headers: {
                    /** @description Strong entity tag of this representation */
                    ETag?: string;
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteTeam: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description ETag(s) you read, or *: the write happens only if the current ETag is among them (else 412) */
                "if-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team is deleted */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            deleted: boolean;
                        };
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Precondition failed. `error.code` is one of:
             *     - `precondition_failed`: If-Match does not hold the current ETag; nothing was changed
             */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateTeam: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description ETag(s) you read, or *: the write happens only if the current ETag is among them (else 412) */
                "if-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Billing and refunds"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateTeamInput"];
            };
        };
        responses: {
            /** @description The team after the update */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Strong entity tag of this representation */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Team"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Precondition failed. `error.code` is one of:
             *     - `precondition_failed`: If-Match does not hold the current ETag; nothing was changed
             */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTags: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every tag, by name */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Tag"][];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTag: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "refund",
                 *       "color": "#e11d48"
                 *     }
                 */
                "application/json": components["schemas"]["CreateTagInput"];
            };
        };
        responses: {
            /** @description The created tag */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Tag"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             *     - `conflict`: it conflicts with the current state (a duplicate, or a state that does not allow it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTag: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description ETag(s) you hold, or *: 304 Not Modified when the current one is among them */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tag */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Strong entity tag of this representation */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Tag"];
                    };
                };
            };
            /** @description Not Modified: If-None-Match holds the current ETag (no body) */
            304: {
                headers: {
                    /** @description Strong entity tag of this representation */
                    ETag?: string;
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteTag: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description ETag(s) you read, or *: the write happens only if the current ETag is among them (else 412) */
                "if-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tag is deleted */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            deleted: boolean;
                        };
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Precondition failed. `error.code` is one of:
             *     - `precondition_failed`: If-Match does not hold the current ETag; nothing was changed
             */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateTag: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description ETag(s) you read, or *: the write happens only if the current ETag is among them (else 412) */
                "if-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "color": "#2563eb"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateTagInput"];
            };
        };
        responses: {
            /** @description The tag after the update */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Strong entity tag of this representation */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Tag"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `conflict`: it conflicts with the current state (a duplicate, or a state that does not allow it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Precondition failed. `error.code` is one of:
             *     - `precondition_failed`: If-Match does not hold the current ETag; nothing was changed
             */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listInvitations: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                status?: "pending" | "accepted" | "revoked" | "expired";
            };
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of invitations */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Invitation"][];
                        meta: components["schemas"]["PaginationMeta"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "alex@example.com",
                 *       "name": "Alex",
                 *       "role": "agent"
                 *     }
                 */
                "application/json": components["schemas"]["CreateInvitationInput"];
            };
        };
        responses: {
            /** @description The created invitation */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["InvitationWithAcceptUrl"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             *     - `plan_limit_exceeded`: the organization's plan does not allow it
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             *     - `conflict`: it conflicts with the current state (a duplicate, or a state that does not allow it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description ETag(s) you hold, or *: 304 Not Modified when the current one is among them */
                "if-none-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitation */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Strong entity tag of this representation */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Invitation"];
                    };
                };
            };
            /** @description Not Modified: If-None-Match holds the current ETag (no body) */
            304: {
                headers: {
                    /** @description Strong entity tag of this representation */
                    ETag?: string;
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description ETag(s) you read, or *: the write happens only if the current ETag is among them (else 412) */
                "if-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitation is deleted */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            deleted: boolean;
                        };
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Precondition failed. `error.code` is one of:
             *     - `precondition_failed`: If-Match does not hold the current ETag; nothing was changed
             */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description ETag(s) you read, or *: the write happens only if the current ETag is among them (else 412) */
                "if-match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "admin"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateInvitationInput"];
            };
        };
        responses: {
            /** @description The invitation after the update */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Strong entity tag of this representation */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Invitation"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `conflict`: it conflicts with the current state (a duplicate, or a state that does not allow it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Precondition failed. `error.code` is one of:
             *     - `precondition_failed`: If-Match does not hold the current ETag; nothing was changed
             */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Alex Kim"
                 *     }
                 */
                "application/json": components["schemas"]["AcceptInvitationInput"];
            };
        };
        responses: {
            /** @description The accepted invitation and the staff user it created */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AcceptedInvitation"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             *     - `plan_limit_exceeded`: the organization's plan does not allow it
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             *     - `conflict`: it conflicts with the current state (a duplicate, or a state that does not allow it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked invitation */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Invitation"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             *     - `conflict`: it conflicts with the current state (a duplicate, or a state that does not allow it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every API key, revoked ones included (never a token) */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiKey"][];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Zapier integration",
                 *       "scopes": [
                 *         "tickets:read",
                 *         "tickets:write"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateApiKeyInput"];
            };
        };
        responses: {
            /** @description The created key with its token (shown only here) */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiKeyWithToken"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The API key (never its token) */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiKey"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked key */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiKey"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMailboxes: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every mailbox (never a password or inbound URL) */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Mailbox"][];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createMailbox: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Support",
                 *       "address": "support@acme.example",
                 *       "from_name": "Acme Support",
                 *       "imap": {
                 *         "host": "imap.acme.example",
                 *         "port": 993,
                 *         "tls": "implicit",
                 *         "username": "support",
                 *         "password": "app-password"
                 *       },
                 *       "smtp": {
                 *         "host": "smtp.acme.example",
                 *         "port": 587,
                 *         "tls": "starttls",
                 *         "username": "support",
                 *         "password": "app-password"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateMailboxInput"];
            };
        };
        responses: {
            /** @description The created mailbox with its inbound URL (shown only here and on rotation) */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MailboxWithInboundUrl"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             *     - `conflict`: it conflicts with the current state (a duplicate, or a state that does not allow it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMailbox: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                mailbox_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The mailbox */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Mailbox"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteMailbox: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                mailbox_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The mailbox is deleted */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            deleted: boolean;
                        };
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateMailbox: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                mailbox_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "from_name": "Acme Customer Care",
                 *       "smtp": null
                 *     }
                 */
                "application/json": components["schemas"]["UpdateMailboxInput"];
            };
        };
        responses: {
            /** @description The mailbox after the update */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Mailbox"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `conflict`: it conflicts with the current state (a duplicate, or a state that does not allow it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateMailboxInboundToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path: {
                mailbox_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The mailbox with its new inbound URL */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MailboxWithInboundUrl"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendMailboxTestMail: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path: {
                mailbox_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "to": "you@acme.example"
                 *     }
                 */
                "application/json": components["schemas"]["MailboxTestMailInput"];
            };
        };
        responses: {
            /** @description The test mail was handed to the SMTP server (status sent) or could not be (status failed) */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MailboxTestMailResult"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             *     - `conflict`: it conflicts with the current state (a duplicate, or a state that does not allow it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMailboxFailures: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                mailbox_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of received mail that could not become a ticket message */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** @description The Message-ID, without angle brackets (null: the mail had none) */
                            message_id: string | null;
                            /** @description How it came in: smtp, imap, webhook, postmark or mailgun */
                            source: string;
                            /** @description The sender, when the mail could be read that far */
                            from: string | null;
                            subject: string | null;
                            /** @description Why it could not become a ticket message */
                            error: string;
                            attempt_count: number;
                            /** @description Bytes of the raw message */
                            size: number;
                            /**
                             * Format: date-time
                             * @description UTC, millisecond precision
                             */
                            received_at: string;
                        }[];
                        meta: components["schemas"]["PaginationMeta"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retryMailboxFailure: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path: {
                mailbox_id: string;
                failure_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The message is queued again */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            state: "queued";
                        };
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "sam@example.com",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["LoginInput"];
            };
        };
        responses: {
            /** @description Signed in: the session cookie is set; send csrf_token as X-CSRF-Token on changes */
            200: {
                headers: {
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SignedIn"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `invalid_credentials`: the email, password or two-factor code is wrong (the same answer for an unknown email)
             *     - `totp_required`: the account has two-factor authentication: send totp_code
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `organization_required`: the email has accounts in several organizations: `details` lists each `{ id, name }`
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in user, organization and CSRF token */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SignedIn"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session is ended and its cookie cleared */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            success: boolean;
                        };
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             *     - `csrf_failed`: a session request that changes something lacks the right X-CSRF-Token header
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setupFirstAdministrator: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "0193a3c2-7d3e-7c4a-9d51-4f7a2b1c9e10.Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5",
                 *       "email": "admin@example.com",
                 *       "name": "Ada Admin",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["SetupInput"];
            };
        };
        responses: {
            /** @description The first administrator is created and signed in */
            201: {
                headers: {
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SignedIn"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             *     - `invalid_token`: the link is invalid, expired or already used
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `plan_limit_exceeded`: the organization's plan does not allow it
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `conflict`: it conflicts with the current state (a duplicate, or a state that does not allow it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    acceptInvitationWithPassword: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "0193a3c2-7d3e-7c4a-9d51-4f7a2b1c9e10.Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5",
                 *       "name": "Alex Kim",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["AcceptInvitationWithPasswordInput"];
            };
        };
        responses: {
            /** @description The staff user is created and signed in */
            201: {
                headers: {
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SignedIn"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             *     - `invalid_token`: the link is invalid, expired or already used
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `plan_limit_exceeded`: the organization's plan does not allow it
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `conflict`: it conflicts with the current state (a duplicate, or a state that does not allow it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "0193a3c2-7d3e-7c4a-9d51-4f7a2b1c9e10.Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["ResetPasswordInput"];
            };
        };
        responses: {
            /** @description The password is set, other sessions ended, and this one signed in */
            200: {
                headers: {
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SignedIn"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             *     - `invalid_token`: the link is invalid, expired or already used
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "current_password": "correct horse battery staple",
                 *       "new_password": "a much longer passphrase"
                 *     }
                 */
                "application/json": components["schemas"]["ChangePasswordInput"];
            };
        };
        responses: {
            /** @description The password is changed; other sessions are ended */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            success: boolean;
                        };
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             *     - `invalid_credentials`: the email, password or two-factor code is wrong (the same answer for an unknown email)
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             *     - `csrf_failed`: a session request that changes something lacks the right X-CSRF-Token header
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSessions: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in user's live sessions */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["StaffSession"][];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session is ended, at once, in every process */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            success: boolean;
                        };
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             *     - `csrf_failed`: a session request that changes something lacks the right X-CSRF-Token header
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startTotpEnrolment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A new secret to add to an authenticator app */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TotpEnrolment"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             *     - `csrf_failed`: a session request that changes something lacks the right X-CSRF-Token header
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `conflict`: it conflicts with the current state (a duplicate, or a state that does not allow it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    disableTotp: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "123456"
                 *     }
                 */
                "application/json": components["schemas"]["TwoFactorCodeInput"];
            };
        };
        responses: {
            /** @description Two-factor is disabled */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            success: boolean;
                        };
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             *     - `csrf_failed`: a session request that changes something lacks the right X-CSRF-Token header
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmTotpEnrolment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "123456"
                 *     }
                 */
                "application/json": components["schemas"]["TwoFactorCodeInput"];
            };
        };
        responses: {
            /** @description Two-factor is enabled: the recovery codes, shown only here */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TotpRecoveryCodes"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             *     - `csrf_failed`: a session request that changes something lacks the right X-CSRF-Token header
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `conflict`: it conflicts with the current state (a duplicate, or a state that does not allow it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSignInRules: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization's sign-in rules */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SignInRules"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateSignInRules: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "require_two_factor": true
                 *     }
                 */
                "application/json": components["schemas"]["SignInRules"];
            };
        };
        responses: {
            /** @description The organization's sign-in rules after the change */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SignInRules"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWidgets: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every chat widget of the organization */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Widget"][];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWidget: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Shop",
                 *       "allowed_origins": [
                 *         "https://shop.example"
                 *       ],
                 *       "identity": "optional"
                 *     }
                 */
                "application/json": components["schemas"]["CreateWidgetInput"];
            };
        };
        responses: {
            /** @description The created widget, with its identity secret (shown only here) */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WidgetWithSecret"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWidget: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The chat widget (without its identity secret) */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Widget"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWidget: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The widget is deleted and its visitors' sessions ended */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            deleted: boolean;
                        };
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWidget: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "allowed_origins": [
                 *         "https://shop.example",
                 *         "https://www.shop.example"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["UpdateWidgetInput"];
            };
        };
        responses: {
            /** @description The chat widget after the change */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Widget"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWidgetIdentitySecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The widget with its new identity secret (shown only here) */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WidgetWithSecret"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrganization: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's organization */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Organization"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateOrganization: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "slug": "acme",
                 *       "help_center": {
                 *         "enabled": true,
                 *         "title": "Acme Help Center"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["UpdateOrganizationInput"];
            };
        };
        responses: {
            /** @description The changed organization */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Organization"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `conflict`: it conflicts with the current state (a duplicate, or a state that does not allow it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listKbCollections: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every collection, by position */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KbCollection"][];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createKbCollection: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Billing",
                 *       "description": "Plans, invoices and payments"
                 *     }
                 */
                "application/json": components["schemas"]["CreateKbCollectionInput"];
            };
        };
        responses: {
            /** @description The created collection */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KbCollection"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getKbCollection: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                collection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The collection */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KbCollection"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteKbCollection: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                collection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The collection was deleted */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            deleted: boolean;
                        };
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `conflict`: it conflicts with the current state (a duplicate, or a state that does not allow it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateKbCollection: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                collection_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "position": 0
                 *     }
                 */
                "application/json": components["schemas"]["UpdateKbCollectionInput"];
            };
        };
        responses: {
            /** @description The changed collection */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KbCollection"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listKbArticles: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                status?: "draft" | "published" | "archived";
                collection_id?: string;
                search?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of articles */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KbArticle"][];
                        meta: components["schemas"]["PaginationMeta"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createKbArticle: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Reset your password",
                 *       "body_markdown": "## Forgot it?\n\nChoose **Forgot password** on the sign-in page.",
                 *       "status": "published"
                 *     }
                 */
                "application/json": components["schemas"]["CreateKbArticleInput"];
            };
        };
        responses: {
            /** @description The created article */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KbArticle"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             *     - `conflict`: it conflicts with the current state (a duplicate, or a state that does not allow it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getKbArticle: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                article_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The article */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KbArticle"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteKbArticle: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                article_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The article was deleted */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            deleted: boolean;
                        };
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateKbArticle: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                article_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "archived"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateKbArticleInput"];
            };
        };
        responses: {
            /** @description The changed article */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KbArticle"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `conflict`: it conflicts with the current state (a duplicate, or a state that does not allow it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listKbArticleRevisions: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                article_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The article's revisions, newest first */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KbArticleRevision"][];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    restoreKbArticleRevision: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
                /** @description Makes the POST safe to retry: 1–255 printable ASCII characters, kept per organization for IDEMPOTENCY_TTL_HOURS (24 h) */
                "idempotency-key"?: string;
            };
            path: {
                article_id: string;
                revision_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The article with the revision restored */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    /** @description Present on an answer replayed for a repeated Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KbArticle"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `idempotency_key_in_use`: a request with this Idempotency-Key is still running; retry after `Retry-After` seconds
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unprocessable content. `error.code` is one of:
             *     - `idempotency_key_reused`: this Idempotency-Key was used with another method, path or body
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getKbAssistantReport: {
        parameters: {
            query?: {
                /** @description The period: the last this many days */
                days?: number;
            };
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The assistant's report over the period */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["KbAssistantReport"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    openVisitorSession: {
        parameters: {
            query?: {
                /** @description The widget key (`wk_…`) */
                key?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "key": "wk_3qN8bW0cJxk2Lr9Tz5YpQa1F",
                 *       "identity_token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1XzE4NDIifQ.c2ln"
                 *     }
                 */
                "application/json": components["schemas"]["OpenVisitorSessionInput"];
            };
        };
        responses: {
            /** @description The visitor token and who the visitor is */
            201: {
                headers: {
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["VisitorSession"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `invalid_identity`: chat widget: the identity token is malformed, wrongly signed, expired or lives too long
             *     - `identity_required`: chat widget: the widget serves identified visitors only
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `origin_not_allowed`: chat widget: the page's origin is not one of the widget's allowed origins
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listVisitorConversations: {
        parameters: {
            query?: {
                /** @description The widget key (`wk_…`) */
                key?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The visitor's conversations, newest first */
            200: {
                headers: {
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["VisitorConversation"][];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             *     - `identity_required`: chat widget: the widget serves identified visitors only
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `origin_not_allowed`: chat widget: the page's origin is not one of the widget's allowed origins
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    openVisitorConversation: {
        parameters: {
            query?: {
                /** @description The widget key (`wk_…`) */
                key?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "message": "Hello! Where is my order #1042?",
                 *       "email": "jane@example.com",
                 *       "name": "Jane"
                 *     }
                 */
                "application/json": components["schemas"]["OpenVisitorConversationInput"];
            };
        };
        responses: {
            /** @description The new conversation (a ticket of channel WIDGET) with its first message */
            201: {
                headers: {
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["VisitorConversation"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             *     - `identity_required`: chat widget: the widget serves identified visitors only
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `origin_not_allowed`: chat widget: the page's origin is not one of the widget's allowed origins
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getVisitorConversation: {
        parameters: {
            query?: {
                /** @description The widget key (`wk_…`) */
                key?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The conversation with its messages */
            200: {
                headers: {
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["VisitorConversation"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             *     - `identity_required`: chat widget: the widget serves identified visitors only
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `origin_not_allowed`: chat widget: the page's origin is not one of the widget's allowed origins
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addVisitorMessage: {
        parameters: {
            query?: {
                /** @description The widget key (`wk_…`) */
                key?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "content": "It was due yesterday."
                 *     }
                 */
                "application/json": components["schemas"]["AddVisitorMessageInput"];
            };
        };
        responses: {
            /** @description The added message (INBOUND) */
            201: {
                headers: {
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["VisitorMessage"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             *     - `identity_required`: chat widget: the widget serves identified visitors only
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `origin_not_allowed`: chat widget: the page's origin is not one of the widget's allowed origins
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reportVisitorTyping: {
        parameters: {
            query?: {
                /** @description The widget key (`wk_…`) */
                key?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Reported */
            204: {
                headers: {
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             *     - `identity_required`: chat widget: the widget serves identified visitors only
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `origin_not_allowed`: chat widget: the page's origin is not one of the widget's allowed origins
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reportVisitorSeen: {
        parameters: {
            query?: {
                /** @description The widget key (`wk_…`) */
                key?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "message_id": "0190f3a2-7c1e-7b6a-9a1e-2f4b5c6d7e8f"
                 *     }
                 */
                "application/json": components["schemas"]["ReportVisitorSeenInput"];
            };
        };
        responses: {
            /** @description Recorded */
            204: {
                headers: {
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             *     - `identity_required`: chat widget: the widget serves identified visitors only
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `origin_not_allowed`: chat widget: the page's origin is not one of the widget's allowed origins
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    askVisitorAssistant: {
        parameters: {
            query?: {
                /** @description The widget key (`wk_…`) */
                key?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "message": "How do I reset my password?"
                 *     }
                 */
                "application/json": components["schemas"]["AskVisitorAssistantInput"];
            };
        };
        responses: {
            /** @description The assistant's answer, with its citations */
            200: {
                headers: {
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            conversation_id: string;
                            answer: {
                                id: string;
                                /** @enum {string} */
                                mode: "generated" | "extractive" | "none";
                                /** @description Markdown; [n] marks the n-th citation */
                                text: string;
                                citations: {
                                    article_id: string;
                                    title: string;
                                    url: string;
                                }[];
                            };
                        };
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             *     - `identity_required`: chat widget: the widget serves identified visitors only
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `origin_not_allowed`: chat widget: the page's origin is not one of the widget's allowed origins
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Conflict. `error.code` is one of:
             *     - `conflict`: it conflicts with the current state (a duplicate, or a state that does not allow it)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    handOffVisitorAssistant: {
        parameters: {
            query?: {
                /** @description The widget key (`wk_…`) */
                key?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                conversation_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "jane@example.com",
                 *       "name": "Jane"
                 *     }
                 */
                "application/json": components["schemas"]["HandOffVisitorAssistantInput"];
            };
        };
        responses: {
            /** @description The conversation with a person (a ticket of channel WIDGET_AI) with the transcript */
            201: {
                headers: {
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["VisitorConversation"];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             *     - `identity_required`: chat widget: the widget serves identified visitors only
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `origin_not_allowed`: chat widget: the page's origin is not one of the widget's allowed origins
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    streamVisitorEvents: {
        parameters: {
            query?: {
                /** @description The widget key (`wk_…`) */
                key?: string;
                /** @description The visitor token (EventSource sends no headers) */
                token?: string;
                /** @description Start after this event id */
                after?: string;
            };
            header?: {
                "last-event-id"?: string;
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An endless text/event-stream */
            200: {
                headers: {
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             *     - `identity_required`: chat widget: the widget serves identified visitors only
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `origin_not_allowed`: chat widget: the page's origin is not one of the widget's allowed origins
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    receiveEmail: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The mail is stored (or was already) */
            200: {
                headers: {
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description true: stored now; false: the mailbox already had this Message-ID */
                            stored: boolean;
                            duplicate: boolean;
                        };
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    searchHelpCenter: {
        parameters: {
            query?: {
                q?: string;
            };
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Matching published articles, best first */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            title: string;
                            slug: string;
                            snippet: string;
                            url: string;
                        }[];
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    askHelpCenterAssistant: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "message": "I forgot my password, how do I get back in?"
                 *     }
                 */
                "application/json": components["schemas"]["AskAssistantInput"];
            };
        };
        responses: {
            /** @description The answer (JSON, or server-sent events with Accept: text/event-stream) */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            conversation_id: string;
                            answer: {
                                id: string;
                                /** @enum {string} */
                                mode: "generated" | "extractive" | "none";
                                /** @description Markdown; [n] marks the n-th citation */
                                text: string;
                                citations: {
                                    article_id: string;
                                    title: string;
                                    url: string;
                                }[];
                            };
                        };
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    handOffHelpCenterConversation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                slug: string;
                conversation_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "jane@example.com",
                 *       "name": "Jane Doe"
                 *     }
                 */
                "application/json": components["schemas"]["HandoffInput"];
            };
        };
        responses: {
            /** @description The ticket opened for the conversation */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            ticket_number: string;
                        };
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendHelpCenterFeedback: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (1–128 of [A-Za-z0-9._:-]); echoed, otherwise one is made up */
                "x-request-id"?: string;
            };
            path: {
                slug: string;
                conversation_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "answer_id": "0193a3c2-7d3e-7c4a-9d51-4f7a2b1c9e11",
                 *       "helpful": true
                 *     }
                 */
                "application/json": components["schemas"]["FeedbackInput"];
            };
        };
        responses: {
            /** @description The feedback was recorded */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    /** @description The request id (yours when it was well formed); also in every error body */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            recorded: boolean;
                        };
                    };
                };
            };
            /**
             * @description Bad request. `error.code` is one of:
             *     - `validation_error`: the request is invalid; `details` names each field and issue
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unauthorized. `error.code` is one of:
             *     - `unauthorized`: the API key is missing, malformed, unknown or revoked
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Forbidden. `error.code` is one of:
             *     - `insufficient_scope`: the API key lacks the scope this operation needs
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Not found. `error.code` is one of:
             *     - `not_found`: no such resource in the organization
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request timeout. `error.code` is one of:
             *     - `request_timeout`: the request was not received in time; the connection is closed
             */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Payload too large. `error.code` is one of:
             *     - `payload_too_large`: the request body is larger than the configured limit
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Unsupported media type. `error.code` is one of:
             *     - `unsupported_media_type`: the request body is not JSON
             */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Expectation failed. `error.code` is one of:
             *     - `expectation_failed`: the `Expect` header asks for something other than `100-continue`; the connection is closed
             */
            417: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Too many requests. `error.code` is one of:
             *     - `rate_limited`: too many requests; retry after `Retry-After` seconds
             */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Request header fields too large. `error.code` is one of:
             *     - `headers_too_large`: the request headers are larger than the server accepts; the connection is closed
             */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Service unavailable. `error.code` is one of:
             *     - `service_unavailable`: the database is unavailable or did not answer in time; retry after `Retry-After` seconds
             */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
