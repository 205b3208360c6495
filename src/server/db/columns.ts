import { sql } from 'kysely';
import { dateText } from './dates';

/**
 * Column lists that more than one module reads the same way, kept here (below the modules) so a
 * backup reads exactly what the receipts and recurring modules read.
 */

/** The receipt columns every reader takes as stored (the rate and times each reader reads its own way). */
export const RECEIPT_STORED_COLUMNS = [
  'id',
  'store',
  'amount_cents',
  'currency',
  'printed_minor',
  'imported',
  'category_id',
  'description',
  'payment_method',
  'tax_cents',
  'image_key',
  'image_hash',
] as const;

/** A receipt's or an item's return window and warranty, as 'YYYY-MM-DD' text. */
export const deadlineColumns = () => [dateText('return_by').as('return_by'), dateText('warranty_until').as('warranty_until')] as const;

/** A receipt item as every reader takes it. */
export const receiptItemColumns = () => ['receipt_id', 'name', 'price_cents', 'quantity', 'category_id', ...deadlineColumns()] as const;

/** A recurring series' array and date columns as text, so no driver turns them into something else. */
export const recurringSeriesTextColumns = () =>
  [
    sql<string[]>`receipt_ids::text[]`.as('receipt_ids'),
    dateText('first_date').as('first_date'),
    dateText('last_date').as('last_date'),
    dateText('next_date').as('next_date'),
  ] as const;
