// Async iteration over the API's two kinds of lists: numbered pages (meta.pagination:
// increase page until page equals total_pages) and the cursor of the event log
// (meta.next_cursor / has_more).

export interface PaginationMeta {
  pagination: { page: number; limit: number; total: number; total_pages: number; total_capped?: true };
}

/** Every item from `page` (default 1) to the last page, fetching one page at a time. */
export async function* iteratePages<T>(
  fetchPage: (page: number) => Promise<{ data: T[]; meta: PaginationMeta }>,
  firstPage = 1,
): AsyncGenerator<T, void, undefined> {
  for (let page = firstPage; ; page++) {
    const { data, meta } = await fetchPage(page);
    yield* data;
    // An empty page also ends it: pages past a capped total are empty (docs/api.md, Pagination).
    if (data.length === 0 || page >= meta.pagination.total_pages) return;
  }
}

/** Every item after `after`, following next_cursor while has_more; resolves to the last cursor. */
export async function* iterateCursor<T>(
  fetchPage: (after: string | undefined) => Promise<{ data: T[]; meta: { next_cursor: string; has_more: boolean } }>,
  after?: string,
): AsyncGenerator<T, string | undefined, undefined> {
  let cursor = after;
  for (;;) {
    const { data, meta } = await fetchPage(cursor);
    yield* data;
    cursor = meta.next_cursor;
    if (!meta.has_more) return cursor;
  }
}
