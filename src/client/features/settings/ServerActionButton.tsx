import type { ReactNode } from 'react';
import { Button } from '@mui/material';
import { NeedsServer } from '../../ui/NeedsServer';

export interface ServerActionButtonProps {
  icon: ReactNode;
  label: string;
  /** Shows 'Preparing...' in place of the label. */
  preparing?: boolean;
  disabled: boolean;
  onClick: () => void;
}

/** One of a settings section's actions that the server does (a download, a pack): off while offline. */
export function ServerActionButton({ icon, label, preparing = false, disabled, onClick }: ServerActionButtonProps) {
  return (
    <NeedsServer>
      <Button variant="outlined" startIcon={icon} disabled={disabled} onClick={onClick}>
        {preparing ? 'Preparing...' : label}
      </Button>
    </NeedsServer>
  );
}
