import { useState } from 'react';
import { ConfirmButton } from '../lists/ConfirmButton';
import { Problem } from '../lists/Problem';
import type { Team, User } from '../types';
import { call, CreateForm, TextField, useAction, useList } from './common';

export function TeamsAdmin() {
  const teams = useList<Team>('teams', '/api/v1/teams?limit=100');
  const users = useList<User>('users', '/api/v1/users?limit=100');
  const [name, setName] = useState('');
  const create = useAction(
    'teams',
    async () => {
      await call('POST', '/api/v1/teams', { name });
      setName('');
    },
    'Team created',
  );
  const setMembers = useAction(
    'teams',
    ({ id, members }: { id: string; members: string[] }) =>
      call('PATCH', `/api/v1/teams/${encodeURIComponent(id)}`, { member_ids: members }),
    'Team members changed',
  );
  const remove = useAction(
    'teams',
    (id: string) => call('DELETE', `/api/v1/teams/${encodeURIComponent(id)}`),
    'Team deleted',
  );
  return (
    <>
      <CreateForm title="New team" button="Create team" action={create}>
        <TextField label="Name" required value={name} onChange={setName} />
        <Problem error={create.error} />
      </CreateForm>
      <Problem error={teams.error ?? setMembers.error ?? remove.error} />
      {(teams.data ?? []).map((team) => {
        const ids = team.members.map((m) => m.id);
        return (
          <section key={team.id} className="card" aria-label={`Team ${team.name}`}>
            <h2>{team.name}</h2>
            <ul className="compact">
              {team.members.map((m) => (
                <li key={m.id}>
                  {m.name}{' '}
                  <button
                    type="button"
                    className="small"
                    onClick={() => setMembers.mutate({ id: team.id, members: ids.filter((x) => x !== m.id) })}
                  >
                    Remove {m.name}
                  </button>
                </li>
              ))}
            </ul>
            <div className="row">
              <label>
                Add member to {team.name}
                <select
                  value=""
                  onChange={(e) =>
                    e.target.value && setMembers.mutate({ id: team.id, members: [...ids, e.target.value] })
                  }
                >
                  <option value="">—</option>
                  {(users.data ?? [])
                    .filter((u) => !ids.includes(u.id))
                    .map((u) => (
                      <option key={u.id} value={u.id}>
                        {u.name}
                      </option>
                    ))}
                </select>
              </label>
              <ConfirmButton question={`Delete team ${team.name}?`} onConfirm={() => remove.mutate(team.id)}>
                Delete team
              </ConfirmButton>
            </div>
          </section>
        );
      })}
    </>
  );
}
