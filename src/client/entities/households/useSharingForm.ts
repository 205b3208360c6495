import { useState } from 'react';
import { useValidatedForm } from '../../ui/useValidatedForm';
import { withSharingErrors, type ShareableValues, type SharingValues } from './sharingForm';
import { useShareTargets } from './useShareTargets';

/**
 * A receipt form that can be shared: useValidatedForm, with the sharing checked against the
 * chosen household's members, and what it can be shared with.
 */
export function useSharingForm<V extends ShareableValues, E extends object>(initial: V, validate: (values: V) => E) {
  const [householdId, setHouseholdId] = useState(initial.sharing?.householdId);
  const targets = useShareTargets(householdId);
  const form = useValidatedForm(initial, (v: V) => withSharingErrors(validate(v), v, targets.members));
  const setSharing = (sharing: SharingValues) => {
    setHouseholdId(sharing.householdId);
    form.set('sharing', sharing as V['sharing']);
  };
  return { ...form, targets, setSharing };
}
