import { Suspense } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { selectToasts, toastDismissed } from '../app/uiSlice';
import { lazyAfterLoad } from './afterLoad';

// Snackbar and Alert load with the first toast (or at idle after the page loaded), not with every page.
const ToastView = lazyAfterLoad(() => import(/* webpackChunkName: "toast" */ './ToastView'));

/** Shows the oldest pending toast (success and failure messages of spec §8). */
export function Toasts() {
  const toasts = useAppSelector(selectToasts);
  const dispatch = useAppDispatch();
  const toast = toasts[0];
  if (!toast) return null;
  return (
    <Suspense fallback={null}>
      <ToastView key={toast.id} toast={toast} onClose={() => dispatch(toastDismissed(toast.id))} />
    </Suspense>
  );
}
