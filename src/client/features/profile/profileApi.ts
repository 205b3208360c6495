import { api } from '../../api/api';
import type { CreateProfileBody, Profile, ProfileUpdate, RegisterBody } from '../../../shared/profile';

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<Profile, RegisterBody>({
      query: (body) => ({ url: '/api/auth/register', method: 'POST', body }),
      invalidatesTags: ['Profile', 'Category', 'Dashboard', 'Notification', 'NotificationCount'],
    }),
    getProfile: build.query<Profile, void>({
      query: () => '/api/profile/',
      providesTags: ['Profile'],
    }),
    updateProfile: build.mutation<Profile, ProfileUpdate>({
      query: (body) => ({ url: '/api/profile/', method: 'PUT', body }),
      invalidatesTags: ['Profile', 'Dashboard', 'Notification', 'NotificationCount'],
    }),
    /** The receipt area's profile path (spec §7): 404 until the profile exists. */
    getReceiptAreaProfile: build.query<Profile, void>({
      query: () => '/profile/',
    }),
    createProfile: build.mutation<Profile, CreateProfileBody>({
      query: (body) => ({ url: '/profile/', method: 'POST', body }),
      invalidatesTags: ['Profile', 'Category', 'Dashboard', 'Notification', 'NotificationCount'],
    }),
  }),
});

export const { useRegisterMutation, useGetProfileQuery, useUpdateProfileMutation, useLazyGetReceiptAreaProfileQuery, useCreateProfileMutation } = profileApi;
