import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { errorText, isStatus } from '../api';
import { CreateForm } from '../admin/common';
import { ConfirmButton } from '../lists/ConfirmButton';
import { ListBody } from '../lists/ListBody';
import { Problem } from '../lists/Problem';
import { type Collection, collectionPath, send, useCollections, useKbWrite } from './kb-api';
import { KbNav } from './KbNav';

// Collections group the help center's articles; the help center lists them in this order. Renamed in
// place, moved up or down (the order is renumbered 0, 1, 2…), deleted once empty (the API refuses a
// collection that still holds articles, and the page says what to do).

export default function CollectionsPage() {
  const collections = useCollections();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useKbWrite(
    () => send<Collection>('POST', '/api/v1/kb/collections', { name, description: description || null }),
    (created) => {
      setName('');
      setDescription('');
      return `Collection ${created.name} created`;
    },
  );
  const move = useKbWrite(
    async ({ list, from, to }: { list: Collection[]; from: number; to: number }) => {
      const order = [...list];
      const [moved] = order.splice(from, 1);
      order.splice(to, 0, moved!);
      // Only the collections whose place changed are written.
      for (const [position, c] of order.entries())
        if (c.position !== position) await send('PATCH', collectionPath(c.id), { position });
      return moved!;
    },
    (moved, { to }) => `${moved.name} moved to position ${to + 1}`,
  );
  const remove = useKbWrite(
    (c: Collection) => send('DELETE', collectionPath(c.id)),
    (_, c) => `Collection ${c.name} deleted`,
  );
  const list = collections.data ?? [];
  // A moved collection's button keeps the focus once the list shows the new order (the list item may
  // have been moved in the page, which takes the focus away), so Move up can be pressed again and again.
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    if (!refocus.current || !collections.data) return;
    const button = document.getElementById(refocus.current) as HTMLButtonElement | null;
    if (button && !button.disabled) button.focus();
    else button?.parentElement?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    refocus.current = null;
  }, [collections.data]);
  return (
    <div className="kb">
      <KbNav current="collections" />
      <h1>Collections</h1>
      <CreateForm title="New collection" button="Create collection" action={create}>
        <CollectionFields
          descriptionLabel="Description (optional)"
          name={name}
          description={description}
          onName={setName}
          onDescription={setDescription}
        />
        <Problem error={create.error} />
      </CreateForm>
      <Problem error={collections.error ?? move.error} />
      {remove.error && (
        <p role="alert">
          {isStatus(remove.error, 409)
            ? 'This collection still holds articles: move them to another collection or delete them first.'
            : errorText(remove.error)}
        </p>
      )}
      <ListBody pending={collections.isPending} empty={list.length === 0 ? 'No collections yet.' : null}>
        <ol className="kb-collections">
          {list.map((c, i) => (
            <CollectionItem
              key={c.id}
              collection={c}
              first={i === 0}
              last={i === list.length - 1}
              busy={move.isPending}
              onMove={(delta) => {
                refocus.current = `kb-move-${c.id}-${delta < 0 ? 'up' : 'down'}`;
                move.mutate({ list, from: i, to: i + delta });
              }}
              onDelete={() => remove.mutate(c)}
            />
          ))}
        </ol>
      </ListBody>
    </div>
  );
}

/** A collection's name and description, as the create form and each collection's form edit them. */
function CollectionFields(props: {
  descriptionLabel: string;
  name: string;
  description: string;
  onName: (name: string) => void;
  onDescription: (description: string) => void;
}) {
  return (
    <>
      <label>
        Name
        <input required maxLength={200} value={props.name} onChange={(e) => props.onName(e.target.value)} />
      </label>
      <label>
        {props.descriptionLabel}
        <input maxLength={2000} value={props.description} onChange={(e) => props.onDescription(e.target.value)} />
      </label>
    </>
  );
}

function CollectionItem({
  collection,
  first,
  last,
  busy,
  onMove,
  onDelete,
}: {
  collection: Collection;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (delta: -1 | 1) => void;
  onDelete: () => void;
}) {
  const [name, setName] = useState(collection.name);
  const [description, setDescription] = useState(collection.description ?? '');
  useEffect(() => {
    setName(collection.name);
    setDescription(collection.description ?? '');
  }, [collection.name, collection.description]);
  const rename = useKbWrite(
    () => send<Collection>('PATCH', collectionPath(collection.id), { name, description: description || null }),
    (changed) => `Collection ${changed.name} saved`,
  );
  return (
    <li className="card kb-collection-item" aria-label={collection.name}>
      <form
        className="kb-collection-form"
        aria-label={`Edit ${collection.name}`}
        onSubmit={(event) => {
          event.preventDefault();
          rename.mutate(undefined);
        }}
      >
        <CollectionFields
          descriptionLabel="Description"
          name={name}
          description={description}
          onName={setName}
          onDescription={setDescription}
        />
        <button type="submit" disabled={rename.isPending}>
          Save {collection.name}
        </button>
      </form>
      <Problem error={rename.error} />
      <div className="row">
        <Link to="/kb" search={{ collection: collection.id }}>
          Articles in {collection.name}
        </Link>
        <button id={`kb-move-${collection.id}-up`} type="button" disabled={first || busy} onClick={() => onMove(-1)}>
          Move {collection.name} up
        </button>
        <button id={`kb-move-${collection.id}-down`} type="button" disabled={last || busy} onClick={() => onMove(1)}>
          Move {collection.name} down
        </button>
        <ConfirmButton question={`Delete the collection ${collection.name}?`} onConfirm={onDelete}>
          Delete {collection.name}
        </ConfirmButton>
      </div>
    </li>
  );
}
