import { sql, type SqlBool } from 'kysely';
import type { Sql, TenantDb } from '../db/database.js';
import { statementTemplate, type StatementTemplate } from '../db/statement-template.js';
import type { InboundEmailTable } from './mail-tables.js';
import { withinBudget } from './claim-budget.js';
import { inValues, jsonTable } from '../db/json-rows.js';

// Data access of received mail (the stored message and its processing queue) and of the Message-IDs
// known per ticket. Organization-scoped handle throughout, except the one cross-organization read of
// which organizations have queued mail (system handle, over the queue's partial index).

export type InboundRow = Omit<InboundEmailTable, 'organization_id'>;
export type InboundChanges = Partial<Omit<InboundEmailTable, 'id' | 'organization_id' | 'mailbox_id'>>;

// The queue's reads name the state as a literal: a bound value would keep PostgreSQL's generic plan
// (the pool prepares every statement) from the partial indexes of queued rows.
const QUEUED = sql.lit('queued');

const ms = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const toRow = (r: InboundEmailTable): InboundRow => {
  const { organization_id: _, ...rest } = r;
  return {
    ...rest,
    size: Number(rest.size),
    attempt_count: Number(rest.attempt_count),
    lease_expires_at: ms(rest.lease_expires_at),
    received_at: Number(rest.received_at),
    processed_at: ms(rest.processed_at),
  };
};

/** Stores a received message, unless the mailbox already has one with this Message-ID (false then). */
export async function insertInbound(t: TenantDb, row: InboundRow): Promise<boolean> {
  const inserted = await t
    .insertInto('inbound_emails', row)
    .onConflict((oc) => oc.columns(['organization_id', 'mailbox_id', 'message_id']).doNothing())
    .returning('id')
    .execute();
  return inserted.length > 0;
}

/** insertInbound for several messages in one statement: the ids of those that were new. */
export async function insertInboundRows(t: TenantDb, rows: InboundRow[]): Promise<Set<string>> {
  const inserted = await t
    .insertInto('inbound_emails', rows)
    .onConflict((oc) => oc.columns(['organization_id', 'mailbox_id', 'message_id']).doNothing())
    .returning('id')
    .execute();
  return new Set(inserted.map((r) => String(r.id)));
}

export async function findInbound(t: TenantDb, id: string): Promise<InboundRow | undefined> {
  const row = await t.selectFrom('inbound_emails').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toRow(row);
}

/** Organizations with queued mail whose lease is free (a read without locks). */
export async function organizationsWithQueued(s: Sql, now: number, limit = 100): Promise<string[]> {
  const rows = await s.db
    .selectFrom('inbound_emails')
    .select('organization_id')
    .distinct()
    .where('state', '=', QUEUED)
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<=', now)]))
    .limit(limit)
    .execute();
  return rows.map((r) => String(r.organization_id));
}

/** The organization's queued messages whose lease is free, oldest first (its queue index, 20261201-0100). */
export function dueQuery(t: TenantDb, now: number, limit: number) {
  return t
    .selectFrom('inbound_emails')
    .select(['id', 'size', 'raw_key'])
    .where('state', '=', QUEUED)
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<=', now)]))
    .orderBy('received_at')
    .limit(limit)
    .$if(t.rowLocks, (q) => q.forUpdate().skipLocked());
}

/**
 * Claims up to `limit` queued messages of the organization whose lease is free, and no more than
 * `budget` bytes of them kept in their rows (claim-budget.ts): each gets a lease until `leaseUntil` and
 * one more attempt. Skips rows another process is claiming (PostgreSQL); those left out for the
 * budget are claimed next, their row locks ending with this transaction.
 */
export async function claimQueued(
  t: TenantDb,
  now: number,
  leaseUntil: number,
  limit: number,
  budget: number,
): Promise<InboundRow[]> {
  const due = withinBudget(await dueQuery(t, now, limit).execute(), budget);
  if (due.length === 0) return [];
  // The claimed rows come back from the update itself (no read of them again), in the order received.
  const rows = await t
    .updateTable('inbound_emails')
    .set((eb) => ({ lease_expires_at: leaseUntil, attempt_count: eb('attempt_count', '+', 1) }))
    .where(
      inValues(
        t,
        'id',
        due.map((r) => r.id),
        'uuid',
      ),
    )
    .returningAll()
    .execute();
  return rows.map(toRow).sort((a, b) => a.received_at - b.received_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** A read of the queue that fails if the transaction it runs in can no longer run statements. */
export async function probeQueue(t: TenantDb): Promise<void> {
  await t.selectFrom('inbound_emails').select('id').limit(1).execute();
}

/**
 * Finishes a claimed message, only while the claim is still this one (same lease): false when the
 * lease was lost, so the caller's transaction is rolled back rather than apply the mail twice.
 */
export async function finishClaimed(t: TenantDb, id: string, lease: number, changes: InboundChanges): Promise<boolean> {
  if (isApplied(changes)) return finishApplied(t, id, lease, changes);
  const result = await finishQuery(t, id, lease, changes).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const finishQuery = (t: TenantDb, id: string, lease: number, changes: InboundChanges) =>
  t
    .updateTable('inbound_emails')
    .set({ ...changes, lease_expires_at: null })
    .where('id', '=', id)
    .where('state', '=', QUEUED)
    .where('lease_expires_at', '=', lease);

// A message that became a ticket's message is finished with one shape of changes, once per received
// mail: that statement is built and compiled once per engine and bound to each call's values
// (statement-template.ts), with sentinels no constant of it can equal.
type Applied = {
  from_address: string;
  subject: string;
  kind: string;
  ticket_id: string;
  state: 'done';
  processed_at: number;
};
const APPLIED_KEYS = ['from_address', 'subject', 'kind', 'ticket_id', 'state', 'processed_at'];
const FINISH_SENTINELS = {
  id: '\u0000finish-id',
  lease: -1_000_001,
  from: '\u0000finish-from',
  subject: '\u0000finish-subject',
  kind: '\u0000finish-kind',
  ticketId: '\u0000finish-ticket',
  processedAt: -1_000_002,
};
type FinishValues = typeof FINISH_SENTINELS & { organizationId: string };
const finishTemplates = new WeakMap<object, StatementTemplate<FinishValues>>();

function isApplied(changes: InboundChanges): changes is Applied {
  const keys = Object.keys(changes);
  return (
    keys.length === APPLIED_KEYS.length &&
    changes.state === 'done' &&
    typeof changes.processed_at === 'number' &&
    APPLIED_KEYS.slice(0, 4).every((k) => typeof changes[k as keyof InboundChanges] === 'string')
  );
}

async function finishApplied(t: TenantDb, id: string, lease: number, changes: Applied): Promise<boolean> {
  const template = t.template(finishTemplates, () => {
    const { from, subject, kind, ticketId, processedAt } = FINISH_SENTINELS;
    const shape = { from_address: from, subject, kind, ticket_id: ticketId, state: 'done', processed_at: processedAt };
    const compiled = finishQuery(t, FINISH_SENTINELS.id, FINISH_SENTINELS.lease, shape).compile();
    return statementTemplate(compiled, { ...FINISH_SENTINELS, organizationId: t.organizationId });
  });
  const { numAffectedRows } = await t.db.executeQuery(
    template.bind({
      id,
      lease,
      from: changes.from_address,
      subject: changes.subject,
      kind: changes.kind,
      ticketId: changes.ticket_id,
      processedAt: changes.processed_at,
      organizationId: t.organizationId,
    }),
  );
  return Number(numAffectedRows ?? 0) > 0;
}

/**
 * finishClaimed for many messages at once, each applied (done, with its ticket): true when every one
 * was still claimed with its lease. On PostgreSQL in one statement of one text whatever the batch's
 * size (json-rows.ts); on SQLite one prepared statement each, which costs less there than building one
 * for the whole batch.
 */
export async function finishAppliedMany(
  t: TenantDb,
  finished: ReadonlyArray<{ id: string; lease: number; changes: InboundChanges }>,
): Promise<boolean> {
  if (t.pick({ sqlite: true, postgres: false })) {
    for (const { id, lease, changes } of finished) if (!(await finishClaimed(t, id, lease, changes))) return false;
    return true;
  }
  const applied: { id: string; lease: number; changes: Applied }[] = [];
  for (const f of finished) {
    if (!isApplied(f.changes)) throw new Error('finishAppliedMany takes applied messages only');
    applied.push(f as (typeof applied)[number]);
  }
  const template = t.template(finishManyTemplates, () =>
    statementTemplate(finishManyQuery(t, FINISH_MANY_SENTINELS.rows, FINISH_MANY_SENTINELS.ids).compile(t.db), {
      ...FINISH_MANY_SENTINELS,
      organizationId: t.organizationId,
    }),
  );
  const rows = JSON.stringify(
    applied.map(({ id, lease, changes }) => ({
      id,
      lease,
      from_address: changes.from_address,
      subject: changes.subject,
      kind: changes.kind,
      ticket_id: changes.ticket_id,
      processed_at: changes.processed_at,
    })),
  );
  const { numAffectedRows } = await t.db.executeQuery(
    template.bind({ rows, ids: applied.map((a) => a.id), organizationId: t.organizationId }),
  );
  return Number(numAffectedRows ?? 0) === finished.length;
}

// PostgreSQL's statement of finishAppliedMany. The ids are named once more as a condition on the
// primary key: json_to_recordset's rows are estimated at 100 whatever the batch, and with the ids the
// plan probes the key for them alone (see the webhook deliveries' record, which does the same).
const FINISH_MANY_SENTINELS = { rows: '\u0000finish-rows', ids: ['\u0000finish-ids'] as readonly string[] };
const finishManyTemplates = new WeakMap<
  object,
  StatementTemplate<typeof FINISH_MANY_SENTINELS & { organizationId: string }>
>();
const finishManyQuery = (t: TenantDb, rows: string, ids: readonly string[]) => sql`
    update inbound_emails set from_address = v.from_address, subject = v.subject, kind = v.kind,
      ticket_id = v.ticket_id, state = 'done', processed_at = v.processed_at, lease_expires_at = null
    from ${jsonTable(t, rows, FINISH_COLUMNS)} as v
    where inbound_emails.organization_id = ${t.organizationId} and inbound_emails.id = any(cast(${ids} as uuid[]))
      and inbound_emails.id = v.id and inbound_emails.state = ${QUEUED} and inbound_emails.lease_expires_at = v.lease`;
const FINISH_COLUMNS = {
  id: 'uuid',
  lease: 'bigint',
  from_address: 'text',
  subject: 'text',
  kind: 'text',
  ticket_id: 'uuid',
  processed_at: 'bigint',
};

export async function updateInbound(t: TenantDb, id: string, changes: InboundChanges): Promise<void> {
  await t.updateTable('inbound_emails').set(changes).where('id', '=', id).execute();
}

/** A mailbox's failed messages, newest first, and their number. */
export async function listFailures(t: TenantDb, mailboxId: string, offset: number, limit: number) {
  const rows = await t
    .selectFrom('inbound_emails')
    .select([
      'id',
      'message_id',
      'source',
      'from_address',
      'subject',
      'last_error',
      'attempt_count',
      'size',
      'received_at',
    ])
    .where('mailbox_id', '=', mailboxId)
    .where('state', '=', 'failed')
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const total = await t
    .selectFrom('inbound_emails')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('mailbox_id', '=', mailboxId)
    .where('state', '=', 'failed')
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

/** Puts a failed message back in the queue (false: the mailbox has no such failed message). */
export async function requeueFailure(t: TenantDb, mailboxId: string, id: string): Promise<boolean> {
  const result = await t
    .updateTable('inbound_emails')
    .set({ state: 'queued', lease_expires_at: null, attempt_count: 0 })
    .where('id', '=', id)
    .where('mailbox_id', '=', mailboxId)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---- Message-IDs per ticket ----

// Each received mail records its Message-ID and looks up whether it is known: the statements for one
// id are compiled once per engine and bound to each call's values (see FINISH_SENTINELS).
const ID_SENTINELS = {
  messageId: '\u0000message-id',
  ticketId: '\u0000message-ticket',
  direction: '\u0000message-direction',
  createdAt: -1_000_001,
};
type IdValues = typeof ID_SENTINELS & { organizationId: string };
const recordTemplates = new WeakMap<object, StatementTemplate<IdValues>>();
const lookupTemplates = new WeakMap<object, StatementTemplate<Pick<IdValues, 'messageId' | 'organizationId'>>>();

type MessageIdRow = { message_id: string; ticket_id: string; direction: 'inbound' | 'outbound'; created_at: number };

// PostgreSQL records a batch's ids from one JSON parameter: one statement text whatever their number.
const RECORD_MANY_SENTINEL = '\u0000message-id-rows';
const recordManyTemplates = new WeakMap<object, StatementTemplate<{ rows: string; organizationId: string }>>();
const recordManyQuery = (t: TenantDb, rows: string) => sql`
    insert into mail_message_ids (organization_id, message_id, ticket_id, direction, created_at)
    select ${t.organizationId}, v.message_id, v.ticket_id, v.direction, v.created_at
    from ${jsonTable(t, rows, { message_id: 'text', ticket_id: 'uuid', direction: 'text', created_at: 'bigint' })} as v
    on conflict (organization_id, message_id, ticket_id) do nothing`;

const recordQuery = (t: TenantDb, rows: MessageIdRow[]) =>
  t
    .insertInto('mail_message_ids', rows)
    .onConflict((oc) => oc.columns(['organization_id', 'message_id', 'ticket_id']).doNothing());

export async function recordMessageIds(t: TenantDb, rows: MessageIdRow[]): Promise<void> {
  if (rows.length === 0) return;
  if (rows.length > 1) {
    if (t.pick({ sqlite: true, postgres: false })) return void (await recordQuery(t, rows).execute());
    const template = t.template(recordManyTemplates, () =>
      statementTemplate(recordManyQuery(t, RECORD_MANY_SENTINEL).compile(t.db), {
        rows: RECORD_MANY_SENTINEL,
        organizationId: t.organizationId,
      }),
    );
    return void (await t.db.executeQuery(
      template.bind({ rows: JSON.stringify(rows), organizationId: t.organizationId }),
    ));
  }
  const template = t.template(recordTemplates, () => {
    const { messageId, ticketId, direction, createdAt } = ID_SENTINELS;
    const shape = {
      message_id: messageId,
      ticket_id: ticketId,
      direction: direction as 'inbound',
      created_at: createdAt,
    };
    return statementTemplate(recordQuery(t, [shape]).compile(), { ...ID_SENTINELS, organizationId: t.organizationId });
  });
  const [row] = rows;
  await t.db.executeQuery(
    template.bind({
      messageId: row.message_id,
      ticketId: row.ticket_id,
      direction: row.direction,
      createdAt: row.created_at,
      organizationId: t.organizationId,
    }),
  );
}

const lookupQuery = (t: TenantDb, ids: string[]) =>
  t.selectFrom('mail_message_ids').select(['message_id', 'ticket_id']).where('message_id', 'in', ids);

const KNOWN_SENTINEL: readonly string[] = ['\u0000known-message-ids'];
const knownTemplates = new WeakMap<object, StatementTemplate<{ ids: readonly string[]; organizationId: string }>>();
const knownQuery = (t: TenantDb, ids: readonly string[]) =>
  t.selectFrom('mail_message_ids').select('message_id').where(sql<SqlBool>`message_id = any(cast(${ids} as text[]))`);

/** Which of these Message-IDs are recorded for a ticket of the organization (at most 500 asked at once). */
export async function knownMessageIds(t: TenantDb, ids: readonly string[]): Promise<Set<string>> {
  const known = new Set<string>();
  if (ids.length === 0) return known;
  if (t.pick({ sqlite: false, postgres: true })) {
    // One array parameter: one statement text whatever the number of ids.
    const template = t.template(knownTemplates, () =>
      statementTemplate(knownQuery(t, KNOWN_SENTINEL).compile(), {
        ids: KNOWN_SENTINEL,
        organizationId: t.organizationId,
      }),
    );
    const { rows } = await t.db.executeQuery(template.bind({ ids, organizationId: t.organizationId }));
    for (const row of rows as { message_id: string }[]) known.add(row.message_id);
    return known;
  }
  for (let i = 0; i < ids.length; i += 500) {
    for (const row of await lookupQuery(t, ids.slice(i, i + 500)).execute()) known.add(row.message_id);
  }
  return known;
}

/** The tickets these Message-IDs are recorded for, in the order of the ids given (first match first). */
export async function ticketsByMessageIds(t: TenantDb, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  if (ids.length === 1) {
    const template = t.template(lookupTemplates, () =>
      statementTemplate(lookupQuery(t, [ID_SENTINELS.messageId]).compile(), {
        messageId: ID_SENTINELS.messageId,
        organizationId: t.organizationId,
      }),
    );
    const { rows } = await t.db.executeQuery(template.bind({ messageId: ids[0], organizationId: t.organizationId }));
    return (rows as { ticket_id: string }[]).map((r) => String(r.ticket_id));
  }
  const rows = await lookupQuery(t, ids.slice(0, 100)).execute();
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows
    .sort((a, b) => (order.get(a.message_id) ?? 0) - (order.get(b.message_id) ?? 0))
    .map((r) => String(r.ticket_id));
}
