import type { Household, HouseholdMember, HouseholdSummary } from '../../../../src/shared/households';

/** A current member as the API answers it: signed in, not the asker, joined at the start of 2026. */
export function member(fields: Partial<HouseholdMember> & Pick<HouseholdMember, '_id' | 'display_name'>): HouseholdMember {
  return { role: 'member', status: 'active', is_me: false, joined_at: '2026-01-05T10:00:00.000Z', left_at: null, ...fields };
}

/** Me, the owner, unless told otherwise. */
export const ME = member({ _id: 'm-me', display_name: 'Robin', role: 'owner', is_me: true });

/** A household as GET /api/households/{id} answers it: me as its owner and whoever else is given. */
export function household(fields: Partial<Household> & { members?: HouseholdMember[] } = {}): Household {
  const members = fields.members ?? [ME];
  const me = members.find((m) => m.is_me) ?? ME;
  return { _id: 'h1', name: 'Flat 4B', created_at: '2026-01-05T10:00:00.000Z', my_member_id: me._id, my_role: me.role, ...fields, members };
}

/** One of my households in the list. */
export function summary(fields: Partial<HouseholdSummary> = {}): HouseholdSummary {
  return { _id: 'h1', name: 'Flat 4B', my_role: 'owner', member_count: 1, ...fields };
}
