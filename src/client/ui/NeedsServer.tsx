import { cloneElement, useId, type ReactElement } from 'react';
import { Box, Tooltip } from '@mui/material';
import { useOfflineReason } from './connectivity';
import { visuallyHidden } from './SignedAmount';

/** What a control must take to be turned off with a reason (a Button, an IconButton, a FormControl). */
export interface ServerControlProps {
  disabled?: boolean;
  'aria-describedby'?: string;
}

/**
 * Wraps one control whose action asks the Tally server (a delete, a mark read, a switch that
 * saves at once). Offline it is disabled and says why: a tooltip on hover or a long press, and
 * the reason as the control's description for screen readers. The wrapper element is there
 * because a disabled control gets no pointer events, so the tooltip listens on it instead.
 * Forms keep their own (FormSubmit, SaveCancelButtons and ConfirmDialog show the reason beside Save).
 */
export function NeedsServer({
  children,
  tooltip,
  needed = true,
}: {
  children: ReactElement<ServerControlProps>;
  /** The control's own tooltip while online (an icon button's); offline the reason takes its place. */
  tooltip?: string;
  /** False for a control of the same row that asks no server (one that opens a form). */
  needed?: boolean;
}) {
  const reason = useOfflineReason();
  const id = useId();
  if (!reason || !needed) return tooltip ? <Tooltip title={tooltip}>{children}</Tooltip> : children;
  return (
    <Tooltip title={reason} describeChild>
      <Box component="span" sx={{ display: 'inline-flex', maxWidth: '100%' }}>
        {cloneElement(children, { disabled: true, 'aria-describedby': [children.props['aria-describedby'], id].filter(Boolean).join(' ') })}
        <Box component="span" id={id} sx={visuallyHidden}>
          {reason}
        </Box>
      </Box>
    </Tooltip>
  );
}
