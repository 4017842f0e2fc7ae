import { z } from 'zod';

export const DEFAULT_PAGE_LIMIT = 25;
export const MAX_PAGE_LIMIT = 500;

/** `page` counts from 1. Both come as query strings and are coerced. */
export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(DEFAULT_PAGE_LIMIT),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export function listResponseSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ count: z.number().int().min(0), results: z.array(item) });
}
export type ListResponse<Item> = { count: number; results: Item[] };

/** Rows to skip for a page. */
export function pageOffset({ page, limit }: PaginationQuery): number {
  return (page - 1) * limit;
}

/** Number of pages for a count, at least 1 so that an empty list still shows page 1. */
export function pageCount(count: number, limit: number): number {
  return Math.max(1, Math.ceil(count / limit));
}
