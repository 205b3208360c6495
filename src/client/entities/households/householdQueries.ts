import { api } from '../../api/api';
import type { Household, HouseholdSummary } from '../../../shared/households';

/** Where the households API lives, and one household's address under it. */
export const HOUSEHOLDS_BASE = '/api/households';
export const householdPath = (id: string) => `${HOUSEHOLDS_BASE}/${encodeURIComponent(id)}`;

/** The list shows names, roles and member counts: any change to a household alters it. */
export const HOUSEHOLD_LIST_TAG = { type: 'Household', id: 'LIST' } as const;

/**
 * The households I am in and one household's members: the households screens and every receipt
 * form that can share read them, so they sit below the features.
 */
export const householdQueries = api.injectEndpoints({
  endpoints: (build) => ({
    /** The households I am a member of. */
    getHouseholds: build.query<HouseholdSummary[], void>({
      query: () => HOUSEHOLDS_BASE,
      providesTags: [HOUSEHOLD_LIST_TAG],
    }),
    /** One household with every member, former ones last. */
    getHousehold: build.query<Household, string>({
      query: householdPath,
      providesTags: (_result, _error, id) => [{ type: 'Household', id }],
    }),
  }),
});

export const { useGetHouseholdsQuery, useGetHouseholdQuery } = householdQueries;
