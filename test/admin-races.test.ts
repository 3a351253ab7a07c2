import { expect, it } from 'vitest';
import { postUser } from './support/fixtures.js';
import { describeEachDialect } from './support/harness.js';

// Writes that name a row another request deletes at the same moment: the answer is
// a clean 4xx or a success without that row, never a 500. On PostgreSQL the two transactions really
// interleave (READ COMMITTED: the check reads the row, the delete commits, the insert hits the foreign
// key); SQLite runs writers one at a time, where the same tries must hold trivially.

const TRIES = Number(process.env.RACE_TRIES ?? 40);

describeEachDialect('races between a write and the delete of what it names', (ctx) => {
  it(`POST /teams with member_ids [u] racing DELETE /users/u (${TRIES} tries): 201 without u, or 400 not_found`, async () => {
    const org = await ctx.createOrg('Racing');
    const seen = new Map<number, number>();
    for (let i = 0; i < TRIES; i++) {
      const u = `racer-${i}`;
      expect((await postUser(org.api, u)).status).toBe(201);
      const [team, removed] = await Promise.all([
        org.api.post('/api/v1/teams', { name: `Team ${i}`, member_ids: [u] }),
        org.api.delete(`/api/v1/users/${u}`),
      ]);
      seen.set(team.status, (seen.get(team.status) ?? 0) + 1);
      expect(removed.status).toBe(200);
      if (team.status === 201) {
        // Created before the delete (which then removed the membership) or after: never a dangling member.
        const stored = await org.api.get(`/api/v1/teams/${team.body.data.id}`);
        expect(stored.body.data.members).toEqual([]);
      } else {
        expect(team.status).toBe(400);
        expect(team.body.error).toMatchObject({
          code: 'validation_error',
          details: [{ field: 'member_ids', issue: 'not_found' }],
        });
      }
    }
    process.stdout.write(
      `${ctx.dialect}: team/user race, ${TRIES} tries: ${JSON.stringify(Object.fromEntries(seen))}\n`,
    );
  });

  it(`PATCH /teams/{id} member_ids [u] racing DELETE /users/u (${TRIES} tries)`, async () => {
    const org = await ctx.createOrg('Racing updates');
    const team = (await org.api.post('/api/v1/teams', { name: 'Team' })).body.data;
    for (let i = 0; i < TRIES; i++) {
      const u = `member-${i}`;
      expect((await postUser(org.api, u)).status).toBe(201);
      const [patched] = await Promise.all([
        org.api.patch(`/api/v1/teams/${team.id}`, { member_ids: [u] }),
        org.api.delete(`/api/v1/users/${u}`),
      ]);
      expect([200, 400]).toContain(patched.status);
      expect((await org.api.get(`/api/v1/teams/${team.id}`)).body.data.members).toEqual([]);
    }
  });

  it(`PATCH /tickets/{id} assignee_id u racing DELETE /users/u (${TRIES} tries): never a ticket assigned to a deleted user`, async () => {
    const org = await ctx.createOrg('Racing assignments');
    const ticket = (
      await org.api.post('/api/v1/tickets', { subject: 'Race', message: 'hi', customer: { email: 'race@example.com' } })
    ).body.data;
    const seen = new Map<number, number>();
    for (let i = 0; i < TRIES; i++) {
      const u = `assignee-${i}`;
      expect((await postUser(org.api, u)).status).toBe(201);
      const [patched, removed] = await Promise.all([
        org.api.patch(`/api/v1/tickets/${ticket.id}`, { assignee_id: u }),
        org.api.delete(`/api/v1/users/${u}`),
      ]);
      seen.set(patched.status, (seen.get(patched.status) ?? 0) + 1);
      expect(removed.status).toBe(200);
      if (patched.status !== 200) {
        expect(patched.status).toBe(400);
        expect(patched.body.error).toMatchObject({
          code: 'validation_error',
          details: [{ field: 'assignee_id', issue: 'not_found' }],
        });
      }
      // Assigned before the delete (which then unassigned it) or refused after: the stored ticket never
      // names the deleted user.
      const stored = await ctx.database.db
        .selectFrom('tickets')
        .select('assignee_id')
        .where('id', '=', ticket.id)
        .executeTakeFirstOrThrow();
      expect(stored.assignee_id).toBeNull();
    }
    process.stdout.write(
      `${ctx.dialect}: assignment/user race, ${TRIES} tries: ${JSON.stringify(Object.fromEntries(seen))}\n`,
    );
  });

  it(`PATCH /teams/{id} racing DELETE /teams/{id} (${TRIES} tries): 200 or 404`, async () => {
    const org = await ctx.createOrg('Racing team deletes');
    expect((await postUser(org.api, 'stayer')).status).toBe(201);
    for (let i = 0; i < TRIES; i++) {
      const team = (await org.api.post('/api/v1/teams', { name: `T${i}` })).body.data;
      const [patched, removed] = await Promise.all([
        org.api.patch(`/api/v1/teams/${team.id}`, { member_ids: ['stayer'] }),
        org.api.delete(`/api/v1/teams/${team.id}`),
      ]);
      expect([200, 404]).toContain(patched.status);
      expect(removed.status).toBe(200);
    }
  });

  it(`tickets naming a tag or team being deleted (${TRIES} tries each): 201/200 or 400 not_found`, async () => {
    const org = await ctx.createOrg('Racing tickets');
    const ticket = (
      await org.api.post('/api/v1/tickets', { subject: 'S', message: 'M', customer: { email: 'r@example.com' } })
    ).body.data;
    for (let i = 0; i < TRIES; i++) {
      const tag = (await org.api.post('/api/v1/tags', { name: `tag-${i}` })).body.data;
      const team = (await org.api.post('/api/v1/teams', { name: `team-${i}` })).body.data;
      const [created, patched] = await Promise.all([
        org.api.post('/api/v1/tickets', {
          subject: 'S',
          message: 'M',
          customer: { email: 'r@example.com' },
          tag_ids: [tag.id],
        }),
        org.api.patch(`/api/v1/tickets/${ticket.id}`, { team_id: team.id, add_tag_ids: [tag.id] }),
        org.api.delete(`/api/v1/tags/${tag.id}`),
        org.api.delete(`/api/v1/teams/${team.id}`),
      ]);
      expect([201, 400]).toContain(created.status);
      expect([200, 400]).toContain(patched.status);
    }
  });
});
