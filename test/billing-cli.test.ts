import { expect, it } from 'vitest';
import { runCli, type CliResult } from './support/cli-runner.js';
import { describeEachDialect, type TestContext } from './support/harness.js';

const cli = (ctx: TestContext, args: string[]): Promise<CliResult> => runCli(args, { DATABASE_URL: ctx.dbUrl });

describeEachDialect('billing: CLI', (ctx) => {
  it('plans set changes only the given limits; credits purchase/consume show in the usage report', async () => {
    const org = await ctx.createOrg();
    const set = await cli(ctx, [
      'plans',
      'set',
      '--org',
      org.id,
      '--tickets',
      '10',
      '--seats',
      '3',
      '--webhooks',
      'unlimited',
      '--ai-credits-included',
      '100',
      '--json',
    ]);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({
      plan: {
        organization_id: org.id,
        tickets_limit: 10,
        seats_limit: 3,
        webhooks_limit: null,
        ai_credits_included: 100,
        ai_overage: 'allow',
      },
    });
    const again = await cli(ctx, [
      'plans',
      'set',
      '--org',
      org.id,
      '--tickets',
      'unlimited',
      '--webhooks',
      '2',
      '--json',
    ]);
    expect(JSON.parse(again.stdout).plan).toEqual({
      organization_id: org.id,
      tickets_limit: null,
      seats_limit: 3,
      webhooks_limit: 2,
      ai_credits_included: 100,
      ai_overage: 'allow',
    });

    const bought = await cli(ctx, ['credits', 'purchase', '--org', org.id, '--amount', '50', '--json']);
    expect(bought.code, bought.stderr).toBe(0);
    expect(JSON.parse(bought.stdout).ai_credits).toEqual({
      used: 0,
      included: 100,
      purchased: 50,
      remaining: 150,
      overage_this_period: 0,
    });
    const used = await cli(ctx, ['credits', 'consume', '--org', org.id, '--amount', '170', '--json']);
    expect(JSON.parse(used.stdout).ai_credits).toEqual({
      used: 170,
      included: 100,
      purchased: 50,
      remaining: 0,
      overage_this_period: 20,
    });

    const usage = await org.api.get('/api/v1/billing/usage');
    expect(usage.body.data).toMatchObject({
      tickets: { used: 0, limit: null },
      seats: { used: 0, limit: 3 },
      webhooks: { used: 0, limit: 2 },
      ai_credits: { used: 170, included: 100, purchased: 50, remaining: 0, overage_this_period: 20 },
    });
  }, 120_000);

  it('plans set --ai-overage block|allow is kept across other changes; anything else is a usage error', async () => {
    const org = await ctx.createOrg();
    const block = await cli(ctx, ['plans', 'set', '--org', org.id, '--ai-overage', 'block', '--json']);
    expect(block.code, block.stderr).toBe(0);
    expect(JSON.parse(block.stdout).plan.ai_overage).toBe('block');
    const other = await cli(ctx, ['plans', 'set', '--org', org.id, '--tickets', '5', '--json']);
    expect(JSON.parse(other.stdout).plan).toMatchObject({ tickets_limit: 5, ai_overage: 'block' });
    const shown = await cli(ctx, ['plans', 'show', '--org', org.id]);
    expect(shown.stdout).toMatch(/AI overage:\s+block/);
    const bad = await cli(ctx, ['plans', 'set', '--org', org.id, '--ai-overage', 'maybe']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"allow" or "block"');
    const allow = await cli(ctx, ['plans', 'set', '--org', org.id, '--ai-overage', 'ALLOW', '--json']);
    expect(JSON.parse(allow.stdout).plan.ai_overage).toBe('allow');
  }, 120_000);

  it('rejects bad arguments (usage error, exit 2) and unknown organizations (exit 1) with a message', async () => {
    const org = await ctx.createOrg();
    const [bad, zero, unknown] = await Promise.all([
      cli(ctx, ['plans', 'set', '--org', org.id, '--tickets', 'lots']),
      cli(ctx, ['credits', 'purchase', '--org', org.id, '--amount', '0']),
      cli(ctx, ['credits', 'consume', '--org', '00000000-0000-4000-8000-000000000000', '--amount', '5']),
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('whole number or "unlimited"');
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain('at least 1');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('not found');
  }, 120_000);
});
