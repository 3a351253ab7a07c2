// The benchmark data set as SQL that runs on both engines (INSERT … SELECT over a number series), so a
// million tickets are generated inside the database instead of being sent over the wire. Every value
// is a deterministic function of the row's index (a small integer hash, `mix`), so both engines hold
// the same shapes and every run of one size holds the same data. The statements write what the
// service's own writes would: ids in the service's UUID forms, per-ticket message seq, counters
// (ticket_counts, organization_counters, customers.ticket_count, ticket_usage) derived from the rows.

export type Engine = 'sqlite' | 'postgres';

/** In exactly 15 % of tickets (subject or first message). */
export const COMMON_WORD = 'invoice';
/** In about 10 tickets of each organization. */
export const RARE_WORD = 'zanzibarquux';
/** A 2-character term no trigram index can serve, in 1 % of tickets' subjects. */
export const SHORT_TERM = 'zq';

const SUBJECT_VERBS = [
  'Cannot use',
  'Unable to open',
  'Problem with',
  'Question about',
  'Help with',
  'Error in',
  'Issue with',
  'Trouble with',
];
const SUBJECT_THINGS = [
  'login',
  'password reset',
  'shipping label',
  'refund',
  'order status',
  'laptop screen',
  'account settings',
  'mobile app',
  'printer driver',
  'subscription',
  'delivery date',
  'API token',
  'data export',
  'dashboard',
  'two-factor setup',
  'billing address',
  'payment method',
  'warranty claim',
  'data import',
  'notifications',
  'calendar sync',
  'user roles',
];
const OPENERS = ['Hello,', 'Hi team,', 'Good morning,', 'Dear support,', 'Hey there,', 'Hi,'];
const CUSTOMER_LINES = [
  'since the last update the page keeps loading forever.',
  'I tried clearing the cache and restarting but nothing changed.',
  'the button does nothing when I click it.',
  'my colleague sees the same thing on her computer.',
  'it worked fine until yesterday afternoon.',
  'the error message says something went wrong.',
  'I need this fixed before our meeting on Friday.',
  'the mobile version behaves the same way.',
  'we are on the business plan if that matters.',
  'I attached a screenshot of what I see.',
  'could you check what is going on with my account?',
  'the export file is empty when I open it.',
];
const AGENT_LINES = [
  'Thanks for reaching out.',
  'Could you send us a screenshot of the error?',
  'We have escalated this to our engineers.',
  'A fix has been deployed, please try again.',
  'Can you confirm which browser you are using?',
  'I have reset the setting on our side.',
  'We are looking into it and will get back to you shortly.',
  'This should now be resolved.',
];
const CLOSERS = ['Thanks!', 'Best regards.', 'Any help appreciated.', 'Please advise.', 'Cheers.', 'Kind regards.'];
const FIRST = [
  'Ann',
  'Bob',
  'Carla',
  'Dmitri',
  'Eve',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kofi',
  'Lena',
  'Mateo',
  'Nora',
  'Omar',
  'Pia',
  'Rosa',
  'Sven',
  'Tara',
  'Umar',
];
const LAST = [
  'Smith',
  'Garcia',
  'Okafor',
  'Novak',
  'Tanaka',
  'Silva',
  'Brown',
  'Larsen',
  'Rossi',
  'Weber',
  'Kim',
  'Dubois',
  'Ivanova',
  'Haddad',
  'Murphy',
  'Costa',
];
const DOMAINS = [
  'example.com',
  'mail.example',
  'corp.example',
  'shop.example',
  'acme.example',
  'globex.example',
  'initech.example',
  'umbrella.example',
];
export const TAG_NAMES = [
  'billing',
  'bug',
  'feature-request',
  'urgent',
  'vip',
  'onboarding',
  'mobile',
  'api',
  'shipping',
  'refunds',
  'security',
  'sso',
  'integrations',
  'reports',
  'performance',
  'ux',
  'docs',
  'partner',
  'churn-risk',
  'enterprise',
  'trial',
  'legal',
  'gdpr',
  'hardware',
];
export const STATUSES = ['OPEN', 'PENDING', 'ON_HOLD', 'RESOLVED', 'CLOSED'];

// The search rows rely on these words appearing only where planted.
for (const text of [
  SUBJECT_VERBS,
  SUBJECT_THINGS,
  OPENERS,
  CUSTOMER_LINES,
  AGENT_LINES,
  CLOSERS,
  FIRST,
  LAST,
  DOMAINS,
  TAG_NAMES,
].flat()) {
  for (const word of [COMMON_WORD, RARE_WORD, SHORT_TERM]) {
    if (text.toLowerCase().includes(word))
      throw new Error(`generator text "${text}" contains the planted term "${word}"`);
  }
}

const M = 2147483647;
const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** SQL building blocks for one engine. */
export function sqlKit(engine: Engine) {
  const pg = engine === 'postgres';
  const big = (e: string) => (pg ? `(${e})::bigint` : `(${e})`);
  /** A pseudo-random integer in [0, 2^31) from an integer expression (quadratic, so salts decorrelate). */
  const mix = (e: string, salt: number) => {
    const a = `((${big(e)} * 16807 + ${salt * 1000003 + 12345}) % ${M})`;
    return `((((${a} * ${a}) % ${M}) * 48271 + ${big(e)}) % ${M})`;
  };
  const hex = (e: string, width: number) => (pg ? `lpad(to_hex(${e}), ${width}, '0')` : `printf('%0${width}x', ${e})`);
  const pick = (list: readonly string[], e: string) =>
    `(CASE (${e}) % ${list.length} ${list.map((v, i) => `WHEN ${i} THEN ${q(v)}`).join(' ')} END)`;
  /** A version-4-shaped UUID, unique per (salt, e): the last group carries both. */
  const uuid4 = (e: string, salt: number) => {
    const h2 = hex(mix(e, salt * 7 + 2), 8);
    return `(${hex(mix(e, salt * 7 + 1), 8)} || '-' || substr(${h2}, 1, 4) || '-4' || substr(${h2}, 5, 3) || '-' || ${pick(['8', '9', 'a', 'b'], mix(e, salt * 7 + 3))} || substr(${hex(mix(e, salt * 7 + 4), 8)}, 2, 3) || '-' || ${hex(String(salt), 4)} || ${hex(e, 8)})`;
  };
  /** A version-7 UUID (time-ordered, as the service gives customers) for a row created at `at`. */
  const uuid7 = (e: string, at: string, salt: number) => {
    const ts = hex(at, 12);
    return `(substr(${ts}, 1, 8) || '-' || substr(${ts}, 9, 4) || '-7' || substr(${hex(mix(e, salt * 7 + 1), 8)}, 2, 3) || '-' || ${pick(['8', '9', 'a', 'b'], mix(e, salt * 7 + 3))} || substr(${hex(mix(e, salt * 7 + 4), 8)}, 2, 3) || '-' || ${hex(String(salt), 4)} || ${hex(e, 8)})`;
  };
  /** `WITH` clause and FROM item of the series 1..n named g(i). */
  const series = (n: number | string, name = 'g', col = 'i') =>
    pg
      ? { with: '', from: `generate_series(1::bigint, ${n}::bigint) AS ${name}(${col})` }
      : {
          with: `WITH RECURSIVE ${name}(${col}) AS (SELECT 1 UNION ALL SELECT ${col} + 1 FROM ${name} WHERE ${col} < ${n})`,
          from: name,
        };
  return { big, mix, hex, pick, uuid4, uuid7, series };
}

export interface OrgSpec {
  id: string;
  name: string;
  /** Distinguishes the organizations' ids and data (0 = the big one). */
  salt: number;
  tickets: number;
  customers: number;
  users: number;
  tags: number;
  /** Teams; 60 % of the tickets belong to one of them (the team filters). */
  teams: number;
  /** Epoch ms of the first row; tickets are spread evenly from there to `end`. */
  start: number;
  end: number;
}

export function orgSpec(id: string, name: string, salt: number, tickets: number, now: number): OrgSpec {
  const start = now - 2 * 365 * 86_400_000;
  return {
    id,
    name,
    salt,
    tickets,
    customers: Math.max(10, Math.floor(tickets / 5)),
    users: salt === 0 ? 50 : 5,
    tags: salt === 0 ? TAG_NAMES.length : 6,
    teams: salt === 0 ? 10 : 3,
    start,
    end: now - 86_400_000,
  };
}

/** The statements that fill one organization, in order (parameterless: values are inlined). */
export function orgStatements(engine: Engine, o: OrgSpec): string[] {
  const k = sqlKit(engine);
  const org = q(o.id);
  const s = o.salt * 16;
  const tStep = Math.max(1, Math.floor((o.end - o.start) / o.tickets));
  const cStep = Math.max(1, Math.floor((tStep * o.tickets) / o.customers / 2));
  const custAt = (e: string) => `(${o.start} + (${e}) * ${cStep})`;
  const custFirst = (e: string) => k.pick(FIRST, `(${e})`);
  const custLast = (e: string) => k.pick(LAST, `((${e}) / ${FIRST.length})`);
  const custEmail = (e: string) =>
    `lower(${custFirst(e)} || '.' || ${custLast(e)}) || (${e}) || '@' || ${k.pick(DOMAINS, `((${e}) / 7)`)}`;
  const custId = (e: string) => k.uuid7(e, custAt(e), s + 3);
  const tagId = (e: string) => k.uuid4(e, s + 2);
  const teamId = (e: string) => k.uuid4(e, s + 6);
  const teams = k.series(o.teams);
  const g = k.series(o.tickets);
  const users = k.series(o.users);
  const tags = k.series(o.tags);
  const custs = k.series(o.customers);
  const i = 'g.i';
  // Per-ticket choices (i = the ticket number).
  const customerOf = `(1 + ${k.mix(i, s + 10)} % ${o.customers})`;
  const statusRoll = `(${k.mix(i, s + 11)} % 100)`;
  const status = `(CASE WHEN ${statusRoll} < 50 THEN 'CLOSED' WHEN ${statusRoll} < 70 THEN 'RESOLVED' WHEN ${statusRoll} < 85 THEN 'OPEN' WHEN ${statusRoll} < 95 THEN 'PENDING' ELSE 'ON_HOLD' END)`;
  const prioRoll = `(${k.mix(i, s + 12)} % 10)`;
  const priority = `(CASE WHEN ${prioRoll} < 3 THEN 'LOW' WHEN ${prioRoll} < 8 THEN 'MEDIUM' WHEN ${prioRoll} < 9 THEN 'HIGH' ELSE 'URGENT' END)`;
  const assignee = `(CASE WHEN ${k.mix(i, s + 13)} % 10 < 7 THEN 'agent-' || (1 + ${k.mix(i, s + 14)} % ${o.users}) ELSE NULL END)`;
  const team = `(CASE WHEN ${k.mix(i, s + 18)} % 10 < 6 THEN ${teamId(`(1 + ${k.mix(i, s + 19)} % ${o.teams})`)} ELSE NULL END)`;
  // 1–5 messages, exactly 3 on average (i % 5); the common word in exactly 15 % ((i / 5) scrambled mod 20 < 3).
  const messageCount = `(1 + ${i} % 5)`;
  const common = (e: string) => `(((${e} / 5) * 7) % 20 < 3)`;
  const commonInSubject = (e: string) => `(${common(e)} AND ${k.mix(e, s + 15)} % 2 = 0)`;
  const rare = `(${i} % ${Math.max(1, Math.floor(o.tickets / 10))} = 7)`;
  const short = `((${i} / 7) % 100 = 3)`;
  const created = `(${o.start} + ${i} * ${tStep})`;
  const updated = `(${created} + (${messageCount} - 1) * 3600000)`;
  const subject = `${k.pick(SUBJECT_VERBS, k.mix(i, s + 16))} || ' ' || ${k.pick(SUBJECT_THINGS, k.mix(i, s + 17))}
    || (CASE WHEN ${commonInSubject(i)} THEN ' and the ${COMMON_WORD}' ELSE '' END)
    || (CASE WHEN ${rare} THEN ' ${RARE_WORD}' ELSE '' END)
    || (CASE WHEN ${short} THEN ' model ${SHORT_TERM}' ELSE '' END)`;
  const ts = 't.number';
  const mk = `(${ts} * 8 + m.k)`;
  const msgs = k.series(5, 'm', 'k');
  const content = `(CASE WHEN m.k % 2 = 1
      THEN ${k.pick(OPENERS, k.mix(mk, s + 20))} || ' ' || ${k.pick(CUSTOMER_LINES, k.mix(mk, s + 21))} || ' ' || ${k.pick(CUSTOMER_LINES, k.mix(mk, s + 22))} || ' ' || ${k.pick(CLOSERS, k.mix(mk, s + 23))}
      ELSE ${k.pick(AGENT_LINES, k.mix(mk, s + 24))} || ' ' || ${k.pick(AGENT_LINES, k.mix(mk, s + 25))} || ' ' || ${k.pick(CLOSERS, k.mix(mk, s + 26))} END)
    || (CASE WHEN m.k = 1 AND ${common(ts)} AND NOT ${commonInSubject(ts)} THEN ' The ${COMMON_WORD} is attached.' ELSE '' END)`;
  const agentOf = `coalesce(t.assignee_id, 'agent-1')`;
  const tagCount = `(${k.mix(ts, s + 30)} % 10)`;
  const tagA = `(1 + ${k.mix(ts, s + 31)} % ${o.tags})`;
  const tagB = `(1 + (${tagA} + ${k.mix(ts, s + 32)} % ${o.tags - 1}) % ${o.tags})`;
  const tagWith = (which: string) => `${tagId(which)}`;
  const ofOrg = `t.organization_id = ${org}`;
  return [
    `INSERT INTO organizations (id, name, created_at) VALUES (${org}, ${q(o.name)}, ${o.start})`,
    `INSERT INTO users (organization_id, id, name, email, email_key, role, created_at, updated_at)
     ${users.with} SELECT ${org}, 'agent-' || g.i, 'Agent ' || g.i, 'agent' || g.i || '@support.example', 'agent' || g.i || '@support.example',
       CASE WHEN g.i = 1 THEN 'admin' ELSE 'agent' END, ${o.start}, ${o.start} FROM ${users.from}`,
    `INSERT INTO tags (id, organization_id, name, name_key, color, created_at, updated_at)
     ${tags.with} SELECT ${tagId('g.i')}, ${org}, ${k.pick(TAG_NAMES, 'g.i - 1')}, ${k.pick(TAG_NAMES, 'g.i - 1')}, '#6b7280', ${o.start}, ${o.start} FROM ${tags.from}`,
    `INSERT INTO teams (id, organization_id, name, created_at, updated_at)
     ${teams.with} SELECT ${teamId('g.i')}, ${org}, 'Team ' || g.i, ${o.start}, ${o.start} FROM ${teams.from}`,
    `INSERT INTO customers (id, organization_id, email, email_key, name, external_user_id, external_organization_id,
       external_organization_name, avatar_url, metadata, ticket_count, created_at, updated_at)
     ${custs.with} SELECT ${custId('g.i')}, ${org}, ${custEmail('g.i')}, ${custEmail('g.i')}, ${custFirst('g.i')} || ' ' || ${custLast('g.i')},
       NULL, NULL, NULL, NULL, 'null', 0, ${custAt('g.i')}, ${custAt('g.i')} FROM ${custs.from}`,
    `INSERT INTO tickets (id, organization_id, number, subject, status, priority, channel, customer_id, assignee_id, team_id,
       external_organization_id, external_organization_name, message_count, created_at, updated_at, closed_at)
     ${g.with} SELECT ${k.uuid4(i, s + 4)}, ${org}, ${i}, ${subject}, ${status}, ${priority}, 'API', ${custId(customerOf)}, ${assignee}, ${team},
       NULL, NULL, ${messageCount}, ${created}, ${updated}, CASE WHEN ${status} = 'CLOSED' THEN ${updated} ELSE NULL END FROM ${g.from}`,
    `INSERT INTO messages (id, organization_id, ticket_id, type, content, author_type, author_id, author_email, author_name, created_at, seq)
     ${msgs.with} SELECT ${k.uuid4(mk, s + 5)}, ${org}, t.id, CASE WHEN m.k % 2 = 1 THEN 'INBOUND' ELSE 'OUTBOUND' END, ${content},
       CASE WHEN m.k % 2 = 1 THEN 'customer' ELSE 'user' END,
       CASE WHEN m.k % 2 = 1 THEN c.id ELSE ${agentOf} END,
       CASE WHEN m.k % 2 = 1 THEN c.email ELSE 'agent' || substr(${agentOf}, 7) || '@support.example' END,
       CASE WHEN m.k % 2 = 1 THEN c.name ELSE 'Agent ' || substr(${agentOf}, 7) END,
       t.created_at + (m.k - 1) * 3600000, m.k
     FROM tickets t JOIN customers c ON c.organization_id = t.organization_id AND c.id = t.customer_id
       JOIN ${msgs.from} ON m.k <= t.message_count WHERE ${ofOrg}`,
    `INSERT INTO ticket_tags (ticket_id, tag_id, organization_id, created_at)
     SELECT t.id, ${tagWith(tagA)}, t.organization_id, t.created_at FROM tickets t WHERE ${ofOrg} AND ${tagCount} >= 6
     UNION ALL
     SELECT t.id, ${tagWith(tagB)}, t.organization_id, t.created_at FROM tickets t WHERE ${ofOrg} AND ${tagCount} = 9`,
    // Counters, derived from the rows above exactly as the service's writes keep them.
    `INSERT INTO organization_counters (organization_id, ticket_seq, customer_count) VALUES (${org}, ${o.tickets}, ${o.customers})`,
    `INSERT INTO ticket_counts (organization_id, status, priority, count)
     SELECT organization_id, status, priority, count(*) FROM tickets t WHERE ${ofOrg} GROUP BY organization_id, status, priority`,
    `INSERT INTO ticket_usage (organization_id, bucket, count)
     SELECT organization_id, created_at / ${15 * 60_000}, count(*) FROM tickets t WHERE ${ofOrg} GROUP BY organization_id, created_at / ${15 * 60_000}`,
    `UPDATE customers SET ticket_count = x.n
     FROM (SELECT customer_id, count(*) AS n FROM tickets t WHERE ${ofOrg} GROUP BY customer_id) AS x
     WHERE customers.organization_id = ${org} AND customers.id = x.customer_id`,
  ];
}

/** What the rows hold, for the benchmark's requests (filter values, search terms). */
export function probeValues(o: OrgSpec) {
  return {
    statuses: STATUSES,
    assignees: Array.from({ length: o.users }, (_, n) => `agent-${n + 1}`),
    numbers: (n: number) => 1 + ((n * 7919) % o.tickets),
  };
}
