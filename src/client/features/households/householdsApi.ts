import { api, onSuccess } from '../../api/api';
import { pageWithTotal, type Page } from '../../api/pagedResponse';
import type {
  Balances,
  Household,
  HistoryEntry,
  HouseholdSpending,
  Invitation,
  InvitationPreview,
  Settlement,
  SettlementBody,
  SharedReceipt,
} from '../../../shared/households';
import { INVITATION_TOKEN_HEADER } from '../../../shared/constants/households';
import { HOUSEHOLD_LIST_TAG as LIST, HOUSEHOLDS_BASE as base, householdPath as one } from '../../entities/households/householdQueries';

// The receipt forms read these two as well, so they live in entities.
export { useGetHouseholdsQuery, useGetHouseholdQuery } from '../../entities/households/householdQueries';
/** A change to one household: the list and its own page. Leaving or deleting one touches only the list, so its page is not asked for again (a 404). */
const changed = ({ id }: { id: string }) => [LIST, { type: 'Household', id }] as const;
/** A household's money: its shared receipts, balances and history, which a receipt or a payment changes. */
const money = (id: string) => [{ type: 'HouseholdMoney', id }] as const;

/** Rows per page of a household's shared receipts and history. */
export const HOUSEHOLD_ROWS_PER_PAGE = 10;
/** One page of a household's list: the household and the page's first row. */
export interface HouseholdPageArg {
  id: string;
  offset: number;
}
const page =
  (what: string) =>
  ({ id, offset }: HouseholdPageArg) => ({ url: `${one(id)}/${what}`, params: { limit: HOUSEHOLD_ROWS_PER_PAGE, offset } });

export const householdsApi = api.injectEndpoints({
  endpoints: (build) => ({
    createHousehold: build.mutation<Household, string>({
      query: (name) => ({ url: base, method: 'POST', body: { name } }),
      invalidatesTags: onSuccess([LIST]),
    }),
    renameHousehold: build.mutation<Household, { id: string; name: string }>({
      query: ({ id, name }) => ({ url: one(id), method: 'PUT', body: { name } }),
      invalidatesTags: onSuccess(changed),
    }),
    deleteHousehold: build.mutation<void, string>({
      query: (id) => ({ url: one(id), method: 'DELETE' }),
      invalidatesTags: onSuccess([LIST]),
    }),
    /** Someone who shares but never signs in. */
    addPlaceholder: build.mutation<Household, { id: string; displayName: string }>({
      query: ({ id, displayName }) => ({ url: `${one(id)}/members`, method: 'POST', body: { display_name: displayName } }),
      invalidatesTags: onSuccess(changed),
    }),
    removeMember: build.mutation<Household, { id: string; memberId: string }>({
      query: ({ id, memberId }) => ({ url: `${one(id)}/members/${encodeURIComponent(memberId)}`, method: 'DELETE' }),
      invalidatesTags: onSuccess(changed),
    }),
    leaveHousehold: build.mutation<void, string>({
      query: (id) => ({ url: `${one(id)}/leave`, method: 'POST' }),
      invalidatesTags: onSuccess([LIST]),
    }),
    /** The invitation's link, answered this once: nothing shown changes until it is accepted. */
    inviteMember: build.mutation<Invitation, { id: string; email: string }>({
      query: ({ id, email }) => ({ url: `${one(id)}/invitations`, method: 'POST', body: { email } }),
    }),
    /** What an invitation is for (its household's name, who invited), before it is answered; the token rides in a header, not the address. */
    getInvitationPreview: build.query<InvitationPreview, string>({
      query: (token) => ({ url: `${base}/invitations/preview`, headers: { [INVITATION_TOKEN_HEADER]: token } }),
      // Answering it changes what it reads: asked again on every visit of the page.
      keepUnusedDataFor: 0,
    }),
    acceptInvitation: build.mutation<Household, string>({
      query: (token) => ({ url: `${base}/invitations/accept`, method: 'POST', body: { token } }),
      // A former member coming back may still have the household's old page cached.
      invalidatesTags: (joined) => (joined ? changed({ id: joined._id }) : []),
    }),
    /** The receipts shared with the household, newest first. */
    getSharedReceipts: build.query<Page<SharedReceipt>, HouseholdPageArg>({
      query: page('receipts'),
      transformResponse: (body: SharedReceipt[], meta) => pageWithTotal(body, meta),
      providesTags: (_result, _error, { id }) => money(id),
    }),
    /** The household's spending in a period, by category and person, per currency. */
    getHouseholdSpending: build.query<HouseholdSpending, { id: string; from: string; to: string }>({
      query: ({ id, from, to }) => ({ url: `${one(id)}/spending`, params: { from, to } }),
      providesTags: (_result, _error, { id }) => money(id),
    }),
    /** Who owes whom, per pair and currency. */
    getBalances: build.query<Balances, string>({
      query: (id) => `${one(id)}/balances`,
      providesTags: (_result, _error, id) => money(id),
    }),
    /** Shares and payments, newest first. */
    getHistory: build.query<Page<HistoryEntry>, HouseholdPageArg>({
      query: page('history'),
      transformResponse: (body: HistoryEntry[], meta) => pageWithTotal(body, meta),
      providesTags: (_result, _error, { id }) => money(id),
    }),
    /** A payment, full or part, of what one member owes another: the balances and history change. */
    settleUp: build.mutation<Settlement, { id: string; body: SettlementBody }>({
      query: ({ id, body }) => ({ url: `${one(id)}/settlements`, method: 'POST', body }),
      invalidatesTags: onSuccess(({ id }: { id: string }) => money(id)),
    }),
    declineInvitation: build.mutation<void, string>({
      query: (token) => ({ url: `${base}/invitations/decline`, method: 'POST', body: { token } }),
    }),
  }),
});

export const {
  useCreateHouseholdMutation,
  useRenameHouseholdMutation,
  useDeleteHouseholdMutation,
  useAddPlaceholderMutation,
  useRemoveMemberMutation,
  useLeaveHouseholdMutation,
  useInviteMemberMutation,
  useGetInvitationPreviewQuery,
  useAcceptInvitationMutation,
  useDeclineInvitationMutation,
  useGetSharedReceiptsQuery,
  useGetBalancesQuery,
  useGetHouseholdSpendingQuery,
  useGetHistoryQuery,
  useSettleUpMutation,
} = householdsApi;
