import type { ReactNode } from 'react';
import { Table, TableContainer, type SxProps, type Theme } from '@mui/material';

/**
 * A labelled table in a container that scrolls sideways on a phone. The container takes the
 * focus, so a keyboard can scroll it too, and is a region named like its table.
 */
export function ScrollingTable({ label, minWidth, sx, children }: { label: string; minWidth?: number; sx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={label} sx={sx}>
      <Table size="small" aria-label={label} sx={minWidth ? { minWidth } : undefined}>
        {children}
      </Table>
    </TableContainer>
  );
}
