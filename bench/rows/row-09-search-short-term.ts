import type { Ctx } from '../context.js';
import { SHORT_TERM } from '../seed/generate.js';
import { searchRow, type OneClientRun } from './one-client.js';

/** Row 9: a search for a 2-character term (in 1 % of the tickets, too short for a trigram index), one client. */
export const shortTermRow = (ctx: Ctx, run: OneClientRun) =>
  searchRow(ctx, 9, SHORT_TERM, '2-character term (1 % of tickets)', run);
