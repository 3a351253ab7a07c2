import { type FormEvent, type Ref, useEffect, useState } from 'react';

// The words a list is searched for (the ticket queue, the knowledge base's articles): typed here, applied
// on submit (trimmed; nothing typed clears the search), and shown again whenever the address changes them.

export function SearchBox({
  id,
  label,
  placeholder,
  value,
  onSearch,
  inputRef,
}: {
  id: string;
  /** The field's name for screen readers (visually hidden). */
  label: string;
  placeholder: string;
  /** The words the list is searched for now. */
  value: string | undefined;
  onSearch: (words: string | undefined) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [query, setQuery] = useState(value ?? '');
  useEffect(() => setQuery(value ?? ''), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(query.trim() || undefined);
  };
  return (
    <search className="search">
      <form onSubmit={submit}>
        <label className="visually-hidden" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          ref={inputRef}
          type="search"
          placeholder={placeholder}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit">Search</button>
      </form>
    </search>
  );
}
