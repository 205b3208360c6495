import { Button, ButtonGroup } from '@mui/material';
import type { AnalyticsRange } from '../../../shared/analytics';
import { RANGE_LABELS, RANGE_ORDER } from './analyticsText';

/** Weekly, Monthly, Yearly; the active one filled and announced as pressed. */
export function RangeButtons({ value, onChange }: { value: AnalyticsRange; onChange: (range: AnalyticsRange) => void }) {
  return (
    <ButtonGroup aria-label="Range" color="primary">
      {RANGE_ORDER.map((range) => (
        <Button key={range} variant={range === value ? 'contained' : 'outlined'} aria-pressed={range === value} onClick={() => onChange(range)}>
          {RANGE_LABELS[range]}
        </Button>
      ))}
    </ButtonGroup>
  );
}
