import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AnalyticsRange } from '../../shared/analytics';

export type { AnalyticsRange };
export type ThemePreference = 'light' | 'dark' | 'system';

export interface Toast {
  id: number;
  message: string;
  severity: 'success' | 'error' | 'info' | 'warning';
}

export interface UiState {
  drawerOpen: boolean;
  toasts: Toast[];
  showReadNotifications: boolean;
  analyticsRange: AnalyticsRange;
  theme: ThemePreference;
}

const initialState: UiState = {
  drawerOpen: false,
  toasts: [],
  showReadNotifications: false,
  analyticsRange: 'weekly',
  theme: 'system',
};

let nextToastId = 1;

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
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.toasts.push(action.payload);
      },
      prepare(message: string, severity: Toast['severity'] = 'success') {
        return { payload: { id: nextToastId++, message, severity } };
      },
    },
    toastDismissed(state, action: PayloadAction<number>) {
      state.toasts = state.toasts.filter((t) => t.id !== action.payload);
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
    selectToasts: (s) => s.toasts,
    selectShowReadNotifications: (s) => s.showReadNotifications,
    selectAnalyticsRange: (s) => s.analyticsRange,
    selectThemePreference: (s) => s.theme,
  },
});

export const { drawerToggled, drawerClosed, toastShown, toastDismissed, showReadNotificationsSet, analyticsRangeSet, themeSet } = uiSlice.actions;
export const { selectDrawerOpen, selectToasts, selectShowReadNotifications, selectAnalyticsRange, selectThemePreference } = uiSlice.selectors;
