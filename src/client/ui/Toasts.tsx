import { lazy, Suspense } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { selectToasts, toastDismissed } from '../app/uiSlice';

// Snackbar and Alert load with the first toast (fetched at idle before that), not with every page.
const ToastView = lazy(() => import(/* webpackChunkName: "toast", webpackPrefetch: true */ './ToastView'));

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
