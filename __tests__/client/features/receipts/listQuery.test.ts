import {
  DEFAULT_LIST_STATE,
  NO_MATCHES,
  NO_RECEIPTS,
  emptyStateMessage,
  readListState,
  toApiQuery,
  writeListState,
} from '../../../../src/client/features/receipts/listQuery';

describe('emptyStateMessage', () => {
  it('says there are no receipts at all when nothing is filtered', () => {
    expect(emptyStateMessage(0, { search: '', category: '' })).toBe("You haven't added any receipts yet.");
    expect(emptyStateMessage(0, { search: '   ', category: '' })).toBe(NO_RECEIPTS);
  });

  it('says nothing matches when a search or a category excludes everything', () => {
    expect(emptyStateMessage(0, { search: 'zzz', category: '' })).toBe('No receipts match your search criteria.');
    expect(emptyStateMessage(0, { search: '', category: 'Food' })).toBe(NO_MATCHES);
  });

  it('counts the warranty filter as a filter', () => {
    expect(emptyStateMessage(0, { search: '', category: '', underWarranty: true })).toBe(NO_MATCHES);
  });

  it('is no empty state when there are rows', () => {
    expect(emptyStateMessage(3, { search: 'zzz', category: 'Food' })).toBeNull();
  });
});

describe('list state in the address bar', () => {
  it('round-trips and leaves defaults out', () => {
    const state = { search: 'mart', category: 'Food', underWarranty: true, sort: 'amount' as const, order: 'asc' as const, page: 2, pageSize: 25 };
    const params = writeListState(state);
    expect(params.toString()).toBe('search=mart&category=Food&warranty=1&sort=amount&order=asc&page=3&size=25');
    expect(readListState(params)).toEqual(state);
    expect(writeListState(DEFAULT_LIST_STATE).toString()).toBe('');
  });

  it('ignores malformed values', () => {
    expect(readListState(new URLSearchParams('sort=price&order=up&page=-4&size=7'))).toEqual(DEFAULT_LIST_STATE);
  });
});

it('asks the API for one page, filtered and sorted there', () => {
  expect(toApiQuery({ search: ' mart ', category: 'Food', underWarranty: true, sort: 'store', order: 'asc', page: 2, pageSize: 10 })).toEqual({
    search: 'mart',
    category: 'Food',
    under_warranty: true,
    sort: 'store',
    order: 'asc',
    limit: 10,
    offset: 20,
  });
  expect(toApiQuery(DEFAULT_LIST_STATE)).toEqual({ sort: 'date', order: 'desc', limit: 10, offset: 0 });
});
