/** The receipt list's cache tag. */
export const RECEIPT_LIST_TAG = { type: 'Receipt', id: 'LIST' } as const;

/**
 * What a saved, edited or deleted receipt changes, wherever it is saved from: the list, the
 * dashboard, category spending, analytics, the recurring bills found in the receipts, a
 * household's shared receipts and balances (a receipt may be shared), the return windows and
 * warranties still running, the notifications the server may have created (docs/architecture.md,
 * on RTK Query tags), and the scans' trust figure (a scan saved counts in it).
 */
export const RECEIPT_CHANGES = [
  RECEIPT_LIST_TAG,
  'Dashboard',
  'Category',
  'Analytics',
  'Recurring',
  'HouseholdMoney',
  'Warranty',
  'Notification',
  'NotificationCount',
  'ScanTrust',
] as const;
