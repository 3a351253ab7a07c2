import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { exitWithUsageIfAsked } from './usage.js';

// The baselines of rows 1 and 2 (a separate process): bare Fastify with JSON schemas and nothing else.
//   GET /ticket   a constant ~1 KB ticket-shaped JSON through a response schema (row 1)
//   POST /tickets what ticket creation must do at least, as one raw better-sqlite3 transaction on a copy
//                 of the same seeded SQLite file: customer upsert, next ticket number, ticket, first
//                 message (row 2)
// Usage and environment variables: --help (below).

exitWithUsageIfAsked(`Usage: PORT=8081 [SQLITE_PATH=FILE ORG_ID=UUID] npx tsx bench/helpers/baseline-server.ts

The baselines of rows 1 and 2: bare Fastify with JSON schemas and nothing else, on 127.0.0.1.
  GET /ticket     a constant ~1 KB ticket-shaped JSON through a response schema (row 1)
  POST /tickets   with SQLITE_PATH: what a ticket creation must do at least, as one raw better-sqlite3
                  transaction (customer upsert, next ticket number, ticket, first message) (row 2)
  GET /healthz    answers once listening
Stops on SIGTERM.

Environment variables:
  PORT          port to listen on (required)
  SQLITE_PATH   a seeded SQLite file (a copy: it is written to); without it, no POST /tickets
  ORG_ID        the organization of that file whose tickets POST /tickets creates
`);

const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const customer = { type: 'object', properties: { id: str, email: str, name: nstr, external_user_id: nstr } } as const;
const ticketSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        id: str,
        number: int,
        subject: str,
        status: str,
        priority: str,
        channel: str,
        customer,
        assignee: { type: ['object', 'null'], properties: { id: str, name: str, email: str } },
        team: { type: ['object', 'null'], properties: { id: str, name: str } },
        tags: { type: 'array', items: { type: 'object', properties: { id: str, name: str, color: str } } },
        message_count: int,
        external_organization_id: nstr,
        external_organization_name: nstr,
        messages: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: str, type: str, content: str, author_type: str, author_id: str, created_at: str },
          },
        },
        created_at: str,
        updated_at: str,
        closed_at: nstr,
      },
    },
  },
} as const;

const at = new Date().toISOString();
const fixed = {
  data: {
    id: randomUUID(),
    number: 424242,
    subject: 'Problem with shipping label and the invoice',
    status: 'OPEN',
    priority: 'MEDIUM',
    channel: 'API',
    customer: { id: randomUUID(), email: 'lena.okafor1651@shop.example', name: 'Lena Okafor', external_user_id: null },
    assignee: { id: 'agent-5', name: 'Agent 5', email: 'agent5@support.example' },
    team: null,
    tags: [{ id: randomUUID(), name: 'billing', color: '#6b7280' }],
    message_count: 2,
    external_organization_id: null,
    external_organization_name: null,
    messages: [
      {
        id: randomUUID(),
        type: 'INBOUND',
        content:
          'Hi, the button does nothing when I click it. could you check what is going on with my account? Any help appreciated.',
        author_type: 'customer',
        author_id: randomUUID(),
        created_at: at,
      },
      {
        id: randomUUID(),
        type: 'OUTBOUND',
        content: 'Thanks for reaching out. We have escalated this to our engineers. Kind regards.',
        author_type: 'user',
        author_id: 'agent-5',
        created_at: at,
      },
    ],
    created_at: at,
    updated_at: at,
    closed_at: null,
  },
};

const app = Fastify({ logger: false });
app.get('/ticket', { schema: { response: { 200: ticketSchema } } }, async () => fixed);
app.get('/healthz', async () => ({ status: 'ok' }));

if (process.env.SQLITE_PATH) {
  const org = process.env.ORG_ID!;
  const db = new SQLite(process.env.SQLITE_PATH);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const upsertCustomer = db.prepare(
    `INSERT INTO customers (id, organization_id, email, email_key, name, metadata, ticket_count, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'null', 0, ?, ?) ON CONFLICT (organization_id, email_key) DO NOTHING`,
  );
  const findCustomer = db.prepare('SELECT id, email, name FROM customers WHERE organization_id = ? AND email_key = ?');
  const nextNumber = db.prepare(
    'UPDATE organization_counters SET ticket_seq = ticket_seq + 1 WHERE organization_id = ? RETURNING ticket_seq',
  );
  const insertTicket = db.prepare(
    `INSERT INTO tickets (id, organization_id, number, subject, status, priority, channel, customer_id, message_count, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'OPEN', ?, 'API', ?, 1, ?, ?)`,
  );
  const insertMessage = db.prepare(
    `INSERT INTO messages (id, organization_id, ticket_id, type, content, author_type, author_id, author_email, author_name, created_at, seq)
     VALUES (?, ?, ?, 'INBOUND', ?, 'customer', ?, ?, ?, ?, 1)`,
  );
  type Body = { subject: string; message: string; priority?: string; customer: { email: string; name?: string } };
  const create = db.transaction((b: Body) => {
    const now = Date.now();
    const key = b.customer.email.trim().toLowerCase();
    upsertCustomer.run(randomUUID(), org, b.customer.email, key, b.customer.name ?? null, now, now);
    const c = findCustomer.get(org, key) as { id: string; email: string; name: string | null };
    const number = (nextNumber.get(org) as { ticket_seq: number }).ticket_seq;
    const id = randomUUID();
    insertTicket.run(id, org, number, b.subject, b.priority ?? 'MEDIUM', c.id, now, now);
    insertMessage.run(randomUUID(), org, id, b.message, c.id, c.email, c.name, now);
    return { id, number, customer: c, now };
  });
  const body = {
    type: 'object',
    required: ['subject', 'message', 'customer'],
    properties: {
      subject: { type: 'string', minLength: 1 },
      message: { type: 'string', minLength: 1 },
      priority: str,
      customer: { type: 'object', required: ['email'], properties: { email: str, name: str } },
    },
  } as const;
  app.post('/tickets', { schema: { body, response: { 201: ticketSchema } } }, async (req, reply) => {
    const b = req.body as Body;
    const r = create.immediate(b);
    const iso = new Date(r.now).toISOString();
    reply.code(201);
    return {
      data: {
        id: r.id,
        number: r.number,
        subject: b.subject,
        status: 'OPEN',
        priority: b.priority ?? 'MEDIUM',
        channel: 'API',
        customer: { ...r.customer, external_user_id: null },
        assignee: null,
        team: null,
        tags: [],
        message_count: 1,
        external_organization_id: null,
        external_organization_name: null,
        messages: [
          {
            id: randomUUID(),
            type: 'INBOUND',
            content: b.message,
            author_type: 'customer',
            author_id: r.customer.id,
            created_at: iso,
          },
        ],
        created_at: iso,
        updated_at: iso,
        closed_at: null,
      },
    };
  });
}

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
