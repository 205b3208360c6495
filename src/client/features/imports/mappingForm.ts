import type { GuessedMapping, ImportMapping, StatementDateOrder } from '../../../shared/imports';
import { DEFAULT_CHARGE_SIGN, type ChargeSign } from '../../../shared/constants/imports';
import { DATE_ORDER_OPTIONS } from '../../ui/dateOrder';
import { displayCurrency } from '../../ui/money';

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
  category: string;
  date_order: StatementDateOrder | '';
  /** With one amount column: how it writes a charge. */
  charge_sign: ChargeSign;
  /** Without a currency column: the currency of every row ('' while none is chosen). */
  statement_currency: string;
}

export type ColumnField = 'date' | 'description' | 'amount' | 'debit' | 'credit' | 'currency' | 'category';
export type MappingErrors = Partial<Record<ColumnField | 'date_order' | 'statement_currency', string>>;

const asText = (column: number | undefined) => (column === undefined ? '' : String(column));

/** The fields filled with what the server knows (sent, remembered or guessed); the statement currency else the home currency. */
export function mappingValues(known: GuessedMapping, home = displayCurrency()): MappingValues {
  const split = known.amount === undefined && (known.debit !== undefined || known.credit !== undefined);
  return {
    date: asText(known.date),
    description: asText(known.description),
    layout: split ? 'debit_credit' : 'amount',
    amount: asText(known.amount),
    debit: asText(known.debit),
    credit: asText(known.credit),
    currency: asText(known.currency),
    category: asText(known.category),
    date_order: known.date_order ?? '',
    charge_sign: known.charge_sign ?? DEFAULT_CHARGE_SIGN,
    statement_currency: known.statement_currency ?? home,
  };
}

/** The column fields in use with this layout, in the order a person fills them. */
export function columnFields(layout: AmountLayout): ColumnField[] {
  return ['date', 'description', ...(layout === 'amount' ? (['amount'] as const) : (['debit', 'credit'] as const)), 'currency', 'category'];
}

/** The mapping to send, or what is missing or wrong, by field. */
export function validateMapping(values: MappingValues): { mapping: ImportMapping } | { errors: MappingErrors } {
  const errors: MappingErrors = {};
  if (!values.date) errors.date = 'Choose the date column';
  if (!values.description) errors.description = 'Choose the description column';
  if (values.layout === 'amount' && !values.amount) errors.amount = 'Choose the amount column';
  if (values.layout === 'debit_credit' && !values.debit && !values.credit) errors.debit = 'Choose the debit column, the credit column or both';
  if (!values.date_order) errors.date_order = 'Choose how the dates are written';
  if (!values.currency && !values.statement_currency) errors.statement_currency = 'Choose the currency of the statement';

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
  for (const field of ['amount', 'debit', 'credit', 'currency', 'category'] as const) {
    if (values[field] && columnFields(values.layout).includes(field)) mapping[field] = Number(values[field]);
  }
  if (values.layout === 'amount') mapping.charge_sign = values.charge_sign;
  // A currency column says each row's currency; the statement's is for files without one.
  if (!values.currency) mapping.statement_currency = values.statement_currency;
  return { mapping };
}

/** The preview's mapping with the other sign, to read the rows again; null while the mapping is not complete. */
export function withChargeSign(known: GuessedMapping, sign: ChargeSign): ImportMapping | null {
  const checked = validateMapping({ ...mappingValues(known), charge_sign: sign });
  return 'mapping' in checked ? checked.mapping : null;
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
