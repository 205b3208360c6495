import { Alert, AlertTitle } from '@mui/material';
import { useConnectivity } from '../ui/connectivity';
import { formatDateTime } from '../ui/dates';

/**
 * Above every signed-in screen while Tally cannot reach the server: what the screen shows is what
 * was saved on this device, and why saving is off (capture still works: the outbox keeps photos).
 */
export function OfflineNotice() {
  const { offline, savedAt } = useConnectivity();
  if (!offline) return null;
  return (
    <Alert severity="warning" role="status" sx={{ mb: 2 }}>
      <AlertTitle>{savedAt === null ? 'Offline' : `Offline — showing what was saved on ${formatDateTime(savedAt)}`}</AlertTitle>
      Saving changes needs the Tally server, so it is turned off until Tally can reach it. Scanning still works: photos wait on this device.
    </Alert>
  );
}
