import crypto from 'node:crypto';
import type { ErrorObject } from 'ajv';
import { badRequest } from '../../errors';
import { describeValidationError, validatorCompiler } from '../../plugins/validation';
import { ImportMapping, type GuessedMapping } from '../../../shared/imports';
import { checkedCurrency } from '../currency/service';
import { COLUMN_FIELDS, type ColumnMapping } from './statement';

/**
 * The column mapping as the API writes it (ImportMapping, `date_order`) and as the statement
 * reader takes it (ColumnMapping, `dateOrder`), and the key of a bank's header row it is
 * remembered by.
 */

/** The same for every statement of one bank: the header's cells, case and spacing aside. */
export function headerKey(header: readonly string[]): string {
  const normal = header.map((h) => h.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim());
  return crypto.createHash('sha256').update(JSON.stringify(normal)).digest('hex');
}

/** Leaves out the fields that are undefined, as JSON would. */
const defined = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

export function toApiMapping({ dateOrder, chargeSign, statementCurrency, ...columns }: Partial<ColumnMapping>): GuessedMapping {
  return defined({ ...columns, date_order: dateOrder, charge_sign: chargeSign, statement_currency: statementCurrency });
}

/** The mapping the reader needs, or null while a needed field is unknown (the date, the description, an amount column, the date order). */
export function completeMapping({ date_order, charge_sign, statement_currency, ...columns }: GuessedMapping): ColumnMapping | null {
  if (columns.date === undefined || columns.description === undefined || date_order === undefined) return null;
  if (columns.amount === undefined && columns.debit === undefined && columns.credit === undefined) return null;
  return defined({
    ...columns,
    date: columns.date,
    description: columns.description,
    dateOrder: date_order,
    chargeSign: charge_sign,
    statementCurrency: statement_currency,
  });
}

const validMapping = validatorCompiler({ schema: ImportMapping, httpPart: 'body', method: 'POST', url: '' }) as ((value: unknown) => boolean) & {
  errors?: ErrorObject[] | null;
};

/** The `mapping` field of an upload: JSON of an ImportMapping whose columns are in the file's header, or a 400 saying what is wrong. */
export function sentMapping(text: string, columns: number): ImportMapping {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('mapping must be JSON, such as {"date":0,"description":1,"amount":2,"date_order":"MDY"}');
  }
  if (!validMapping(value)) throw badRequest(`mapping: ${describeValidationError(validMapping.errors ?? [], 'mapping')}`);
  const mapping = value as ImportMapping;
  const used = COLUMN_FIELDS.flatMap((field) => (mapping[field] === undefined ? [] : [[field, mapping[field]] as const]));
  for (const [field, column] of used) {
    if (column >= columns) throw badRequest(`mapping.${field} is column ${column}, but the file has ${columns} columns (counted from 0)`);
  }
  if (new Set(used.map(([, column]) => column)).size !== used.length) throw badRequest('mapping names one column for two fields');
  if (mapping.amount !== undefined && (mapping.debit !== undefined || mapping.credit !== undefined)) {
    throw badRequest('mapping takes an amount column, or debit and credit columns, not both');
  }
  if (mapping.amount === undefined && mapping.debit === undefined && mapping.credit === undefined) {
    throw badRequest('mapping needs an amount column, or debit and credit columns');
  }
  if (mapping.charge_sign !== undefined && mapping.amount === undefined) {
    throw badRequest('mapping.charge_sign goes with an amount column: debit and credit columns say which way the money went');
  }
  if (mapping.statement_currency !== undefined) checkedCurrency(mapping.statement_currency, 'mapping.statement_currency');
  return mapping;
}
