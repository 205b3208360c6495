import type { ReceiptListQuery, ReceiptSort } from '../../../shared/receipts';
import { RECEIPT_SORTS } from '../../../shared/constants/receipts';

export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** The list's filters, sort and page as the address bar keeps them (so Back returns to the same view). */
export interface ListState {
  search: string;
  /** A category name; '' is All. */
  category: string;
  /** Only receipts with a warranty that has not ended. */
  underWarranty: boolean;
  sort: ReceiptSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const DEFAULT_LIST_STATE: ListState = {
  search: '',
  category: '',
  underWarranty: false,
  sort: 'date',
  order: 'desc',
  page: 0,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** Reads the state from the address bar's query, ignoring anything unknown or malformed. */
export function readListState(params: URLSearchParams): ListState {
  const sort = params.get('sort');
  const order = params.get('order');
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    search: params.get('search') ?? '',
    category: params.get('category') ?? '',
    underWarranty: params.get('warranty') === '1',
    sort: (RECEIPT_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ReceiptSort) : DEFAULT_LIST_STATE.sort,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_LIST_STATE.order,
    page: Number.isInteger(page) && page > 0 ? page - 1 : 0,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The query for the address bar: only what differs from the defaults; the page is 1-based for people. */
export function writeListState(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.category) params.set('category', state.category);
  if (state.underWarranty) params.set('warranty', '1');
  if (state.sort !== DEFAULT_LIST_STATE.sort) params.set('sort', state.sort);
  if (state.order !== DEFAULT_LIST_STATE.order) params.set('order', state.order);
  if (state.page > 0) params.set('page', String(state.page + 1));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(state.pageSize));
  return params;
}

/** The API query for GET /receipts: searching, filtering, sorting and paging happen on the server. */
export function toApiQuery(state: ListState): ReceiptListQuery {
  const query: ReceiptListQuery = { sort: state.sort, order: state.order, limit: state.pageSize, offset: state.page * state.pageSize };
  const search = state.search.trim();
  if (search) query.search = search;
  if (state.category) query.category = state.category;
  if (state.underWarranty) query.under_warranty = true;
  return query;
}

type Filters = Pick<ListState, 'search' | 'category'> & Partial<Pick<ListState, 'underWarranty'>>;

export function hasFilters(state: Filters): boolean {
  return state.search.trim() !== '' || state.category !== '' || Boolean(state.underWarranty);
}

export const NO_RECEIPTS = "You haven't added any receipts yet.";
export const NO_MATCHES = 'No receipts match your search criteria.';

/** Spec §2's two empty states: none at all, or none that pass the filters. Null when there are rows. */
export function emptyStateMessage(total: number, state: Filters): string | null {
  if (total > 0) return null;
  return hasFilters(state) ? NO_MATCHES : NO_RECEIPTS;
}
