import type { ImportPreviewRow } from '../../../../src/shared/imports';
import { firstTab, pageOf, rowsByStatus } from '../../../../src/client/features/imports/previewTabs';

const row = (line: number, status: ImportPreviewRow['status']) => ({ line, status }) as ImportPreviewRow;

describe('preview tabs', () => {
  it('groups the rows by status in file order', () => {
    const groups = rowsByStatus([row(2, 'matches'), row(3, 'new'), row(4, 'matches')]);
    expect(groups.matches.map((r) => r.line)).toEqual([2, 4]);
    expect(groups.new.map((r) => r.line)).toEqual([3]);
    expect(groups.already_imported).toEqual([]);
  });

  it('opens the first tab with anything in it', () => {
    expect(firstTab({ new: 0, already_imported: 4, matches: 2, problems: 1 })).toBe('already_imported');
    expect(firstTab({ new: 0, already_imported: 0, matches: 0, problems: 0 })).toBe('new');
  });

  it('slices one page', () => {
    const items = Array.from({ length: 60 }, (_, i) => i);
    expect(pageOf(items, 0, 25)).toHaveLength(25);
    expect(pageOf(items, 2, 25)).toEqual([50, 51, 52, 53, 54, 55, 56, 57, 58, 59]);
    expect(pageOf(items, 3, 25)).toEqual([]);
  });
});
