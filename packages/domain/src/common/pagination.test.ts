import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { listResponseSchema, pageCount, pageOffset, paginationQuerySchema } from './pagination';

describe('pagination query', () => {
  it('defaults to page 1 and 25 per page', () => {
    expect(paginationQuerySchema.parse({})).toEqual({ page: 1, limit: 25 });
  });
  it('coerces query strings', () => {
    expect(paginationQuerySchema.parse({ page: '3', limit: '100' })).toEqual({ page: 3, limit: 100 });
  });
  it('counts pages from 1', () => {
    expect(paginationQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
  it('takes a limit from 1 to 500', () => {
    expect(paginationQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(paginationQuerySchema.safeParse({ limit: '500' }).success).toBe(true);
    expect(paginationQuerySchema.safeParse({ limit: '501' }).success).toBe(false);
  });
  it('rejects what is not a whole number', () => {
    expect(paginationQuerySchema.safeParse({ page: 'abc' }).success).toBe(false);
    expect(paginationQuerySchema.safeParse({ page: '1.5' }).success).toBe(false);
  });
  it('skips the rows of the pages before', () => {
    expect(pageOffset({ page: 1, limit: 25 })).toBe(0);
    expect(pageOffset({ page: 3, limit: 100 })).toBe(200);
  });
  it('counts pages as the count divided by the limit, rounded up', () => {
    expect(pageCount(201, 100)).toBe(3);
    expect(pageCount(200, 100)).toBe(2);
    expect(pageCount(0, 100)).toBe(1);
  });
});

describe('list response', () => {
  it('is {count, results}', () => {
    const schema = listResponseSchema(z.object({ id: z.number() }));
    expect(schema.parse({ count: 2, results: [{ id: 1 }, { id: 2 }] })).toEqual({
      count: 2,
      results: [{ id: 1 }, { id: 2 }],
    });
    expect(schema.safeParse({ results: [] }).success).toBe(false);
  });
});
