import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Collapse, Link } from '@mui/material';
import type { RecurringSeries } from '../../../shared/recurring';
import { formatDate } from '../../ui/dates';
import { formatMoney } from '../../ui/money';
import { ExpandIcon } from './ExpandIcon';
import { basedOnText } from './recurringText';

/** The receipts a series was found in, behind a disclosure: why Tally thinks it is a bill. */
export function BasedOnReceipts({ series }: { series: Pick<RecurringSeries, 'store' | 'receipts'> }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const label = basedOnText(series.receipts.length);
  return (
    <Box>
      <Button
        size="small"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        // Points at the list only while it exists.
        aria-controls={open ? listId : undefined}
        aria-label={`${label} for ${series.store}`}
        endIcon={<ExpandIcon open={open} />}
        sx={{ ml: -0.5, textAlign: 'left' }}
      >
        {label}
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box component="ul" id={listId} sx={{ m: 0, mt: 0.5, pl: 2.5, display: 'grid', gap: 0.5 }}>
          {series.receipts.map((r) => (
            <li key={r._id}>
              <Link component={RouterLink} to={`/receipts/${encodeURIComponent(r._id)}`} underline="hover" variant="body2">
                {formatDate(r.date)} — {formatMoney(r.amount)}
              </Link>
            </li>
          ))}
        </Box>
      </Collapse>
    </Box>
  );
}
