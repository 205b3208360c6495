import { Alert, Snackbar } from '@mui/material';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { selectToasts, toastDismissed } from '../app/uiSlice';

/** Shows the oldest pending toast (success and failure messages of spec §8). */
export function Toasts() {
  const toasts = useAppSelector(selectToasts);
  const dispatch = useAppDispatch();
  const toast = toasts[0];
  if (!toast) return null;
  const close = () => dispatch(toastDismissed(toast.id));
  return (
    <Snackbar key={toast.id} open autoHideDuration={5000} onClose={(_e, reason) => reason !== 'clickaway' && close()} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert onClose={close} severity={toast.severity} variant="filled" sx={{ width: '100%' }}>
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
