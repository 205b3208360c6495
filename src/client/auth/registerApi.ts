import { api, onSuccess } from '../api/api';
import type { Profile, RegisterBody } from '../../shared/profile';

/** A new account's profile brings its default categories, dashboard and welcome notification. */
export const ACCOUNT_CREATED = ['Profile', 'Category', 'Dashboard', 'Notification', 'NotificationCount'] as const;

/** The account's row in Tally, made right after the identity account (spec §2 registration). */
export const registerApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<Profile, RegisterBody>({
      query: (body) => ({ url: '/api/auth/register', method: 'POST', body }),
      invalidatesTags: onSuccess(ACCOUNT_CREATED),
    }),
  }),
});

export const { useRegisterMutation } = registerApi;
