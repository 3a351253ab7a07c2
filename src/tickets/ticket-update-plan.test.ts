import { describe, expect, it } from 'vitest';
import { AppError } from '../shared/errors.js';
import type { TagRef, TicketRow } from './ticket-payloads.js';
import type { UpdateTicketInput } from './ticket-schemas.js';
import { planTicketUpdate, type ResolvedReferences } from './ticket-update-plan.js';

const T0 = 1_000;
const NOW = 5_000;

const before: TicketRow = {
  id: 'k1',
  organization_id: 'org',
  number: 7,
  subject: 'Printer',
  status: 'OPEN',
  priority: 'MEDIUM',
  channel: 'API',
  customer_id: 'c1',
  assignee_id: 'u1',
  team_id: 'team1',
  external_organization_id: null,
  external_organization_name: null,
  message_count: 1,
  created_at: T0,
  updated_at: T0,
  closed_at: null,
};
const red: TagRef = { id: 'tag-red', name: 'red', color: '#f00' };
const blue: TagRef = { id: 'tag-blue', name: 'blue', color: '#00f' };
const una = { id: 'u1', name: 'Una', email: 'una@staff.example' };
const bo = { id: 'u2', name: 'Bo', email: 'bo@staff.example' };

/** References as the caller resolves them when the input names none: the ticket's own. */
const unchanged: ResolvedReferences = { assignee: una, team: { id: 'team1', name: 'A' }, adding: [], removing: [] };

describe('planTicketUpdate', () => {
  it('is null for an empty PATCH and for one that repeats the stored values (updated_at stays)', () => {
    expect(planTicketUpdate(before, [red], {}, unchanged, NOW)).toBeNull();
    const same: UpdateTicketInput = {
      status: 'OPEN',
      priority: 'MEDIUM',
      subject: 'Printer',
      assignee_id: 'u1',
      team_id: 'team1',
      add_tag_ids: [red.id],
    };
    expect(planTicketUpdate(before, [red], same, { ...unchanged, adding: [red] }, NOW)).toBeNull();
    // Removing a tag the ticket does not carry changes nothing either.
    expect(
      planTicketUpdate(before, [red], { remove_tag_ids: [blue.id] }, { ...unchanged, removing: [blue] }, NOW),
    ).toBeNull();
  });

  it('sets the changed fields and moves updated_at to now', () => {
    const plan = planTicketUpdate(before, [], { priority: 'HIGH', subject: 'Printer on fire' }, unchanged, NOW);
    expect(plan?.row).toEqual({ ...before, priority: 'HIGH', subject: 'Printer on fire', updated_at: NOW });
    expect(plan?.addTagIds).toEqual([]);
    expect(plan?.removeTagIds).toEqual([]);
  });

  it('records closed_at when closing and clears it when reopening', () => {
    const closed = planTicketUpdate(before, [], { status: 'CLOSED' }, unchanged, NOW)!.row;
    expect(closed).toMatchObject({ status: 'CLOSED', closed_at: NOW, updated_at: NOW });
    const reopened = planTicketUpdate(closed, [], { status: 'PENDING' }, unchanged, NOW + 1)!.row;
    expect(reopened).toMatchObject({ status: 'PENDING', closed_at: null, updated_at: NOW + 1 });
    // Other statuses leave closed_at alone.
    expect(planTicketUpdate(before, [], { status: 'RESOLVED' }, unchanged, NOW)!.row.closed_at).toBeNull();
  });

  it('takes assignee and team from the resolved references only when the input names them', () => {
    const reassigned = planTicketUpdate(before, [], { assignee_id: 'u2' }, { ...unchanged, assignee: bo }, NOW)!.row;
    expect(reassigned).toMatchObject({ assignee_id: 'u2', team_id: 'team1' });
    const cleared = planTicketUpdate(
      before,
      [],
      { assignee_id: null, team_id: null },
      { ...unchanged, assignee: null, team: null },
      NOW,
    )!.row;
    expect(cleared).toMatchObject({ assignee_id: null, team_id: null });
  });

  it('adds and removes only the tags that change the set', () => {
    const plan = planTicketUpdate(
      before,
      [red],
      { add_tag_ids: [red.id, blue.id], remove_tag_ids: [] },
      { ...unchanged, adding: [red, blue] },
      NOW,
    );
    expect(plan).toMatchObject({ addTagIds: [blue.id], removeTagIds: [], row: { updated_at: NOW } });
    const removed = planTicketUpdate(
      before,
      [red, blue],
      { remove_tag_ids: [red.id] },
      { ...unchanged, removing: [red] },
      NOW,
    );
    expect(removed).toMatchObject({ addTagIds: [], removeTagIds: [red.id] });
  });

  it('refuses a tag both added and removed with a 400 on remove_tag_ids', () => {
    const attempt = () => planTicketUpdate(before, [], {}, { ...unchanged, adding: [red], removing: [red] }, NOW);
    expect(attempt).toThrow(AppError);
    expect(attempt).toThrow(
      expect.objectContaining({
        statusCode: 400,
        code: 'validation_error',
        details: [{ field: 'remove_tag_ids', issue: 'conflict' }],
      }),
    );
  });
});
