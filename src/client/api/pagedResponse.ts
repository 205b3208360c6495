import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { TOTAL_COUNT_HEADER } from '../../shared/constants/receipts';

/** One page of a list and how many there are in all (from the X-Total-Count header). */
export interface Page<T> {
  items: T[];
  total: number;
}

/** A paged answer as a Page: its rows, and the total the header carries (the rows' count without one). */
export function pageWithTotal<T>(body: T[], meta: unknown): Page<T> {
  // The api's base query passes fetchBaseQuery's meta through, but its type does not say so.
  const header = (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get(TOTAL_COUNT_HEADER);
  const total = header == null ? NaN : Number(header);
  return { items: body, total: Number.isFinite(total) ? total : body.length };
}
