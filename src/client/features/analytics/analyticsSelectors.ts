import { createSelector } from '@reduxjs/toolkit';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { RootState } from '../../app/store';
import { selectAnalyticsRange } from '../../app/uiSlice';
import { selectCurrentUser } from '../../auth/sessionSlice';
import type { AnalyticsArgs } from './analyticsApi';

/**
 * The arguments of both analytics queries, or skipToken while nobody is signed in (spec §4:
 * nothing is fetched without a current user; the user arriving turns skipToken into a fetch).
 */
export const selectAnalyticsArgs = createSelector(
  [selectCurrentUser, selectAnalyticsRange, (_state: RootState, tz: string) => tz],
  (user, range, tz): AnalyticsArgs | typeof skipToken => (user ? { range, tz } : skipToken),
);
