import type { Profile, ProfileUpdate } from '../../../shared/profile';
import { amountInputError, optionalAmountValue } from '../../ui/amountInput';
import { moneyInputText } from '../../ui/money';

export interface ProfileFormValues {
  display_name: string;
  first_name: string;
  last_name: string;
  /** As typed; empty means no budget. */
  monthly_budget: string;
}

export type ProfileFormErrors = Partial<Record<keyof ProfileFormValues, string>>;

export function profileFormValues(profile: Profile): ProfileFormValues {
  return {
    display_name: profile.display_name,
    first_name: profile.first_name,
    last_name: profile.last_name,
    monthly_budget: moneyInputText(profile.monthly_budget),
  };
}

/** Spec §5: display name required; monthly budget numeric, min 0, step 0.01. */
export function validateProfileForm(values: ProfileFormValues): ProfileFormErrors {
  const errors: ProfileFormErrors = {};
  if (!values.display_name.trim()) errors.display_name = 'Display name is required';
  const budgetError = amountInputError(values.monthly_budget, { label: 'Monthly budget' });
  if (budgetError) errors.monthly_budget = budgetError;
  return errors;
}

/** The PUT /api/profile/ body; an empty budget clears it. */
export function toProfileUpdate(values: ProfileFormValues): ProfileUpdate {
  return {
    display_name: values.display_name.trim(),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    monthly_budget: optionalAmountValue(values.monthly_budget),
  };
}

/** Spec §5 and §9: JPG or PNG only (image/jpg is what some systems call JPEG); the server checks the bytes too. */
export const AVATAR_ACCEPT = 'image/jpeg,image/png';
const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/jpg'];
export const AVATAR_TYPE_ERROR = 'Please select a JPG or PNG image';
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Why this file cannot be an avatar, or null when it may be uploaded. */
export function avatarFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return AVATAR_TYPE_ERROR;
  if (file.size > AVATAR_MAX_BYTES) return 'The image is too large (max 5 MB)';
  return null;
}
