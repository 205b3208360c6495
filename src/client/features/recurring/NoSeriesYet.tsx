import { Typography } from '@mui/material';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { EmptyState } from '../../ui/EmptyState';
import { LinkButton } from '../../ui/LinkButton';

/** Nothing found at all: what detection needs, and the way to give it receipts. */
export function NoSeriesYet() {
  return (
    <EmptyState
      icon={<EventRepeatIcon />}
      message="No recurring bills found yet"
      action={
        <>
          <Typography variant="body2">Tally needs about three months of receipts from the same store to spot a bill that comes back.</Typography>
          <LinkButton to="/receipts/scan" variant="outlined">
            Scan a receipt
          </LinkButton>
        </>
      }
    />
  );
}
