import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../api/api';
import { forgetSavedAnswers } from '../api/savedAnswers';
import { sessionSlice, signedOut } from '../auth/sessionSlice';
import { uiSlice } from './uiSlice';
import { toastsSlice } from '../toasts/toastsSlice';

const rootReducer = combineSlices(sessionSlice, uiSlice, toastsSlice, api);
export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/** On sign-out nothing of the previous user may stay in the cache, in memory or on the device. */
export function clearUserData(dispatch: AppDispatch): void {
  dispatch(api.util.resetApiState());
  void forgetSavedAnswers().catch(() => undefined);
  dispatch(signedOut());
}
