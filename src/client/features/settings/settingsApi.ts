import { api } from '../../api/api';
import type { DeleteAccountBody, Settings, SettingsUpdate } from '../../../shared/settings';

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<Settings, void>({
      query: () => '/api/settings',
      providesTags: ['Settings'],
    }),
    /** Applied to the cache at once (the theme changes as the user clicks) and undone if the save fails. */
    updateSettings: build.mutation<Settings, SettingsUpdate>({
      query: (body) => ({ url: '/api/settings', method: 'PUT', body }),
      async onQueryStarted(patch, { dispatch, queryFulfilled }) {
        const optimistic = dispatch(settingsApi.util.updateQueryData('getSettings', undefined, (draft) => void Object.assign(draft, patch)));
        try {
          const { data } = await queryFulfilled;
          dispatch(settingsApi.util.upsertQueryData('getSettings', undefined, data));
        } catch {
          optimistic.undo();
        }
      },
    }),
    /** Removes the user and all their data; the caller signs out afterwards. */
    deleteAccount: build.mutation<void, DeleteAccountBody>({
      query: (body) => ({ url: '/api/account', method: 'DELETE', body }),
    }),
  }),
});

export const { useGetSettingsQuery, useUpdateSettingsMutation, useDeleteAccountMutation } = settingsApi;
