import { expect, it } from 'vitest';
import { dueQuery } from '../src/mail/inbound-store.js';
import { describeEachDialect } from './support/harness.js';
import { explain, genericPlan } from './support/query-plan.js';

// The received-mail processor's claim reads one organization's queued messages from the queue index
// that leads with organization_id (20261201-0100), never the organization's whole stored mail.
// SQLite is asked on empty tables without statistics; PostgreSQL for the generic plan its pool's
// prepared statement settles on, with sequential scans priced out (one shows only where no index serves).

describeEachDialect('inbound mail: the claim query plan', (ctx) => {
  const org = '00000000-0000-4000-8000-0000000000b1';

  it('reads the organization queue index', async () => {
    const query = dueQuery(ctx.database.forOrganization(org), 1_000, 10);
    const plan =
      ctx.dialect === 'sqlite' ? await explain(ctx, query) : await genericPlan(ctx, query, { seqscan: false });
    expect(plan).toContain('inbound_emails_org_queued_idx');
    expect(plan).not.toMatch(/Seq Scan|SCAN inbound_emails\b(?! USING)/);
  });
});
