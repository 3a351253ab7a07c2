// Previous and next page of a paged list (the ticket queue, the knowledge base's articles), with where
// the reader is: "Page 2 of 7 · 160 tickets".

export function Pager({
  page,
  pages,
  total,
  noun,
  onPage,
}: {
  page: number;
  /** Pages to show in the text; Next is disabled from this page on. */
  pages: number;
  total: number;
  /** What the list holds, plural ("tickets"). */
  noun: string;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label="Pages" className="pager">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages} · {total} {noun}
      </span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
