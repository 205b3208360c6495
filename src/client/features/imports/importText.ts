import { formatMoney, isCurrencyCode, minorUnits, toMinor } from '../../../shared/currency';
import type { ImportCommitResult, ImportPreview, ImportPreviewRow } from '../../../shared/imports';
import type { ChargeSign } from '../../../shared/constants/imports';
import { failureMessage, isNotFound } from '../../api/failureMessage';
import type { ActionTotals, RowAction } from './rowDecisions';
import { STATEMENT_TOO_LARGE } from './statementFile';

export const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

const ACTION_LABELS: Record<RowAction, string> = { link: 'Link to the receipt', add: 'Add as new', skip: 'Skip' };

/** What a choice does to this row: money in is added as a refund (a negative receipt). */
export function actionLabel(action: RowAction, row: Pick<ImportPreviewRow, 'amount'>): string {
  return action === 'add' && row.amount < 0 ? 'Add as refund' : ACTION_LABELS[action];
}

export const CHARGE_SIGN_LABELS: Record<ChargeSign, string> = { negative: 'Charges are negative', positive: 'Charges are positive' };
export const CHARGE_SIGN_HINT = 'Most banks write a purchase as -42.50. American Express and some other cards write it as 42.50 and a payment as -42.50.';

export const MONEY_IN_NOTE =
  "Money that came in (payments to the card, salaries, transfers, refunds) is skipped, so it does not lower your spending. Choose 'Add as refund' for a row that is a refund.";

const DELIMITER_NAMES: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'vertical bar' };
const ENCODING_NAMES: Record<ImportPreview['encoding'], string> = { 'utf-8': 'UTF-8', 'windows-1252': 'Windows-1252' };

/** What Tally found out about the file: 'statement.csv · UTF-8 · comma-separated · 4 columns'. */
export function fileFacts(preview: Pick<ImportPreview, 'file_name' | 'encoding' | 'delimiter' | 'header'>): string {
  const delimiter = DELIMITER_NAMES[preview.delimiter] ?? `“${preview.delimiter}”`;
  return [preview.file_name, ENCODING_NAMES[preview.encoding], `${delimiter}-separated`, count(preview.header.length, 'column', 'columns')].join(' · ');
}

export const MAPPING_SOURCE_TEXT: Record<ImportPreview['mapping_source'], string> = {
  sent: 'Using the columns you chose; Tally remembers them for this bank.',
  remembered: 'Using the columns you chose last time for this bank.',
  guessed: 'Tally guessed the columns from the header. Check them before going on.',
};

/** A row's amount in its own currency; a code Intl does not know is shown beside the number. */
export function rowMoney(amount: number, currency: string): string {
  if (!isCurrencyCode(currency)) return `${amount.toFixed(2)} ${currency}`.trim();
  return formatMoney(toMinor(amount, currency) ?? Math.round(amount * 10 ** minorUnits(currency)), currency);
}

export function totalsText(totals: ActionTotals): string {
  return `Confirming adds ${count(totals.add, 'receipt', 'receipts')}, links ${count(totals.link, 'row', 'rows')} to saved receipts and skips ${count(totals.skip, 'row', 'rows')}.`;
}

export function resultText(result: ImportCommitResult): string {
  return `${count(result.added, 'receipt', 'receipts')} added, ${count(result.linked, 'row', 'rows')} linked to saved receipts, ${count(result.skipped, 'row', 'rows')} skipped.`;
}

/** Rows with a problem beyond those listed, when there are more than a list holds. */
export const problemsLeftOutText = (n: number) => `${count(n, 'more row', 'more rows')} could not be imported either.`;

/** When a tab lists fewer rows than it counts: the preview lists the first of each status. */
export const listedText = (listed: number, total: number) =>
  `Showing the first ${listed.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}; the others are imported as listed here.`;

export function previewFailure(error: unknown): string {
  const e = error as { status?: unknown; message?: unknown } | undefined;
  // A statement past a limit (lines, columns, a field's length) is told by the server's own words.
  if (e?.status === 413 && (typeof e.message !== 'string' || /too large/i.test(e.message))) return STATEMENT_TOO_LARGE;
  return failureMessage('Could not read the statement', error);
}

export const PREVIEW_EXPIRED = 'This preview is no longer there (it expired or was already imported). Choose the file again.';

export function commitFailure(error: unknown): string {
  const e = error as { status?: unknown; message?: unknown } | undefined;
  // An import that stopped in the background says what it saved and what to do.
  if (e?.status === 'CUSTOM_ERROR' && typeof e.message === 'string') return e.message;
  return isNotFound(error) ? PREVIEW_EXPIRED : failureMessage('Failed to import the statement', error);
}

export const MAPPING_NOT_ENOUGH = 'Tally still cannot read the rows with these columns. Check the date, description and amount columns.';
