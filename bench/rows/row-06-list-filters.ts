import { addRow, ms, type Ctx } from '../context.js';
import type { Samples } from '../requests.js';
import { RARE_WORD, STATUSES } from '../seed/generate.js';
import { total, type OneClientRun } from './one-client.js';

const PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'];
const enc = encodeURIComponent;

function filters(ctx: Ctx, s: Samples): [string, (n: number) => string][] {
  const list = '/api/v1/tickets';
  const pick = <T>(xs: T[], n: number) => xs[(n * 7) % xs.length];
  const users = ctx.spec.users;
  return [
    ['default list (open, newest first)', () => list],
    ['status', (n) => `${list}?status=${STATUSES[n % STATUSES.length]}`],
    ['priority', (n) => `${list}?priority=${PRIORITIES[n % PRIORITIES.length]}`],
    ['customer_id', (n) => `${list}?customer_id=${pick(s.customerIds, n)}`],
    ['assignee_id', (n) => `${list}?assignee_id=agent-${1 + (n % users)}`],
    ['tag_id', (n) => `${list}?tag_id=${pick(s.tagIds, n)}`],
    ['assignee_id=none (unassigned)', () => `${list}?assignee_id=none`],
    ['team_id (one team)', (n) => `${list}?team_id=${pick(s.teamIds, n)}`],
    // What `team_id=mine` runs for a member of three teams (an API key names them).
    ['team_id (three teams)', (n) => `${list}?team_id=${[0, 1, 2].map((k) => pick(s.teamIds, n + k)).join(',')}`],
    ['page 200', () => `${list}?page=200`],
    [`search rare term "${RARE_WORD}"`, () => `${list}?search=${RARE_WORD}`],
    ["search email (a customer's address)", (n) => `${list}?search=${enc(pick(s.emails, n))}`],
    ['search ticket number "#N"', (n) => `${list}?search=${enc(`#${1 + ((n * 7919) % ctx.spec.tickets)}`)}`],
  ];
}

/** Row 6: one row per list filter and search kind, one client, p95 against 50 ms. */
export async function listFilterRows(ctx: Ctx, s: Samples, run: OneClientRun): Promise<void> {
  for (const [name, path] of filters(ctx, s)) {
    const r = await run(path);
    addRow(ctx, {
      n: 6,
      scenario: `list filter: ${name}, one client`,
      product: `p95 ${ms(r.p95)} (p50 ${ms(r.p50)}, ${r.count} req, total ${total(r) ?? '?'})`,
      baseline: '—',
      ratio: '—',
      goal: 'p95 < 50 ms',
      met: r.p95 < 50,
    });
  }
}
