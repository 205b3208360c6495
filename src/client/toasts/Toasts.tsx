import { Suspense } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { lazyAfterLoad } from '../ui/afterLoad';
import { selectToasts, toastDismissed } from './toastsSlice';

// Snackbar and Alert load with the first toast (or at idle after the page loaded), not with every page.
const ToastView = lazyAfterLoad(() => import(/* webpackChunkName: "toast" */ './ToastView'));

/** Shows the oldest pending toast. */
export function Toasts() {
  // The slice's own selector and a plain dispatch: the app's typed hooks would make a circle with the store.
  const toasts = useSelector(selectToasts);
  const dispatch = useDispatch();
  const toast = toasts[0];
  if (!toast) return null;
  return (
    <Suspense fallback={null}>
      <ToastView key={toast.id} toast={toast} onClose={() => dispatch(toastDismissed(toast.id))} />
    </Suspense>
  );
}
