import { api, onSuccess } from '../../api/api';
import type { CreateProfileBody, Profile, ProfileUpdate } from '../../../shared/profile';
import { ACCOUNT_CREATED } from '../../auth/registerApi';
import type { AvatarAnswer } from '../../../shared/settings';

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, void>({
      query: () => '/api/profile/',
      providesTags: ['Profile'],
    }),
    updateProfile: build.mutation<Profile, ProfileUpdate>({
      query: (body) => ({ url: '/api/profile/', method: 'PUT', body }),
      invalidatesTags: onSuccess(['Profile', 'Dashboard', 'Notification', 'NotificationCount']),
    }),
    /** POST /profile/avatar with the multipart field `file` (spec §7); the browser sets the boundary. */
    uploadAvatar: build.mutation<AvatarAnswer, File>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file);
        return { url: '/profile/avatar', method: 'POST', body: form };
      },
      // The header's menu and the profile show the new picture at once, before the refetch.
      async onQueryStarted(_file, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(profileApi.util.updateQueryData('getProfile', undefined, (draft) => void (draft.avatar = data.avatar)));
      },
      invalidatesTags: onSuccess(['Profile']),
    }),
    /** The receipt area's profile path (spec §7): 404 until the profile exists. */
    getReceiptAreaProfile: build.query<Profile, void>({
      query: () => '/profile/',
    }),
    createProfile: build.mutation<Profile, CreateProfileBody>({
      query: (body) => ({ url: '/profile/', method: 'POST', body }),
      invalidatesTags: onSuccess(ACCOUNT_CREATED),
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation, useUploadAvatarMutation, useLazyGetReceiptAreaProfileQuery, useCreateProfileMutation } =
  profileApi;
