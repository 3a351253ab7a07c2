export interface PageQuery {
  page: number;
  limit: number;
}

export interface PaginationMeta {
  page: number;
  limit: number;
  total: number;
  total_pages: number;
}

export const offsetOf = ({ page, limit }: PageQuery): number => (page - 1) * limit;

export const paginationMeta = ({ page, limit }: PageQuery, total: number): { pagination: PaginationMeta } => ({
  pagination: { page, limit, total, total_pages: Math.ceil(total / limit) },
});
