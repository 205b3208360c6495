import { MAX_STATEMENT_BYTES } from '../../../shared/constants/imports';

/** What the picker suggests: banks name their exports .csv, a few .txt; Windows types CSV as Excel. */
export const STATEMENT_ACCEPT = '.csv,.txt,text/csv,text/plain,application/vnd.ms-excel';

export const STATEMENT_TOO_LARGE = `This file is too large: a statement can be at most ${MAX_STATEMENT_BYTES / (1024 * 1024)} MB.`;
export const STATEMENT_EMPTY = 'This file is empty. Choose the CSV file your bank exported.';

/** Why a chosen file cannot be sent, or null: checked before uploading, so a 300 MB file is not sent to be refused. */
export function statementFileProblem(file: Pick<File, 'size'>): string | null {
  if (file.size === 0) return STATEMENT_EMPTY;
  return file.size > MAX_STATEMENT_BYTES ? STATEMENT_TOO_LARGE : null;
}
