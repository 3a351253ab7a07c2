import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';

// Bulk seeding for the ticket-list benchmark: one organization with N tickets (one or two messages
// each), customers, staff, tags, and the counters (ticket_seq, ticket_counts, customer ticket_count)
// kept exactly as the API would keep them.

export const RARE_TERM = 'zanzibarquux';
export const COMMON_TERM = 'invoice';
const WORDS = ['printer', 'login', 'password', 'refund', 'shipping', 'laptop', 'screen', 'account', 'upgrade', 'crash', 'slow', 'email'];
const NAMES = ['Ann', 'Bob', 'Carla', 'Dmitri', 'Eve', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas'];
const STATUSES: [string, number][] = [['CLOSED', 0.5], ['RESOLVED', 0.2], ['OPEN', 0.15], ['PENDING', 0.1], ['ON_HOLD', 0.05]];
const PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'];

// Deterministic pseudo-random numbers so runs are comparable.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export interface SeedPlan {
  organizationId: string;
  tickets: number;
  tagIds: string[];
  userIds: string[];
  customerIds: string[];
}

interface TicketGen {
  row: (i: number) => {
    ticket: Record<string, unknown>;
    messages: Record<string, unknown>[];
    tagId: string | null;
  };
}

function generator(plan: SeedPlan, start: number): TicketGen {
  const rand = rng(42);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const status = () => {
    let r = rand();
    for (const [s, p] of STATUSES) if ((r -= p) < 0) return s;
    return 'OPEN';
  };
  return {
    row(i) {
      const number = i + 1;
      const id = randomUUID();
      const st = status();
      const pr = pick(PRIORITIES);
      const customerId = plan.customerIds[i % plan.customerIds.length];
      const common = rand() < 0.3 ? ` ${COMMON_TERM}` : '';
      const rare = number % Math.max(1, Math.floor(plan.tickets / 10)) === 7 ? ` ${RARE_TERM}` : '';
      const at = start + i * 1000;
      const two = rand() < 0.3;
      const message = (k: number) => ({
        id: randomUUID(),
        organization_id: plan.organizationId,
        ticket_id: id,
        type: k === 0 ? 'INBOUND' : 'OUTBOUND',
        content: `Hello, my ${pick(WORDS)} has a ${pick(WORDS)} problem since ${number}.${k === 0 ? '' : ' Reply.'}`,
        author_type: k === 0 ? 'customer' : 'user',
        author_id: k === 0 ? customerId : plan.userIds[0],
        author_email: null,
        author_name: null,
        created_at: at + k,
      });
      return {
        ticket: {
          id,
          organization_id: plan.organizationId,
          number,
          subject: `${pick(WORDS)} ${pick(WORDS)} issue${common}${rare}`,
          status: st,
          priority: pr,
          channel: 'API',
          customer_id: customerId,
          assignee_id: rand() < 0.2 ? pick(plan.userIds) : null,
          team_id: null,
          external_organization_id: null,
          external_organization_name: null,
          message_count: two ? 2 : 1,
          created_at: at,
          updated_at: at,
          closed_at: st === 'CLOSED' ? at : null,
        },
        messages: two ? [message(0), message(1)] : [message(0)],
        tagId: rand() < 0.1 ? pick(plan.tagIds) : null,
      };
    },
  };
}

function basics(plan: SeedPlan, now: number) {
  const users = plan.userIds.map((id, k) => ({
    organization_id: plan.organizationId, id, name: `Agent ${k}`, email: `${id}@staff.test`, email_key: `${id}@staff.test`, role: 'agent', created_at: now, updated_at: now,
  }));
  const tags = plan.tagIds.map((id, k) => ({
    id, organization_id: plan.organizationId, name: `tag-${k}`, name_key: `tag-${k}`, color: '#336699', created_at: now, updated_at: now,
  }));
  const customer = (id: string, k: number) => ({
    id, organization_id: plan.organizationId, email: `customer${k}@example${k % 97}.test`, email_key: `customer${k}@example${k % 97}.test`,
    name: `${NAMES[k % NAMES.length]} Customer${k}`, external_user_id: null, external_organization_id: null, external_organization_name: null,
    avatar_url: null, metadata: '{}', ticket_count: 0, created_at: now, updated_at: now,
  });
  return { users, tags, customer };
}

export function newPlan(organizationId: string, tickets: number): SeedPlan {
  return {
    organizationId,
    tickets,
    tagIds: Array.from({ length: 20 }, () => randomUUID()),
    userIds: Array.from({ length: 25 }, (_, k) => `agent-${k}`),
    customerIds: Array.from({ length: Math.max(1, Math.floor(tickets / 5)) }, () => randomUUID()),
  };
}

const insertSql = (table: string, row: Record<string, unknown>) =>
  `INSERT INTO ${table} (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row).map((k) => `@${k}`).join(', ')})`;

/** SQLite: prepared statements in one transaction (FTS triggers included). */
export function seedSqlite(path: string, plan: SeedPlan, now: number): void {
  const db = new SQLite(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -200000');
  const { users, tags, customer } = basics(plan, now);
  const gen = generator(plan, now - plan.tickets * 1000);
  db.transaction(() => {
    for (const u of users) db.prepare(insertSql('users', u)).run(u);
    for (const t of tags) db.prepare(insertSql('tags', t)).run(t);
    const c0 = customer(plan.customerIds[0], 0);
    const insC = db.prepare(insertSql('customers', c0));
    plan.customerIds.forEach((id, k) => insC.run(customer(id, k)));
    const sample = gen.row(0);
    const insT = db.prepare(insertSql('tickets', sample.ticket));
    const insM = db.prepare(insertSql('messages', sample.messages[0]));
    const insTag = db.prepare('INSERT INTO ticket_tags (ticket_id, tag_id, organization_id, created_at) VALUES (?, ?, ?, ?)');
    const write = (r: ReturnType<TicketGen['row']>) => {
      insT.run(r.ticket);
      for (const m of r.messages) insM.run(m);
      if (r.tagId) insTag.run(r.ticket.id, r.tagId, plan.organizationId, now);
    };
    write(sample);
    for (let i = 1; i < plan.tickets; i++) {
      write(gen.row(i));
      if (i % 100_000 === 0) process.stderr.write(`  seeded ${i} tickets\n`);
    }
    for (const [q, params] of counterStatements(plan)) db.prepare(q.replace(/\$\d+/g, '?')).run(...params);
  })();
  db.exec('ANALYZE');
  db.close();
}

// Counters derived from the rows just written, so they are exact by construction.
function counterStatements(plan: SeedPlan): [string, unknown[]][] {
  const org = plan.organizationId;
  return [
    ['UPDATE organization_counters SET ticket_seq = $1, customer_count = $2 WHERE organization_id = $3', [plan.tickets, plan.customerIds.length, org]],
    [
      `INSERT INTO ticket_counts (organization_id, status, priority, count)
       SELECT organization_id, status, priority, count(*) FROM tickets WHERE organization_id = $1 GROUP BY organization_id, status, priority`,
      [org],
    ],
    ['UPDATE customers SET ticket_count = (SELECT count(*) FROM tickets t WHERE t.customer_id = customers.id) WHERE organization_id = $1', [org]],
  ];
}

/** PostgreSQL: multi-row inserts in one transaction. */
export async function seedPostgres(url: string, plan: SeedPlan, now: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { users, tags, customer } = basics(plan, now);
  const gen = generator(plan, now - plan.tickets * 1000);
  const bulk = async (table: string, rows: Record<string, unknown>[]) => {
    if (rows.length === 0) return;
    const cols = Object.keys(rows[0]);
    const values: unknown[] = [];
    const tuples = rows.map((r) => `(${cols.map((c) => (values.push(r[c]), `$${values.length}`)).join(', ')})`);
    await client.query(`INSERT INTO ${table} (${cols.join(', ')}) VALUES ${tuples.join(', ')}`, values);
  };
  try {
    await client.query('BEGIN');
    await bulk('users', users);
    await bulk('tags', tags);
    for (let k = 0; k < plan.customerIds.length; k += 2000) {
      await bulk('customers', plan.customerIds.slice(k, k + 2000).map((id, j) => customer(id, k + j)));
    }
    for (let i = 0; i < plan.tickets; i += 2000) {
      const batch = Array.from({ length: Math.min(2000, plan.tickets - i) }, (_, j) => gen.row(i + j));
      await bulk('tickets', batch.map((b) => b.ticket));
      await bulk('messages', batch.flatMap((b) => b.messages));
      await bulk('ticket_tags', batch.filter((b) => b.tagId).map((b) => ({ ticket_id: b.ticket.id, tag_id: b.tagId, organization_id: plan.organizationId, created_at: now })));
      if ((i + 2000) % 100_000 === 0) process.stderr.write(`  seeded ${i + 2000} tickets\n`);
    }
    for (const [q, params] of counterStatements(plan)) await client.query(q, params);
    await client.query('COMMIT');
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}
