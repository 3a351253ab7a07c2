import { InvalidArgumentError, type Command } from 'commander';
import type { CliContext } from '../cli/cli-context.js';
import { createPlanService, type AiCreditsView, type PlanChanges } from './plan-service.js';
import type { PlanLimits } from './plan-store.js';

const print = (value: unknown): void => void process.stdout.write(JSON.stringify(value) + '\n');

const wholeNumber = (value: string): number => {
  if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError('must be a whole number');
  const n = Number(value.trim());
  if (!Number.isSafeInteger(n)) throw new InvalidArgumentError('is too large');
  return n;
};

// commander turns a parser's null into '', so "unlimited" travels as a string until the action.
type LimitArg = number | 'unlimited';
const limit = (value: string): LimitArg => {
  if (value.trim().toLowerCase() === 'unlimited') return 'unlimited';
  try {
    return wholeNumber(value);
  } catch {
    throw new InvalidArgumentError('must be a whole number or "unlimited"');
  }
};

const toLimit = (arg: LimitArg | undefined): number | null | undefined => (arg === 'unlimited' ? null : arg);

const positive = (value: string): number => {
  const n = wholeNumber(value);
  if (n === 0) throw new InvalidArgumentError('must be at least 1');
  return n;
};

const show = (n: number | null) => (n === null ? 'unlimited' : String(n));

function printPlan(organizationId: string, plan: PlanLimits, json?: boolean): void {
  if (json) return print({ plan: { organization_id: organizationId, ...plan } });
  process.stdout.write(
    `plan of organization ${organizationId}\n` +
      `  tickets per month:   ${show(plan.tickets_limit)}\n` +
      `  seats:               ${show(plan.seats_limit)}\n` +
      `  webhooks:            ${show(plan.webhooks_limit)}\n` +
      `  AI credits included: ${plan.ai_credits_included}\n`,
  );
}

function printCredits(organizationId: string, credits: AiCreditsView, json?: boolean): void {
  if (json) return print({ organization_id: organizationId, ai_credits: credits });
  process.stdout.write(
    `AI credits of organization ${organizationId} this period: used ${credits.used}, included ${credits.included}, ` +
      `purchased ${credits.purchased}, remaining ${credits.remaining}, overage ${credits.overage_this_period}\n`,
  );
}

/** Adds the plan and credit commands to the CLI. */
export function registerBillingCommands(program: Command, withContext: CliContext): void {
  const service = (ctx: Parameters<Parameters<CliContext>[0]>[0]) =>
    createPlanService({ database: ctx.database, clock: ctx.clock, timeZone: ctx.config.timeZone });

  const plans = program.command('plans').description("manage organizations' plan limits");
  plans
    .command('set')
    .description('change plan limits (omitted ones are kept; "unlimited" removes a limit)')
    .requiredOption('--org <id>', 'organization id')
    .option('--tickets <n|unlimited>', 'tickets per calendar month', limit)
    .option('--seats <n|unlimited>', 'staff users plus pending invitations', limit)
    .option('--webhooks <n|unlimited>', 'configured webhooks, inactive ones included', limit)
    .option('--ai-credits-included <n>', 'AI credits included per month', wholeNumber)
    .option('--json', 'print one JSON object')
    .action((opts: { org: string; tickets?: LimitArg; seats?: LimitArg; webhooks?: LimitArg; aiCreditsIncluded?: number; json?: boolean }) =>
      withContext(async (ctx): Promise<void> => {
        const changes: PlanChanges = {
          tickets_limit: toLimit(opts.tickets),
          seats_limit: toLimit(opts.seats),
          webhooks_limit: toLimit(opts.webhooks),
          ai_credits_included: opts.aiCreditsIncluded,
        };
        printPlan(opts.org, await service(ctx).setPlan(opts.org, changes), opts.json);
      }),
    );
  plans
    .command('show')
    .description("print an organization's plan limits")
    .requiredOption('--org <id>', 'organization id')
    .option('--json', 'print one JSON object')
    .action((opts: { org: string; json?: boolean }) =>
      withContext(async (ctx): Promise<void> => printPlan(opts.org, await service(ctx).getPlan(opts.org), opts.json)),
    );

  const credits = program.command('credits').description('AI credits (knowledge-base chat)');
  credits
    .command('purchase')
    .description('record additional AI credits purchased for the current month')
    .requiredOption('--org <id>', 'organization id')
    .requiredOption('--amount <n>', 'number of credits', positive)
    .option('--json', 'print one JSON object')
    .action((opts: { org: string; amount: number; json?: boolean }) =>
      withContext(async (ctx): Promise<void> =>
        printCredits(opts.org, await service(ctx).purchaseCredits(opts.org, opts.amount), opts.json),
      ),
    );
  credits
    .command('consume')
    .description('record AI credits consumed by the knowledge-base chat')
    .requiredOption('--org <id>', 'organization id')
    .requiredOption('--amount <n>', 'number of credits', positive)
    .option('--json', 'print one JSON object')
    .action((opts: { org: string; amount: number; json?: boolean }) =>
      withContext(async (ctx): Promise<void> =>
        printCredits(opts.org, await service(ctx).consumeCredits(opts.org, opts.amount), opts.json),
      ),
    );
}
