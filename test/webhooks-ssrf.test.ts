import { afterAll, beforeAll, expect, it } from 'vitest';
import { startWorker } from '../src/webhooks/worker.js';
import { recordTicketCreated } from './support/fixtures.js';
import { describeEachDialect } from './support/harness.js';
import { eventually, silentLogger, startReceiver, type Receiver } from './support/webhook-receiver.js';

// With private targets refused (the production default): at configuration time and again at
// connect time, against the address actually dialled.

describeEachDialect(
  'webhook SSRF guard',
  (ctx) => {
    let receiver: Receiver;
    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(async () => receiver?.close());

    const privateUrls = [
      'http://127.0.0.1:8080/hook',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://017700000001/',
      'http://127.1/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::1]/',
      'http://10.0.0.5/',
      'http://172.16.3.4/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://0.0.0.0/',
      'http://224.0.0.1/',
      'http://localhost/',
      'http://app.localhost/',
    ];

    it.each(privateUrls)('refuses %s on create, update and subscribe with 400', async (url) => {
      const org = await ctx.createOrg();
      const create = await org.api.post('/api/v1/webhooks', { name: 'x', url, events: ['ticket.created'] });
      expect(create.status).toBe(400);
      expect(create.body.error).toMatchObject({
        code: 'validation_error',
        details: [{ field: 'url', issue: expect.stringMatching(/private_address|unresolvable_host/) }],
      });
      const ok = await org.api.post('/api/v1/webhooks', {
        name: 'x',
        url: 'https://93.184.215.14/hook',
        events: ['ticket.created'],
      });
      expect(ok.status).toBe(201);
      const patch = await org.api.patch(`/api/v1/webhooks/${ok.body.data.id}`, { url });
      expect(patch.status).toBe(400);
      const sub = await org.api.post('/api/v1/webhooks/subscribe', { url, event: 'ticket.created' });
      expect(sub.status).toBe(400);
      const hooks = (await org.api.get('/api/v1/webhooks')).body.data;
      expect(hooks.map((h: any) => h.url)).toEqual(['https://93.184.215.14/hook']);
    });

    it('refuses at connect time a target that became private (address checked when dialling)', async () => {
      const org = await ctx.createOrg();
      const now = ctx.clock();
      const port = new URL(receiver.url).port;
      // Rows written behind the API's back stand in for a name that resolved publicly at creation time.
      for (const [id, url] of [
        ['00000000-0000-4000-8000-000000000001', `${receiver.url}/literal`],
        ['00000000-0000-4000-8000-000000000002', `http://localhost:${port}/name`],
      ]) {
        await ctx.database.db
          .insertInto('webhooks')
          .values({
            id,
            organization_id: org.id,
            name: 'x',
            url,
            secret: 's',
            events: '["ticket.created"]',
            is_active: 1,
            failure_count: 0,
            last_delivery_at: null,
            last_delivery_status: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      const worker = startWorker({
        database: ctx.database,
        clock: ctx.clock,
        settings: ctx.config.webhooks,
        logger: silentLogger,
      });
      try {
        await recordTicketCreated(ctx, org.id, 't');
        const rows = await eventually(async () => {
          const r = await ctx.database.db
            .selectFrom('webhook_deliveries')
            .selectAll()
            .where('organization_id', '=', org.id)
            .execute();
          return r.every((d) => d.attempt_count >= 1) && r;
        });
        expect(rows).toHaveLength(2);
        for (const row of rows) expect(row).toMatchObject({ status: 'failed', status_code: null });
        expect(receiver.requests).toHaveLength(0);
      } finally {
        await worker.stop();
      }
    });
  },
  { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false', WEBHOOK_RETRY_DELAYS_MS: '60000' } },
);
