import type { ImportPreviewRow, ImportRowChange } from '../../../shared/imports';
import { defaultRowAction } from '../../../shared/constants/imports';

export type RowAction = ImportRowChange['action'];

/**
 * The person's choices that differ from what the preview proposes, by line. Only those are kept:
 * a 50,000-row file has few of them, and they are exactly what the commit sends.
 */
export type RowChoices = Readonly<Record<number, RowAction>>;

type DecidedRow = Pick<ImportPreviewRow, 'line' | 'status' | 'amount'>;

/** What the server does with a row nobody changed (the contract's defaults: new money in is skipped). */
export const defaultAction = (row: Pick<ImportPreviewRow, 'status' | 'amount'>): RowAction => defaultRowAction(row);

/**
 * What a row may become, its default first: a match can be linked, added as new or skipped; new
 * spending added or skipped; new money in skipped or added (as a refund); a row already
 * imported only skipped (importing a file twice adds nothing).
 */
export function actionChoices(row: Pick<ImportPreviewRow, 'status' | 'receipt' | 'amount'>): RowAction[] {
  if (row.status === 'already_imported') return ['skip'];
  if (row.status === 'matches' && row.receipt) return ['link', 'add', 'skip'];
  return defaultAction(row) === 'skip' ? ['skip', 'add'] : ['add', 'skip'];
}

export function chosenAction(row: DecidedRow, choices: RowChoices): RowAction {
  return choices[row.line] ?? defaultAction(row);
}

/** The choices after the person picked `action` for `row`; picking the default again forgets the change. */
export function withChoice(choices: RowChoices, row: DecidedRow, action: RowAction): RowChoices {
  const { [row.line]: _previous, ...others } = choices;
  return action === defaultAction(row) ? others : { ...others, [row.line]: action };
}

/** The commit's `changes`: one per row whose choice differs from its preview status, in file order. */
export function changesToSend(rows: readonly ImportPreviewRow[], choices: RowChoices): ImportRowChange[] {
  return rows
    .filter((row) => choices[row.line] !== undefined && choices[row.line] !== defaultAction(row))
    .map((row) => {
      const action = choices[row.line];
      return action === 'link' && row.receipt ? { line: row.line, action, receipt_id: row.receipt.id } : { line: row.line, action };
    });
}

export type ActionTotals = Record<RowAction, number>;

/** How many rows the commit will add, link and skip with these choices. */
export function actionTotals(rows: readonly ImportPreviewRow[], choices: RowChoices): ActionTotals {
  const totals: ActionTotals = { add: 0, link: 0, skip: 0 };
  for (const row of rows) totals[chosenAction(row, choices)] += 1;
  return totals;
}
