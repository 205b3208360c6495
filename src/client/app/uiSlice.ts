import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AnalyticsRange } from '../../shared/analytics';

export type { AnalyticsRange };
export type ThemePreference = 'light' | 'dark' | 'system';

export interface UiState {
  drawerOpen: boolean;
  showReadNotifications: boolean;
  analyticsRange: AnalyticsRange;
  theme: ThemePreference;
}

const initialState: UiState = {
  drawerOpen: false,
  showReadNotifications: false,
  analyticsRange: 'weekly',
  theme: 'system',
};

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    drawerToggled(state) {
      state.drawerOpen = !state.drawerOpen;
    },
    drawerClosed(state) {
      state.drawerOpen = false;
    },
    showReadNotificationsSet(state, action: PayloadAction<boolean>) {
      state.showReadNotifications = action.payload;
    },
    analyticsRangeSet(state, action: PayloadAction<AnalyticsRange>) {
      state.analyticsRange = action.payload;
    },
    themeSet(state, action: PayloadAction<ThemePreference>) {
      state.theme = action.payload;
    },
  },
  selectors: {
    selectDrawerOpen: (s) => s.drawerOpen,
    selectShowReadNotifications: (s) => s.showReadNotifications,
    selectAnalyticsRange: (s) => s.analyticsRange,
    selectThemePreference: (s) => s.theme,
  },
});

export const { drawerToggled, drawerClosed, showReadNotificationsSet, analyticsRangeSet, themeSet } = uiSlice.actions;
export const { selectDrawerOpen, selectShowReadNotifications, selectAnalyticsRange, selectThemePreference } = uiSlice.selectors;
