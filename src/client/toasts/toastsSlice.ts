import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface Toast {
  id: number;
  message: string;
  severity: 'success' | 'error' | 'info' | 'warning';
}

let nextToastId = 1;

/** The success and failure messages of spec §8, shown one after another. */
export const toastsSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.push(action.payload);
      },
      prepare(message: string, severity: Toast['severity'] = 'success') {
        return { payload: { id: nextToastId++, message, severity } };
      },
    },
    toastDismissed(state, action: PayloadAction<number>) {
      return state.filter((t) => t.id !== action.payload);
    },
  },
  selectors: {
    selectToasts: (toasts) => toasts,
  },
});

export const { toastShown, toastDismissed } = toastsSlice.actions;
export const { selectToasts } = toastsSlice.selectors;
