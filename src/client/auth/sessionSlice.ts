import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** A plain, serializable copy of the signed-in user; the Firebase User object never enters the store. */
export interface SessionUser {
  uid: string;
  email: string;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
}

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
}

const initialState: SessionState = { status: 'loading', user: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<SessionUser>) {
      state.status = 'signedIn';
      state.user = action.payload;
    },
    signedOut(state) {
      state.status = 'signedOut';
      state.user = null;
    },
  },
  selectors: {
    selectSessionStatus: (s) => s.status,
    selectCurrentUser: (s) => s.user,
  },
});

export const { signedIn, signedOut } = sessionSlice.actions;
export const { selectSessionStatus, selectCurrentUser } = sessionSlice.selectors;
