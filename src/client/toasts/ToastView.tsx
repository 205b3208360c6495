import { Alert, Snackbar } from '@mui/material';
import type { Toast } from './toastsSlice';

/** One toast: hides itself after 5 s, but not when the person clicks elsewhere. */
export default function ToastView({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  return (
    <Snackbar
      open
      autoHideDuration={5000}
      onClose={(_e, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert onClose={onClose} severity={toast.severity} variant="filled" sx={{ width: '100%' }}>
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
