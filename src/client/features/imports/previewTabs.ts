import type { ImportPreview, ImportPreviewRow } from '../../../shared/imports';
import { IMPORT_ROW_STATUSES, type ImportRowStatus } from '../../../shared/constants/imports';

/** The preview is read one status at a time: a tab per status, and one for the rows that could not be read. */
export type PreviewTab = ImportRowStatus | 'problems';

export const PREVIEW_TABS: ReadonlyArray<{ value: PreviewTab; label: string; table: string }> = [
  { value: 'new', label: 'New', table: 'New rows' },
  { value: 'already_imported', label: 'Already imported', table: 'Rows already imported' },
  { value: 'matches', label: 'Matches', table: 'Rows that match a saved receipt' },
  { value: 'problems', label: 'Problems', table: 'Rows that could not be read' },
];

export const PAGE_SIZES = [25, 50, 100] as const;

/** The rows of each status, in file order: grouped once, so a tab's page is a slice. */
export function rowsByStatus(rows: readonly ImportPreviewRow[]): Record<ImportRowStatus, ImportPreviewRow[]> {
  const groups = Object.fromEntries(IMPORT_ROW_STATUSES.map((s) => [s, [] as ImportPreviewRow[]])) as Record<ImportRowStatus, ImportPreviewRow[]>;
  for (const row of rows) groups[row.status].push(row);
  return groups;
}

/** The tab to open first: the first that has anything in it. */
export function firstTab(counts: ImportPreview['counts']): PreviewTab {
  return PREVIEW_TABS.find((tab) => counts[tab.value] > 0)?.value ?? 'new';
}

/** The items of one page (pages count from 0); a page past the end is empty. */
export function pageOf<T>(items: readonly T[], page: number, size: number): T[] {
  return items.slice(page * size, (page + 1) * size);
}
