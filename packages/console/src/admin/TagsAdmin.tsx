import { useState } from 'react';
import { ConfirmButton } from '../lists/ConfirmButton';
import { Problem } from '../lists/Problem';
import type { Tag } from '../types';
import { call, CreateForm, TextField, useAction, useList } from './common';

export function TagsAdmin() {
  const tags = useList<Tag>('tags', '/api/v1/tags');
  const [name, setName] = useState('');
  const [color, setColor] = useState('#1f5fd6');
  const create = useAction(
    'tags',
    async () => {
      await call('POST', '/api/v1/tags', { name, color });
      setName('');
    },
    'Tag created',
  );
  const remove = useAction(
    'tags',
    (id: string) => call('DELETE', `/api/v1/tags/${encodeURIComponent(id)}`),
    'Tag deleted',
  );
  return (
    <>
      <CreateForm title="New tag" button="Create tag" action={create}>
        <TextField label="Name" required value={name} onChange={setName} />
        <TextField label="Colour" type="color" value={color} onChange={setColor} />
        <Problem error={create.error} />
      </CreateForm>
      <Problem error={tags.error ?? remove.error} />
      <ul className="compact">
        {(tags.data ?? []).map((t) => (
          <li key={t.id}>
            {t.name} <span className="muted">{t.color}</span>{' '}
            <ConfirmButton question={`Delete tag ${t.name}?`} onConfirm={() => remove.mutate(t.id)}>
              Delete
            </ConfirmButton>
          </li>
        ))}
      </ul>
    </>
  );
}
