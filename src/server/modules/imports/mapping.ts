import crypto from 'node:crypto';
import type { ErrorObject } from 'ajv';
import { badRequest } from '../../errors';
import { describeValidationError, validatorCompiler } from '../../plugins/validation';
import { ImportMapping, type GuessedMapping } from '../../../shared/imports';
import type { ColumnMapping } from './statement';

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

export function toApiMapping({ dateOrder, ...columns }: Partial<ColumnMapping>): GuessedMapping {
  return dateOrder === undefined ? columns : { ...columns, date_order: dateOrder };
}

/** The mapping the reader needs, or null while a needed field is unknown (the date, the description, an amount column, the date order). */
export function completeMapping({ date_order, ...columns }: GuessedMapping): ColumnMapping | null {
  if (columns.date === undefined || columns.description === undefined || date_order === undefined) return null;
  if (columns.amount === undefined && columns.debit === undefined && columns.credit === undefined) return null;
  return { ...columns, date: columns.date, description: columns.description, dateOrder: date_order };
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
  const { date_order: _order, ...fields } = mapping;
  for (const [field, column] of Object.entries(fields)) {
    if (column >= columns) throw badRequest(`mapping.${field} is column ${column}, but the file has ${columns} columns (counted from 0)`);
  }
  const used = Object.values(fields);
  if (new Set(used).size !== used.length) throw badRequest('mapping names one column for two fields');
  if (mapping.amount !== undefined && (mapping.debit !== undefined || mapping.credit !== undefined)) {
    throw badRequest('mapping takes an amount column, or debit and credit columns, not both');
  }
  if (mapping.amount === undefined && mapping.debit === undefined && mapping.credit === undefined) {
    throw badRequest('mapping needs an amount column, or debit and credit columns');
  }
  return mapping;
}
