export interface PageQuery {
  page: number;
  limit: number;
}

export interface PaginationMeta {
  page: number;
  limit: number;
  total: number;
  total_pages: number;
  /**
   * Present (true) only when `total` was capped: there are more items than `total`, and pages end
   * at `total_pages` (lists whose totals must be counted stop counting at a bound).
   */
  total_capped?: true;
}

export const offsetOf = ({ page, limit }: PageQuery): number => (page - 1) * limit;

export const paginationMeta = (
  { page, limit }: PageQuery,
  total: number,
  capped = false,
): { pagination: PaginationMeta } => ({
  pagination: {
    page,
    limit,
    total,
    total_pages: Math.ceil(total / limit),
    ...(capped ? { total_capped: true as const } : {}),
  },
});
