import type { ImportPreviewRow, ImportRowChange, ImportRowStatus } from '../../../shared/imports';

export type RowAction = ImportRowChange['action'];

/**
 * The person's choices that differ from what the preview proposes, by line. Only those are kept:
 * a 50,000-row file has few of them, and they are exactly what the commit sends.
 */
export type RowChoices = Readonly<Record<number, RowAction>>;

/** What the server does with a row nobody changed (the contract's defaults). */
const DEFAULT_ACTION: Record<ImportRowStatus, RowAction> = { new: 'add', already_imported: 'skip', matches: 'link' };

export function defaultAction(row: Pick<ImportPreviewRow, 'status'>): RowAction {
  return DEFAULT_ACTION[row.status];
}

/**
 * What a row may become: a match can be linked, added as new or skipped; a new row added or
 * skipped; a row already imported only skipped (importing a file twice adds nothing).
 */
export function actionChoices(row: Pick<ImportPreviewRow, 'status' | 'receipt'>): RowAction[] {
  if (row.status === 'already_imported') return ['skip'];
  return row.status === 'matches' && row.receipt ? ['link', 'add', 'skip'] : ['add', 'skip'];
}

export function chosenAction(row: Pick<ImportPreviewRow, 'line' | 'status'>, choices: RowChoices): RowAction {
  return choices[row.line] ?? defaultAction(row);
}

/** The choices after the person picked `action` for `row`; picking the default again forgets the change. */
export function withChoice(choices: RowChoices, row: Pick<ImportPreviewRow, 'line' | 'status'>, action: RowAction): RowChoices {
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
