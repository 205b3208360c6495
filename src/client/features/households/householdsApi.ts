import { api, onSuccess } from '../../api/api';
import type { Household, HouseholdSummary, Invitation } from '../../../shared/households';

const base = '/api/households';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** The list shows names, roles and member counts: any change to a household alters it. */
const LIST = { type: 'Household', id: 'LIST' } as const;
/** A change to one household: the list and its own page. Leaving or deleting one touches only the list, so its page is not asked for again (a 404). */
const changed = ({ id }: { id: string }) => [LIST, { type: 'Household', id }] as const;

export const householdsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The households I am a member of. */
    getHouseholds: build.query<HouseholdSummary[], void>({
      query: () => base,
      providesTags: [LIST],
    }),
    /** One household with every member, former ones last. */
    getHousehold: build.query<Household, string>({
      query: one,
      providesTags: (_result, _error, id) => [{ type: 'Household', id }],
    }),
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
    acceptInvitation: build.mutation<Household, string>({
      query: (token) => ({ url: `${base}/invitations/accept`, method: 'POST', body: { token } }),
      // A former member coming back may still have the household's old page cached.
      invalidatesTags: (joined) => (joined ? changed({ id: joined._id }) : []),
    }),
    declineInvitation: build.mutation<void, string>({
      query: (token) => ({ url: `${base}/invitations/decline`, method: 'POST', body: { token } }),
    }),
  }),
});

export const {
  useGetHouseholdsQuery,
  useGetHouseholdQuery,
  useCreateHouseholdMutation,
  useRenameHouseholdMutation,
  useDeleteHouseholdMutation,
  useAddPlaceholderMutation,
  useRemoveMemberMutation,
  useLeaveHouseholdMutation,
  useInviteMemberMutation,
  useAcceptInvitationMutation,
  useDeclineInvitationMutation,
} = householdsApi;
