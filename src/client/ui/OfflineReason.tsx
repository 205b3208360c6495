import { Typography } from '@mui/material';

/** Beside a save that is turned off offline: says why (the button, disabled, cannot). */
export function OfflineReason({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto', px: 1 }}>
      {reason}
    </Typography>
  );
}
