import { describe, expect, it } from 'vitest';
import { EXPORT_PAGE_SIZE, excelPages, parseExcelQuery } from './excel-pages';
import type { ReportsDeps } from './reports.deps';

// The rows of an export: every page of the list's own call, the next one asked for while the current one
// is written; bad filters refused naming them.

const caller = { userId: 1, companyId: 1, role: 7 as const, isSuperuser: false, familyId: 'test' };

function fakeOwners(total: number) {
  const asked: number[] = [];
  const deps = {
    payments: {
      owners: (_caller: unknown, query: { page: number; limit: number }) => {
        asked.push(query.page);
        const start = (query.page - 1) * query.limit;
        const size = Math.max(0, Math.min(query.limit, total - start));
        return Promise.resolve({ count: total, results: Array.from({ length: size }, (_, i) => start + i) });
      },
    },
  } as unknown as ReportsDeps;
  return { deps, asked };
}

describe('the rows of an export', () => {
  it('reads every page, asking for the next before the current one is written', async () => {
    const { deps, asked } = fakeOwners(2 * EXPORT_PAGE_SIZE + 5);
    const query = parseExcelQuery({ list: 'owners', filters: { week: 7, page: 4, limit: 25 }, lang: 'en' });
    const sizes: number[] = [];
    const pages = excelPages(deps, caller, query);
    const first = await pages.next();
    // The first page is being written: the second is already asked for.
    expect(asked).toEqual([1, 2]);
    sizes.push((first.value as unknown[]).length);
    for await (const page of pages) sizes.push(page.length);
    expect(sizes).toEqual([EXPORT_PAGE_SIZE, EXPORT_PAGE_SIZE, 5]);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('stops after a list that fits one page', async () => {
    const { deps, asked } = fakeOwners(3);
    const query = parseExcelQuery({ list: 'owners', filters: {}, lang: 'en' });
    const pages: (readonly unknown[])[] = [];
    for await (const page of excelPages(deps, caller, query)) pages.push(page);
    expect(pages).toEqual([[0, 1, 2]]);
    expect(asked).toEqual([1]);
  });

  it('reads the filters as the list reads its query, and names a bad one', () => {
    const parsed = parseExcelQuery({
      list: 'owners',
      filters: { week: 7, year: '2026', text: '' },
      lang: 'en',
    });
    expect(parsed.list).toBe('owners');
    expect(parsed.query).toMatchObject({ week: 7, year: 2026, list: 'active', page: 1, limit: 1 });
    expect(() => parseExcelQuery({ list: 'brokers', filters: { invoice_status: 4 }, lang: 'en' })).toThrow(
      expect.objectContaining({
        statusCode: 400,
        fields: { 'filters.invoice_status': ['Must be an invoice status: 1, 2 or 3'] },
      }),
    );
  });
});
