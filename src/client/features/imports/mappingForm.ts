import type { GuessedMapping, ImportMapping, StatementDateOrder } from '../../../shared/imports';
import { DATE_ORDER_OPTIONS } from '../../ui/dateOrder';

/** Whether the statement has one signed amount column or separate debit (out) and credit (in) columns. */
export type AmountLayout = 'amount' | 'debit_credit';

/** The mapping step's fields: a column as its position in text, '' for none (what a select holds). */
export interface MappingValues {
  date: string;
  description: string;
  layout: AmountLayout;
  amount: string;
  debit: string;
  credit: string;
  currency: string;
  date_order: StatementDateOrder | '';
}

export type ColumnField = 'date' | 'description' | 'amount' | 'debit' | 'credit' | 'currency';
export type MappingErrors = Partial<Record<ColumnField | 'date_order', string>>;

const asText = (column: number | undefined) => (column === undefined ? '' : String(column));

/** The fields filled with what the server knows (sent, remembered or guessed). */
export function mappingValues(known: GuessedMapping): MappingValues {
  const split = known.amount === undefined && (known.debit !== undefined || known.credit !== undefined);
  return {
    date: asText(known.date),
    description: asText(known.description),
    layout: split ? 'debit_credit' : 'amount',
    amount: asText(known.amount),
    debit: asText(known.debit),
    credit: asText(known.credit),
    currency: asText(known.currency),
    date_order: known.date_order ?? '',
  };
}

/** The column fields in use with this layout, in the order a person fills them. */
export function columnFields(layout: AmountLayout): ColumnField[] {
  return ['date', 'description', ...(layout === 'amount' ? (['amount'] as const) : (['debit', 'credit'] as const)), 'currency'];
}

/** The mapping to send, or what is missing or wrong, by field. */
export function validateMapping(values: MappingValues): { mapping: ImportMapping } | { errors: MappingErrors } {
  const errors: MappingErrors = {};
  if (!values.date) errors.date = 'Choose the date column';
  if (!values.description) errors.description = 'Choose the description column';
  if (values.layout === 'amount' && !values.amount) errors.amount = 'Choose the amount column';
  if (values.layout === 'debit_credit' && !values.debit && !values.credit) errors.debit = 'Choose the debit column, the credit column or both';
  if (!values.date_order) errors.date_order = 'Choose how the dates are written';

  // One column holds one thing: a second role for it is a slip of the mouse.
  const taken = new Map<string, ColumnField>();
  for (const field of columnFields(values.layout)) {
    const column = values[field];
    if (!column) continue;
    const first = taken.get(column);
    if (first) errors[field] ??= `This column is already the ${first} column`;
    else taken.set(column, field);
  }
  if (Object.keys(errors).length > 0 || !values.date_order) return { errors };

  const mapping: ImportMapping = { date: Number(values.date), description: Number(values.description), date_order: values.date_order };
  for (const field of ['amount', 'debit', 'credit', 'currency'] as const) {
    if (values[field] && columnFields(values.layout).includes(field)) mapping[field] = Number(values[field]);
  }
  return { mapping };
}

/** The date formats a statement may use: the app's two orders, and ISO's year first. */
export const DATE_FORMAT_OPTIONS: ReadonlyArray<{ value: StatementDateOrder; label: string }> = [
  ...DATE_ORDER_OPTIONS,
  { value: 'ISO', label: 'Year first (YYYY-MM-DD)' },
];

const EXAMPLE_CHARS = 30;

/**
 * A choice per column of the file: its header name and a value from the first rows, so a person
 * can tell 'Amount' from 'Balance' ('Posted date (e.g. 03/14/2026)').
 */
export function columnOptions(header: readonly string[], sample: readonly (readonly string[])[]): Array<{ value: string; label: string }> {
  return header.map((name, column) => {
    const example = sample.map((record) => record[column]?.trim() ?? '').find(Boolean);
    const shown = example && example.length > EXAMPLE_CHARS ? `${example.slice(0, EXAMPLE_CHARS - 1).trimEnd()}…` : example;
    const title = name.trim() || `Column ${column + 1}`;
    return { value: String(column), label: shown ? `${title} (e.g. ${shown})` : title };
  });
}
