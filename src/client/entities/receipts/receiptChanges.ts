/** The receipt list's cache tag. */
export const RECEIPT_LIST_TAG = { type: 'Receipt', id: 'LIST' } as const;

/**
 * What a saved, edited or deleted receipt changes, wherever it is saved from: the list, the
 * dashboard, category spending, analytics, the recurring bills found in the receipts, a
 * household's shared receipts and balances (a receipt may be shared), the return windows and
 * warranties still running, and the notifications the server may have created (docs/architecture.md, on RTK Query tags).
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
] as const;
