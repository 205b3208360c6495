import type { DateOrder } from '../../shared/settings';

/** How the date orders are named wherever a person picks one (settings, the scan review). */
export const DATE_ORDER_OPTIONS: Array<{ value: DateOrder; label: string }> = [
  { value: 'MDY', label: 'Month first (MM/DD/YYYY)' },
  { value: 'DMY', label: 'Day first (DD/MM/YYYY)' },
];
