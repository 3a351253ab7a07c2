import { InvalidArgumentError, type Command } from 'commander';
import type { Container } from '../container.js';
import { organizationId, wholeNumber } from './arguments.js';
import { withContext } from './cli-context.js';
import { printJson, write } from './output.js';

type PlanLimits = Awaited<ReturnType<Container['plans']['getPlan']>>;
type PlanChanges = Parameters<Container['plans']['setPlan']>[1];

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

const overage = (value: string): 'allow' | 'block' => {
  const v = value.trim().toLowerCase();
  if (v !== 'allow' && v !== 'block') throw new InvalidArgumentError('must be "allow" or "block"');
  return v;
};

const show = (n: number | null) => (n === null ? 'unlimited' : String(n));

function printPlan(organizationId: string, plan: PlanLimits, json?: boolean): void {
  if (json) {
    printJson({ plan: { organization_id: organizationId, ...plan } });
    return;
  }
  write(
    `plan of organization ${organizationId}\n` +
      `  tickets per month:   ${show(plan.tickets_limit)}\n` +
      `  seats:               ${show(plan.seats_limit)}\n` +
      `  webhooks:            ${show(plan.webhooks_limit)}\n` +
      `  AI credits included: ${plan.ai_credits_included}\n` +
      `  AI overage:          ${plan.ai_overage}\n`,
  );
}

/** Adds `plans set` and `plans show`. */
export function registerPlansCommands(program: Command): void {
  const plans = program.command('plans').description("manage organizations' plan limits");
  plans
    .command('set')
    .description('change plan limits (omitted ones are kept; "unlimited" removes a limit)')
    .requiredOption('--org <id>', 'organization id', organizationId)
    .option('--tickets <n|unlimited>', 'tickets per calendar month', limit)
    .option('--seats <n|unlimited>', 'staff users plus pending invitations', limit)
    .option('--webhooks <n|unlimited>', 'configured webhooks, inactive ones included', limit)
    .option('--ai-credits-included <n>', 'AI credits included per month', wholeNumber)
    .option(
      '--ai-overage <allow|block>',
      'once AI credits are used up: allow (answer on, counted as overage) or block (answer without the model)',
      overage,
    )
    .option('--json', 'print one JSON object')
    .action(
      (opts: {
        org: string;
        tickets?: LimitArg;
        seats?: LimitArg;
        webhooks?: LimitArg;
        aiCreditsIncluded?: number;
        aiOverage?: 'allow' | 'block';
        json?: boolean;
      }) =>
        withContext(async (container): Promise<void> => {
          const changes: PlanChanges = {
            tickets_limit: toLimit(opts.tickets),
            seats_limit: toLimit(opts.seats),
            webhooks_limit: toLimit(opts.webhooks),
            ai_credits_included: opts.aiCreditsIncluded,
            ai_overage: opts.aiOverage,
          };
          printPlan(opts.org, await container.plans.setPlan(opts.org, changes), opts.json);
        }),
    );
  plans
    .command('show')
    .description("print an organization's plan limits")
    .requiredOption('--org <id>', 'organization id', organizationId)
    .option('--json', 'print one JSON object')
    .action((opts: { org: string; json?: boolean }) =>
      withContext(
        async (container): Promise<void> => printPlan(opts.org, await container.plans.getPlan(opts.org), opts.json),
      ),
    );
}
