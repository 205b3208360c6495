import type { HouseholdMember } from '../../../shared/households';

/** A member as the sharing fields name them: 'Robin (me)' for the person at the form. */
export const memberLabel = (m: Pick<HouseholdMember, 'display_name' | 'is_me'>) => (m.is_me ? `${m.display_name} (me)` : m.display_name);
