import type { Household, HouseholdMember, HouseholdSummary } from '../../../shared/households';
import { useGetHouseholdQuery, useGetHouseholdsQuery } from './householdQueries';
import { presentMembers } from './sharingForm';

export interface ShareTargets {
  /** My households; none: the form offers no sharing at all. */
  households: readonly HouseholdSummary[];
  /** The household chosen, once loaded. */
  household: Household | undefined;
  /** Its members a share can name. */
  members: readonly HouseholdMember[];
}

/** What a receipt form can share with: my households, and the chosen one's members. */
export function useShareTargets(householdId: string | undefined): ShareTargets {
  const { data: households = [] } = useGetHouseholdsQuery();
  const { data } = useGetHouseholdQuery(householdId ?? '', { skip: !householdId });
  const household = data && data._id === householdId ? data : undefined;
  return { households, household, members: household ? presentMembers(household.members) : [] };
}
