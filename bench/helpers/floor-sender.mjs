// Row 3's floor: a stand-in for a `worker` process that sends what the workers send and does nothing
// else a delivery needs. It learns of new tickets by polling their highest number (every 25 ms, as a
// worker's claims coalesce), and for each posts a ~1 KB body to its half of the organization's
// webhooks (two of these share the ten) through a raw undici Pool: no claim, no lease, no record, no
// signature. Row 3 with two of these in place of the workers is a ratio that a worker which also
// stores what it delivered stays below: `npm run bench` prints it with row 3 (ROW3_FLOOR=0 skips it);
// bench/helpers/worker-cpu.ts MODE=creates measures it with MAINS=dist/cli/main.js,bench/helpers/floor-sender.mjs.
// Usage and environment variables: --help (below). Plain JavaScript, so that it runs under plain node
// as a `worker` does (worker-cpu.ts MAINS): its --help is its own.
import pg from 'pg';
import { Pool } from 'undici';

if (process.argv.slice(2).some((a) => a === '--help' || a === '-h')) {
  process.stdout.write(`Usage: DATABASE_URL=postgres://… [ORGANIZATION_ID=UUID HOOK_URLS=URL,URL] node bench/helpers/floor-sender.mjs

Row 3's floor: a stand-in for a \`worker\` process that sends what the workers send and does nothing
else (no claim, no lease, no record, no signature). It polls the organization's highest ticket
number every 25 ms and posts a ~1 KB body per new ticket to its half of the webhooks through a raw
undici Pool. Run two at once (they split the webhooks between them); stops on SIGTERM.

Environment variables:
  DATABASE_URL      the service's PostgreSQL database (required)
  ORGANIZATION_ID   the organization whose tickets are followed (with HOOK_URLS)
  HOOK_URLS         comma-separated webhook URLs; without them, the database's active webhooks and
                    their organization
`);
  process.exit(0);
}

const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
await db.connect();
// Which half of the webhooks: the first of the two senders to take the lock sends to the first five.
const first = (await db.query('select pg_try_advisory_lock(9090) as got')).rows[0].got;
const hooks = process.env.HOOK_URLS
  ? process.env.HOOK_URLS.split(',').map((url) => ({ organization_id: process.env.ORGANIZATION_ID, url }))
  : (await db.query('select organization_id, url from webhooks where is_active = 1 order by url')).rows;
const organizationId = hooks[0].organization_id;
const mine = hooks.filter((_, i) => i < hooks.length / 2 === first).map((h) => new URL(h.url));
const pool = new Pool(mine[0].origin, { connections: 64 });
const filler = 'x'.repeat(640);
const body = (n) =>
  JSON.stringify({
    type: 'ticket.created',
    timestamp: new Date().toISOString(),
    data: {
      id: `floor-${n}`,
      number: n,
      subject: 'Floor',
      status: 'OPEN',
      priority: 'MEDIUM',
      channel: 'API',
      customer: { email: 'a@example.com', name: 'A' },
      filler,
    },
  });
const latest = async () =>
  Number(
    (await db.query('select coalesce(max(number), 0) as n from tickets where organization_id = $1', [organizationId]))
      .rows[0].n,
  );

let sentUpTo = await latest();
let stopping = false;
process.on('SIGTERM', () => (stopping = true));
while (!stopping) {
  await new Promise((r) => setTimeout(r, 25));
  const top = await latest();
  for (let n = sentUpTo + 1; n <= top; n++) {
    const bytes = Buffer.from(body(n));
    for (const u of mine) {
      pool
        .request({ path: u.pathname, method: 'POST', body: bytes, headers: { 'content-type': 'application/json' } })
        .then((res) => res.body.dump())
        .catch(() => undefined);
    }
  }
  sentUpTo = top;
}
await pool.close();
await db.end();
process.exit(0);
