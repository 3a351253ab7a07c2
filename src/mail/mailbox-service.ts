import { createHash, randomBytes } from 'node:crypto';
import type { SecretBox } from '../auth/staff-secret-box.js';
import { isUniqueViolation, type DatabaseHandle, type Sql, type TenantDb } from '../db/database.js';
import { iso, type Clock } from '../shared/clock.js';
import { conflict, notFound, validationError } from '../shared/errors.js';
import { newId, pathUuid } from '../shared/ids.js';
import { addressKey, isMailAddress } from './mail-address.js';
import type {
  CreateMailboxInput,
  ImapInputValue,
  MailboxView,
  MailboxWithUrlView,
  SmtpInputValue,
  UpdateMailboxInput,
} from './mailbox-schemas.js';
import { createMailboxCache } from './mailbox-cache.js';
import * as store from './mailbox-store.js';

// Support mailboxes (admin): where mail is received and replies are sent from. Passwords and the
// Mailgun signing key are write-only, sealed with a key of their own (SecretBox, purpose
// "mailbox_credentials"); the inbound token is shown once (create, rotate) and kept only as a hash.
// Every write of a mailbox's address or token also writes its global route, in the same transaction.

export interface MailboxServiceDeps {
  database: DatabaseHandle;
  clock: Clock;
  secrets: SecretBox;
  /** PUBLIC_URL: the base of inbound_url. */
  publicUrl: string;
  /** How long routing data read for received mail is kept in memory (MAILBOX_CACHE_TTL_MS; 0: not kept). */
  cacheTtlMs?: number;
}

/** IMAP settings as stored (no password). */
export interface ImapSettings {
  host: string;
  port: number;
  tls: 'implicit' | 'starttls' | 'none';
  username: string;
  folder: string;
}
/** SMTP settings as stored (no password). */
export interface SmtpSettings {
  host: string;
  port: number;
  tls: 'implicit' | 'starttls' | 'none';
  username: string | null;
}

export const hashInboundToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const newInboundToken = (): string => randomBytes(24).toString('base64url');

export function mailboxView(row: store.MailboxRow): MailboxView {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    from_name: row.from_name,
    imap: row.imap === null ? null : (JSON.parse(row.imap) as ImapSettings),
    smtp: row.smtp === null ? null : (JSON.parse(row.smtp) as SmtpSettings),
    status: row.status === 'error' ? 'error' : 'active',
    last_error: row.last_error,
    last_polled_at: row.last_polled_at === null ? null : iso(row.last_polled_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

function checkedAddress(raw: string): string {
  const address = addressKey(raw);
  if (!isMailAddress(address)) throw validationError('address must be a mail address', 'address', 'invalid_format');
  return address;
}

const addressTaken = () => conflict('a mailbox with this address already exists', 'address');

export function createMailboxService({ database, clock, secrets, publicUrl, cacheTtlMs = 0 }: MailboxServiceDeps) {
  const cache = createMailboxCache({ ttlMs: cacheTtlMs, maxEntries: 10_000 });
  const changeListeners = new Set<() => void>();
  /**
   * A write of mailboxes: this thread's routing cache is cleared once it has committed (or failed), and
   * the listeners hear of it (the SMTP listener's thread clears its own).
   */
  async function changing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      cache.clear();
      for (const listener of changeListeners) listener();
    }
  }
  const mailboxesOf = (organizationId: string) =>
    cache.organization(organizationId, clock(), () => store.listMailboxes(database.forOrganization(organizationId)));
  const inboundUrl = (token: string) => `${publicUrl.replace(/\/+$/, '')}/inbound/email/${token}`;
  const seal = async (value: string | null | undefined) => (value ? secrets.seal(value) : null);

  async function load(t: TenantDb, rawId: string, options: { lock?: boolean } = {}): Promise<store.MailboxRow> {
    const row = await store.findMailbox(t, pathUuid(rawId, 'mailbox'), options);
    if (!row) throw notFound('mailbox');
    return row;
  }

  /**
   * Claims the address's global route for the mailbox. A route left by a mailbox that no longer
   * exists (its organization was deleted) is taken over; a live one is a 409.
   */
  async function claimRoute(s: Sql, route: store.MailboxRoute): Promise<void> {
    const existing = await store.findRouteByAddress(s, route.address);
    if (existing) {
      const owner = await store.findMailbox(s.forOrganization(existing.owner_organization_id), existing.mailbox_id);
      if (owner) throw addressTaken();
      await store.deleteRoute(s, route.address);
    }
    try {
      await store.insertRoute(s, route);
    } catch (err) {
      throw isUniqueViolation(err) ? addressTaken() : err;
    }
  }

  async function imapColumns(input: ImapInputValue | null, current: store.MailboxRow | null) {
    if (input === null) return { imap: null, imap_password: null };
    const password = input.password ? await secrets.seal(input.password) : (current?.imap_password ?? null);
    if (password === null) throw validationError('imap.password is required', 'imap.password', 'required');
    const settings: ImapSettings = {
      host: input.host,
      port: input.port,
      tls: input.tls,
      username: input.username,
      folder: input.folder ?? 'INBOX',
    };
    return { imap: JSON.stringify(settings), imap_password: password };
  }

  async function smtpColumns(input: SmtpInputValue | null, current: store.MailboxRow | null) {
    if (input === null) return { smtp: null, smtp_password: null };
    const settings: SmtpSettings = {
      host: input.host,
      port: input.port,
      tls: input.tls,
      username: input.username ?? null,
    };
    // An omitted password keeps the stored one; null removes it.
    const password = input.password === undefined ? (current?.smtp_password ?? null) : await seal(input.password);
    return { smtp: JSON.stringify(settings), smtp_password: password };
  }

  return {
    async list(organizationId: string): Promise<MailboxView[]> {
      return (await store.listMailboxes(database.forOrganization(organizationId))).map(mailboxView);
    },

    async get(organizationId: string, id: string): Promise<MailboxView> {
      return mailboxView(await load(database.forOrganization(organizationId), id));
    },

    async create(organizationId: string, input: CreateMailboxInput): Promise<MailboxWithUrlView> {
      const address = checkedAddress(input.address);
      const token = newInboundToken();
      const now = clock();
      const row: store.MailboxRow = {
        id: newId(),
        name: input.name,
        address,
        from_name: input.from_name ?? null,
        ...(await imapColumns(input.imap ?? null, null)),
        ...(await smtpColumns(input.smtp ?? null, null)),
        mailgun_signing_key: await seal(input.mailgun_signing_key),
        inbound_token_hash: hashInboundToken(token),
        status: 'active',
        last_error: null,
        last_polled_at: null,
        imap_lease_until: null,
        imap_lease_token: null,
        created_at: now,
        updated_at: now,
      };
      return changing(() =>
        database.system.transaction(async (s) => {
          const t = s.forOrganization(organizationId);
          try {
            await store.insertMailbox(t, row);
          } catch (err) {
            throw isUniqueViolation(err) ? addressTaken() : err;
          }
          await claimRoute(s, {
            address,
            owner_organization_id: organizationId,
            mailbox_id: row.id,
            token_hash: row.inbound_token_hash,
          });
          return { ...mailboxView(row), inbound_url: inboundUrl(token) };
        }),
      );
    },

    async update(organizationId: string, rawId: string, patch: UpdateMailboxInput): Promise<MailboxView> {
      const address = patch.address === undefined ? undefined : checkedAddress(patch.address);
      return changing(() =>
        database.system.transaction(async (s) => {
          const t = s.forOrganization(organizationId);
          const current = await load(t, rawId, { lock: true });
          const changes: store.MailboxChanges = { updated_at: clock() };
          if (patch.name !== undefined) changes.name = patch.name;
          if (patch.from_name !== undefined) changes.from_name = patch.from_name;
          if (patch.imap !== undefined) {
            Object.assign(changes, await imapColumns(patch.imap, current));
            // New settings: the poller starts afresh.
            changes.status = 'active';
            changes.last_error = null;
          }
          if (patch.smtp !== undefined) Object.assign(changes, await smtpColumns(patch.smtp, current));
          if (patch.mailgun_signing_key !== undefined)
            changes.mailgun_signing_key = await seal(patch.mailgun_signing_key);
          if (address !== undefined && address !== current.address) {
            changes.address = address;
            await store.deleteRoute(s, current.address);
            await claimRoute(s, {
              address,
              owner_organization_id: organizationId,
              mailbox_id: current.id,
              token_hash: current.inbound_token_hash,
            });
          }
          try {
            await store.updateMailbox(t, current.id, changes);
          } catch (err) {
            throw isUniqueViolation(err) ? addressTaken() : err;
          }
          return mailboxView({ ...current, ...changes });
        }),
      );
    },

    async remove(organizationId: string, rawId: string): Promise<void> {
      await changing(() =>
        database.system.transaction(async (s) => {
          const t = s.forOrganization(organizationId);
          const current = await load(t, rawId, { lock: true });
          await store.deleteMailbox(t, current.id);
          await store.deleteRoute(s, current.address);
        }),
      );
    },

    /** A new inbound token: the previous inbound_url stops working at once. */
    async rotateInboundToken(organizationId: string, rawId: string): Promise<MailboxWithUrlView> {
      const token = newInboundToken();
      const tokenHash = hashInboundToken(token);
      return changing(() =>
        database.system.transaction(async (s) => {
          const t = s.forOrganization(organizationId);
          const current = await load(t, rawId, { lock: true });
          const changes = { inbound_token_hash: tokenHash, updated_at: clock() };
          await store.updateMailbox(t, current.id, changes);
          await store.updateRouteToken(s, current.address, tokenHash);
          return { ...mailboxView({ ...current, ...changes }), inbound_url: inboundUrl(token) };
        }),
      );
    },

    /** The mailbox an inbound token names (null: none, or a stale route), for the inbound webhook. */
    async findByInboundToken(token: string): Promise<{ organizationId: string; mailbox: store.MailboxRow } | null> {
      const route = await store.findRouteByToken(database.system, hashInboundToken(token));
      if (!route) return null;
      const mailbox = await store.findMailbox(database.forOrganization(route.owner_organization_id), route.mailbox_id);
      if (!mailbox || mailbox.inbound_token_hash !== route.token_hash) return null;
      return { organizationId: route.owner_organization_id, mailbox };
    },

    /** Calls `listener` after each change of mailboxes made through this service; returns what stops it. */
    onChange(listener: () => void): () => void {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },

    /** Forgets what routing has cached: mailboxes were changed by another thread of this process. */
    forgetCached(): void {
      cache.clear();
    },

    /**
     * The mailbox mail to this exact (lowercased) address is delivered to, or null. Routing of received
     * mail: may be up to MAILBOX_CACHE_TTL_MS old after a change made by another process.
     */
    findByAddress(address: string): Promise<{ organizationId: string; mailbox: store.MailboxRow } | null> {
      return cache.address(address, clock(), async () => {
        const route = await store.findRouteByAddress(database.system, address);
        if (!route) return null;
        const t = database.forOrganization(route.owner_organization_id);
        const mailbox = await store.findMailbox(t, route.mailbox_id);
        return mailbox && mailbox.address === address ? { organizationId: route.owner_organization_id, mailbox } : null;
      });
    },

    /**
     * The stored mailbox (null: the organization has none by this id), for the service's own use;
     * `routing`: as received mail is routed (perhaps up to MAILBOX_CACHE_TTL_MS old, see findByAddress).
     */
    async byId(
      organizationId: string,
      id: string,
      options: { routing?: boolean } = {},
    ): Promise<store.MailboxRow | null> {
      if (options.routing) return (await mailboxesOf(organizationId)).find((m) => m.id === id) ?? null;
      return (await store.findMailbox(database.forOrganization(organizationId), id)) ?? null;
    },

    /** A sealed credential in clear (IMAP/SMTP passwords, signing key) for the service's own use only. */
    openSecret: (sealed: string): Promise<string> => secrets.open(sealed),

    /** Every mailbox address of the organization (mail from them is the service's own), as routed (see byId). */
    async addresses(organizationId: string): Promise<string[]> {
      return (await mailboxesOf(organizationId)).map((m) => m.address);
    },
  };
}

export type MailboxService = ReturnType<typeof createMailboxService>;
