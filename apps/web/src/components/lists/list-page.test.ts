import { describe, expect, it, vi } from 'vitest';
import { listPager } from './list-page';

describe('listPager', () => {
  it('pages the list, and a new page size changes the state (which goes back to the first page)', () => {
    const state = { search: 'van', limit: 25 as 25 | 50 };
    const list = { state, page: 3, setPage: vi.fn(), change: vi.fn() };
    const pager = listPager(list, [25, 50] as const);
    expect(pager).toMatchObject({ page: 3, limit: 25, limits: [25, 50] });
    pager.onPage(4);
    expect(list.setPage).toHaveBeenCalledWith(4);
    pager.onLimit(50);
    expect(list.change).toHaveBeenCalledWith({ search: 'van', limit: 50 });
  });
});
