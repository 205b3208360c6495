import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { api } from '../../api/api';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import type { BoughtItem } from '../../../shared/prices';

/** The person's item names: Prices searches them, and an item's name is proposed from them as it is typed. */
export const boughtItemsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Names change with receipts ('Receipt' is what every receipt save invalidates), and a product lists its names once.
    getBoughtItems: build.query<BoughtItem[], string>({
      query: (search) => ({ url: '/api/prices/items', params: search ? { search } : {} }),
      providesTags: ['Receipt', 'Product'],
    }),
  }),
});

export const { useGetBoughtItemsQuery } = boughtItemsApi;

/** Typed names shorter than this propose nothing: one letter matches most of what a person buys. */
const SEARCH_FROM = 2;

/** What an item row needs to propose names: the names like the one typed, and where to say what is typed. */
export interface KnownItems {
  items: readonly BoughtItem[];
  typed: (name: string) => void;
}

/** The person's items whose names contain what was last typed into an item's name. */
export function useKnownItems(): KnownItems {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), 250);
  const { data = [] } = useGetBoughtItemsQuery(search.length >= SEARCH_FROM ? search : skipToken);
  return { items: search.length >= SEARCH_FROM ? data : [], typed: setTyped };
}

/**
 * The category to propose for an item whose name became `name`: the one that name was last
 * given, when it is still one of the person's and the row has none of its own yet.
 */
export function proposedCategory(
  name: string,
  current: string | undefined,
  known: readonly BoughtItem[],
  categories: ReadonlyArray<{ _id: string }>,
): string | undefined {
  if (current) return current;
  const same = known.find((k) => k.name.toLowerCase() === name.trim().toLowerCase());
  return same?.category_id && categories.some((c) => c._id === same.category_id) ? same.category_id : current;
}
