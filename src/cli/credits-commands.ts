import type { Command } from 'commander';
import type { Container } from '../container.js';
import { organizationId, positive } from './arguments.js';
import { withContext } from './cli-context.js';
import { printJson, write } from './output.js';

type AiCreditsView = Awaited<ReturnType<Container['plans']['purchaseCredits']>>;

function printCredits(organizationId: string, credits: AiCreditsView, json?: boolean): void {
  if (json) {
    printJson({ organization_id: organizationId, ai_credits: credits });
    return;
  }
  write(
    `AI credits of organization ${organizationId} this period: used ${credits.used}, included ${credits.included}, ` +
      `purchased ${credits.purchased}, remaining ${credits.remaining}, overage ${credits.overage_this_period}\n`,
  );
}

/** Adds `credits purchase` and `credits consume` (AI credits of the knowledge-base chat). */
export function registerCreditsCommands(program: Command): void {
  const credits = program.command('credits').description('AI credits (knowledge-base chat)');
  credits
    .command('purchase')
    .description('record additional AI credits purchased for the current month')
    .requiredOption('--org <id>', 'organization id', organizationId)
    .requiredOption('--amount <n>', 'number of credits', positive)
    .option('--json', 'print one JSON object')
    .action((opts: { org: string; amount: number; json?: boolean }) =>
      withContext(
        async (container): Promise<void> =>
          printCredits(opts.org, await container.plans.purchaseCredits(opts.org, opts.amount), opts.json),
      ),
    );
  credits
    .command('consume')
    .description('record AI credits consumed by the knowledge-base chat')
    .requiredOption('--org <id>', 'organization id', organizationId)
    .requiredOption('--amount <n>', 'number of credits', positive)
    .option('--json', 'print one JSON object')
    .action((opts: { org: string; amount: number; json?: boolean }) =>
      withContext(
        async (container): Promise<void> =>
          printCredits(opts.org, await container.plans.consumeCredits(opts.org, opts.amount), opts.json),
      ),
    );
}
