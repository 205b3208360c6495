import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

export interface EmptyStateProps {
  message: string;
  /** A decorative icon above the message. */
  icon?: ReactNode;
  /** What the person can do next (a link or button). */
  action?: ReactNode;
}

/** The "nothing here" view of a list: one sentence and, when useful, the next step. */
export function EmptyState({ message, icon, action }: EmptyStateProps) {
  return (
    <Box
      role="status"
      sx={{ textAlign: 'center', py: 6, px: 2, color: 'text.secondary', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}
    >
      {icon && (
        <Box aria-hidden sx={{ '& svg': { fontSize: 48 } }}>
          {icon}
        </Box>
      )}
      <Typography>{message}</Typography>
      {action}
    </Box>
  );
}
