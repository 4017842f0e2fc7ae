import { afterEach, describe, expect, it, vi } from 'vitest';
import { failingStorage } from '@/components/lists/list-test-data';
import { parseBrokerListState, readBrokerListState, saveBrokerListState } from './brokers-list-state';

// The partners page's saved filter set.

describe('broker list state', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a readable saved set and falls back to no filters otherwise', () => {
    expect(parseBrokerListState(JSON.stringify({ search: 'acme', rating: 3, limit: 50 }))).toEqual({
      search: 'acme',
      rating: 3,
      limit: 50,
    });
    expect(parseBrokerListState(JSON.stringify({ search: 7, rating: 42, limit: 40 }))).toEqual({
      search: '',
      rating: null,
      limit: 25,
    });
    expect(parseBrokerListState('{not json')).toEqual({ search: '', rating: null, limit: 25 });
  });

  it('opens with no filters and saves nothing, without failing, when the storage is full or disabled', () => {
    vi.stubGlobal('localStorage', failingStorage());
    expect(readBrokerListState()).toEqual({ search: '', rating: null, limit: 25 });
    expect(() => saveBrokerListState({ search: 'acme', rating: null, limit: 25 })).not.toThrow();
  });
});
