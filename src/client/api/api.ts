import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError, type TagDescription } from '@reduxjs/toolkit/query/react';
import { clientConfig } from '../app/config';
import { currentToken, renewToken } from './token';
import { noteWhereFrom } from './savedAnswers';
import { fetchWithEarlyAnswers } from './earlyAnswers';
import { isOfflineNow, OFFLINE_REASON } from '../ui/connectivity';
import { ERROR_CODES, type ErrorCode } from '../../shared/constants/errors';

/** The error every endpoint hook reports: the HTTP status and a message for people. */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  message: string;
  /** The refusal's machine-readable code, when the API gives one. */
  code?: ErrorCode;
}

const rawBaseQuery = fetchBaseQuery({
  // Resolved per request: the API host comes from run-time configuration.
  baseUrl: '',
  fetchFn: fetchWithEarlyAnswers,
  prepareHeaders: async (headers) => {
    const token = await currentToken();
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

/** Prefixes the configured API host and turns any failure into an ApiError with the server's message. */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extra) => {
  const base = clientConfig().apiUrl.replace(/\/$/, '');
  const withBase = typeof args === 'string' ? `${base}${args}` : { ...args, url: `${base}${args.url}` };
  let result = await rawBaseQuery(withBase, api, extra);
  // A refused token may only be stale (see TokenSource.renew): one more try with a fresh one.
  if (result.error?.status === 401 && (await renewToken())) result = await rawBaseQuery(withBase, api, extra);
  if (result.meta?.response) noteWhereFrom(result.meta.response);
  if (result.error) return { error: offlineOr(toApiError(result.error), withBase), meta: result.meta };
  return result;
};

/** What stands for the server while it cannot be reached: no answer, or a proxy's for the API behind it being down. */
const UNREACHABLE = new Set<ApiError['status']>(['FETCH_ERROR', 502, 503, 504]);

/**
 * A change that did not reach the server while Tally is offline says so, in the words the
 * disabled controls use, rather than a generic failure (a control turned off can still have
 * been pressed just before the network went).
 */
function offlineOr(error: ApiError, args: string | FetchArgs): ApiError {
  const method = typeof args === 'string' ? 'GET' : (args.method ?? 'GET').toUpperCase();
  return method !== 'GET' && UNREACHABLE.has(error.status) && isOfflineNow() ? { status: 'FETCH_ERROR', message: OFFLINE_REASON } : error;
}

export function toApiError(error: FetchBaseQueryError): ApiError {
  if (typeof error.status === 'number') {
    const data = error.data as { message?: unknown; code?: unknown } | undefined;
    const message = typeof data?.message === 'string' ? data.message : `Request failed with status ${error.status}`;
    const code = ERROR_CODES.find((c) => c === data?.code);
    return code ? { status: error.status, message, code } : { status: error.status, message };
  }
  // A failed status whose body is not JSON (a proxy's HTML page): the status is what matters.
  if (error.status === 'PARSING_ERROR' && error.originalStatus >= 400)
    return { status: error.originalStatus, message: `Request failed with status ${error.originalStatus}` };
  if (error.status === 'FETCH_ERROR') return { status: error.status, message: 'Cannot reach the Tally server. Check your connection.' };
  return { status: error.status, message: 'error' in error ? String(error.error) : 'Request failed' };
}

/** Reads the message of an unknown error from a hook or an unwrap(). */
export function errorMessage(error: unknown, fallback: string): string {
  const m = (error as Partial<ApiError> | undefined)?.message;
  return typeof m === 'string' && m ? m : fallback;
}

const TAG_TYPES = [
  'Receipt',
  'Category',
  'Dashboard',
  'Notification',
  'NotificationCount',
  'Profile',
  'Analytics',
  'Settings',
  'Recurring',
  'Draft',
  'Household',
  'HouseholdMoney',
  'ScanTrust',
  'Warranty',
  // Item names grouped into products: what price memory reads (Prices, a receipt's price notes, item names proposed).
  'Product',
] as const;
type Tag = TagDescription<(typeof TAG_TYPES)[number]>;

/**
 * The tags a mutation invalidates, but only when it succeeded: a refused change changes nothing
 * on the server, and refetching then (RTK Query's default) would only replace the screen the
 * person is looking at, and its error, with a second failure when the network is down.
 */
export function onSuccess<Arg>(tags: readonly Tag[] | ((arg: Arg) => readonly Tag[])) {
  return (_result: unknown, error: unknown, arg: Arg): readonly Tag[] => (error ? [] : typeof tags === 'function' ? tags(arg) : tags);
}

/** The one api of the app. Features inject their endpoints (docs/architecture.md). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
