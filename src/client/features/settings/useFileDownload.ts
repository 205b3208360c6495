import { useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { failureMessage } from '../../api/failureMessage';
import { downloadFile } from './exportDownload';

/**
 * Downloads for a row of buttons: which one is preparing (`busy`, its key), and a failure said
 * in an error toast ('Failed to back up your data: …'), since the section has no form to show it in.
 */
export function useFileDownload<Key extends string>() {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState<Key | null>(null);
  const download = async (key: Key, path: string, fallbackName: string, failure: string) => {
    setBusy(key);
    try {
      await downloadFile(path, fallbackName);
    } catch (err) {
      dispatch(toastShown(failureMessage(failure, err), 'error'));
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}
