import { afterEach, describe, expect, it, vi } from 'vitest';
import { failingStorage } from './list-test-data';
import {
  asLimit,
  asSearch,
  knownItems,
  parseSavedRecord,
  readSavedText,
  saveListState,
} from './saved-list-state';

// The saved filter sets of the list pages: read field by field, and never a reason for a page to break.

describe('saved list state', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads what it can of a saved set and drops the rest', () => {
    expect(parseSavedRecord('{not json')).toEqual({});
    expect(parseSavedRecord('[1, 2]')).toEqual({});
    expect(asSearch('x'.repeat(150))).toHaveLength(100);
    expect(asSearch(42)).toBe('');
    expect(asLimit(50, [25, 50, 100])).toBe(50);
    expect(asLimit(40, [25, 50, 100])).toBe(25);
    expect(knownItems([3, 99, 1], [1, 2, 3])).toEqual([1, 3]);
  });

  it('writes a set and reads it back', () => {
    saveListState('some_list_filters', { limit: 50 });
    expect(parseSavedRecord(readSavedText('some_list_filters'))).toEqual({ limit: 50 });
  });

  it('survives a full or disabled storage: nothing is read, and a save is only not remembered', () => {
    vi.stubGlobal('localStorage', failingStorage());
    expect(readSavedText('some_list_filters')).toBeNull();
    expect(() => saveListState('some_list_filters', { limit: 50 })).not.toThrow();
  });
});
