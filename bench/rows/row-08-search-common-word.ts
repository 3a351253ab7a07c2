import type { Ctx } from '../context.js';
import { COMMON_WORD } from '../seed/generate.js';
import { searchRow, type OneClientRun } from './one-client.js';

/** Row 8: a search for a word in 15 % of the tickets, one client. */
export const commonWordRow = (ctx: Ctx, run: OneClientRun) =>
  searchRow(ctx, 8, COMMON_WORD, 'common word (15 % of tickets)', run);
